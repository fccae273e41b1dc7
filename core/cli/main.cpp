// llm-sizer: the command-line face of the core. The only code here that reads files and prints.
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "catalog/catalog.hpp"
#include "error.hpp"
#include "estimate.hpp"
#include "json_text.hpp"
#include "presets.hpp"

namespace {

constexpr int kBadInput = 2;

const char* const kUsage =
    "usage: llm-sizer estimate [FILE|-]   print the result JSON for a scenario (stdin if - or "
    "none)\n"
    "       llm-sizer batch [FILE|-]      one scenario per line in, one compact result per line "
    "out\n"
    "                                     (bad input: {\"error\": ...}, as the WASM API returns)\n"
    "       llm-sizer presets             list model, accelerator and other catalog presets\n";

// Answers every line, errors included, so a list of scenarios can be sized (and compared with the
// WASM module) in one run.
void estimate_lines(std::istream& in, const llm_sizer::Catalog& catalog) {
  for (std::string line; std::getline(in, line);) {
    std::cout << llm_sizer::estimate_text(line, catalog) << "\n";
  }
}

// stdin for "-", else the file (opened into `file`); an unreadable file is bad input.
std::istream& open_input(const std::string& path, std::ifstream& file) {
  if (path == "-") return std::cin;
  file.open(path, std::ios::binary);
  if (!file) throw llm_sizer::InputError("", "cannot read scenario file " + path, "");
  return file;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "";
  try {
    const llm_sizer::Catalog catalog = llm_sizer::load_builtin_catalog();
    if ((command == "estimate" || command == "batch") && argc <= 3) {
      std::ifstream file;
      std::istream& in = open_input(argc == 3 ? argv[2] : "-", file);
      if (command == "batch") {
        estimate_lines(in, catalog);
        return 0;
      }
      const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      std::cout << llm_sizer::estimate_json(llm_sizer::parse_json_text(text), catalog).dump(2)
                << "\n";
      return 0;
    }
    if (command == "presets" && argc == 2) {
      std::cout << llm_sizer::presets_json(catalog).dump(2) << "\n";
      return 0;
    }
    std::cerr << kUsage;
    return command == "--help" || command == "-h" ? 0 : kBadInput;
  } catch (const llm_sizer::InputError& e) {
    std::cerr << e.what() << "\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << llm_sizer::escape_for_message(e.what()) << "\n";
    return 1;
  }
}
