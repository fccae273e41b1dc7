// llm-sizer: the command-line face of the core. The only code here that reads files and prints.
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

#include "catalog/catalog.hpp"
#include "error.hpp"
#include "estimate.hpp"
#include "json_text.hpp"
#include "planner/plan_json.hpp"
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
    "       llm-sizer plan [FILE|-]       search the fastest training plans that fit (stdin if - "
    "or none)\n"
    "       llm-sizer presets             list model, accelerator and other catalog presets\n"
    "       llm-sizer validate [--json] [--category C]\n"
    "                                     compare predictions with every published figure in\n"
    "                                     data/measurements/; exits 1 when a row exceeds its\n"
    "                                     tolerance or is broken\n";

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
    throw llm_sizer::InputError("--category", "must name a category with rows",
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
    std::cerr << "internal error: " << e.what() << "\n";
    return 1;
  }
}
