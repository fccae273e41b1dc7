// llm-sizer: the command-line face of the core. The only code here that reads files and prints.
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "catalog/catalog.hpp"
#include "error.hpp"
#include "estimate.hpp"
#include "json_text.hpp"
#include "planner/plan_json.hpp"
#include "presets.hpp"

namespace {

constexpr int kBadInput = 2;

const char* const kUsage =
    "usage: llm-sizer estimate [FILE|-]   print the result JSON for a scenario (stdin if - or "
    "none)\n"
    "       llm-sizer plan [FILE|-]       search the fastest training plans that fit (stdin if - "
    "or none)\n"
    "       llm-sizer presets             list model, accelerator and other catalog presets\n";

std::string read_input(const std::string& path) {
  if (path == "-") {
    return {std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) throw llm_sizer::InputError("", "cannot read scenario file " + path, "");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "";
  try {
    const llm_sizer::Catalog catalog = llm_sizer::load_builtin_catalog();
    if (command == "estimate" && argc <= 3) {
      const auto scenario = llm_sizer::parse_json_text(read_input(argc == 3 ? argv[2] : "-"));
      std::cout << llm_sizer::estimate_json(scenario, catalog).dump(2) << "\n";
      return 0;
    }
    if (command == "plan" && argc <= 3) {
      const auto scenario = llm_sizer::parse_json_text(read_input(argc == 3 ? argv[2] : "-"));
      std::cout << llm_sizer::plan_json(scenario, catalog).dump(2) << "\n";
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
    std::cerr << "internal error: " << e.what() << "\n";
    return 1;
  }
}
