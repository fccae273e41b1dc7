// llm-sizer: the command-line face of the core. The only code here that reads files and prints.
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "checkpoint_read.hpp"
#include "error.hpp"
#include "estimate.hpp"
#include "fleet.hpp"
#include "json_text.hpp"
#include "measurement_paste.hpp"
#include "plan.hpp"
#include "presets.hpp"
#include "validation/embedded_measurements.hpp"
#include "validation/validate.hpp"
#include "validation_text.hpp"

namespace {

constexpr int kBadInput = 2;
constexpr int kValidationFailed = 1;

const char* const kUsage =
    "usage: llm-sizer estimate [FILE|-]   print the result JSON for a scenario (stdin if - or "
    "none)\n"
    "       llm-sizer batch [--plan] [FILE|-]\n"
    "                                     one scenario per line in, one compact result (or plan)\n"
    "                                     per line out (bad input: {\"error\": ...}, as the WASM\n"
    "                                     API returns)\n"
    "       llm-sizer plan [FILE|-]       search the fastest training plans that fit (stdin if - "
    "or none)\n"
    "       llm-sizer fleet [FILE|-]      search the cheapest fleet (device, tensor parallelism,\n"
    "                                     replicas) that serves the serving section's traffic\n"
    "                                     within its targets\n"
    "       llm-sizer measurement [FILE|-]\n"
    "                                     read a pasted llama-bench output, llama.cpp timings,\n"
    "                                     vLLM bench summary or tokens/s figure into the fields\n"
    "                                     of inference.measured\n"
    "       llm-sizer checkpoint [FILE|-] read a checkpoint's safetensors headers ({repo, config,\n"
    "                                     files: [{name, header}]}): exact bytes by dtype, the\n"
    "                                     format, and config.json's model in that format; or a\n"
    "                                     GGUF repo's listing ({gguf_files: [{name, bytes}]}), or\n"
    "                                     a .gguf file itself (its header only: types and bytes)\n"
    "       llm-sizer presets             list model, accelerator and other catalog presets\n"
    "       llm-sizer validate [--json] [--category C]\n"
    "                                     compare predictions with every published figure in\n"
    "                                     data/measurements/; exits 1 when a row exceeds its\n"
    "                                     tolerance or is broken\n"
    "       llm-sizer messages            list the codes of the core's texts with their English\n";

// Answers every line, errors included, so a list of scenarios can be sized (and compared with the
// WASM module) in one run.
void answer_lines(std::istream& in, const llm_sizer::Catalog& catalog, bool plan) {
  for (std::string line; std::getline(in, line);) {
    std::cout << (plan ? llm_sizer::plan_text(line, catalog)
                       : llm_sizer::estimate_text(line, catalog))
              << "\n";
  }
}

// stdin for "-", else the file (opened into `file`); an unreadable file is bad input.
std::istream& open_input(const std::string& path, std::ifstream& file) {
  if (path == "-") return std::cin;
  file.open(path, std::ios::binary);
  if (!file)
    throw llm_sizer::InputError("", {"error.read_file", llm_sizer::json_object({{"path", path}})},
                                "");
  return file;
}

// Appends up to `count` more bytes of `in` to `bytes`.
void read_more(std::istream& in, std::string& bytes, size_t count) {
  const size_t had = bytes.size();
  bytes.resize(had + count);
  in.read(bytes.data() + had, std::streamsize(count));
  bytes.resize(had + size_t(in.gcount()));
}

// checkpoint: a GGUF file is read only as far as its header goes (its first MB, more while the
// header continues: the tensor data after it can be tens of GB); anything else is the JSON of a
// checkpoint's description.
llm_sizer::Json read_checkpoint_input(std::istream& in, const std::string& path) {
  std::string bytes;
  read_more(in, bytes, size_t(1) << 20);
  if (!llm_sizer::looks_like_gguf(bytes)) {
    bytes.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return llm_sizer::read_checkpoint_text(bytes);
  }
  const std::string name = path == "-" ? "stdin" : path;
  while (true) {
    try {
      return llm_sizer::read_gguf_file(bytes, name);
    } catch (const llm_sizer::InputError& e) {
      if (e.rule().code.code() != "error.gguf_truncated" || !in ||
          bytes.size() >= (size_t(1) << 30))
        throw;
      read_more(in, bytes, bytes.size());
    }
  }
}

// validate [--json] [--category C]: the options, or nullopt when the arguments are not these.
std::optional<std::pair<bool, llm_sizer::ValidationOptions>> validate_arguments(int argc,
                                                                                char** argv) {
  bool json = false;
  llm_sizer::ValidationOptions options;
  for (int i = 2; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "--json") {
      json = true;
    } else if (argument == "--category" && i + 1 < argc) {
      options.category = argv[++i];
    } else {
      return std::nullopt;
    }
  }
  return std::pair{json, options};
}

int validate(const llm_sizer::Catalog& catalog, bool json,
             const llm_sizer::ValidationOptions& options) {
  const auto report =
      llm_sizer::validate_measurements(llm_sizer::embedded_measurements(), catalog, options);
  if (!options.category.empty() && report.rows.empty()) {
    throw llm_sizer::InputError("--category",
                                llm_sizer::plain_text("must name a category with rows"),
                                "\"" + options.category + "\"");
  }
  if (json) {
    std::cout << llm_sizer::validation_report_json(report).dump(1) << "\n";
  } else {
    llm_sizer::cli::print_validation(report, std::cout);
  }
  return report.passed() ? 0 : kValidationFailed;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "";
  try {
    const llm_sizer::Catalog catalog = llm_sizer::load_builtin_catalog();
    const bool batch_plans = command == "batch" && argc > 2 && std::string(argv[2]) == "--plan";
    if (batch_plans && argc <= 4) {
      std::ifstream file;
      answer_lines(open_input(argc == 4 ? argv[3] : "-", file), catalog, true);
      return 0;
    }
    if ((command == "estimate" || command == "batch" || command == "plan" || command == "fleet") &&
        argc <= 3) {
      std::ifstream file;
      std::istream& in = open_input(argc == 3 ? argv[2] : "-", file);
      if (command == "batch") {
        answer_lines(in, catalog, false);
        return 0;
      }
      const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      const llm_sizer::Json scenario = llm_sizer::parse_json_text(text);
      const llm_sizer::Json answer = command == "plan" ? llm_sizer::plan_json(scenario, catalog)
                                     : command == "fleet"
                                         ? llm_sizer::fleet_json(scenario, catalog)
                                         : llm_sizer::estimate_json(scenario, catalog);
      std::cout << answer.dump(2) << "\n";
      return 0;
    }
    if (command == "measurement" && argc <= 3) {
      std::ifstream file;
      std::istream& in = open_input(argc == 3 ? argv[2] : "-", file);
      const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      std::cout << llm_sizer::read_measurement_paste(text).dump(2) << "\n";
      return 0;
    }
    if (command == "checkpoint" && argc <= 3) {
      std::ifstream file;
      const std::string path = argc == 3 ? argv[2] : "-";
      std::istream& in = open_input(path, file);
      std::cout << read_checkpoint_input(in, path).dump(2) << "\n";
      return 0;
    }
    if (command == "messages" && argc == 2) {
      std::cout << llm_sizer::message_table_json().dump(2) << "\n";
      return 0;
    }
    if (command == "presets" && argc == 2) {
      std::cout << llm_sizer::presets_json(catalog).dump(2) << "\n";
      return 0;
    }
    if (command == "validate") {
      if (const auto arguments = validate_arguments(argc, argv)) {
        return validate(catalog, arguments->first, arguments->second);
      }
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
