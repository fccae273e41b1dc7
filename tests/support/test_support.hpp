#pragma once

// Shared helpers for the Catch2 suites: the built-in catalog, files from the source tree, and
// running a scenario through the same entry point the CLI and WASM use.
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "catalog/catalog.hpp"
#include "estimate.hpp"

namespace llm_sizer::test {

inline const Catalog& catalog() {
  static const Catalog loaded = load_builtin_catalog();
  return loaded;
}

inline std::string source_path(const std::string& relative) {
  return std::string(LLM_SIZER_SOURCE_DIR) + "/" + relative;
}

inline Json read_json(const std::string& relative) {
  std::ifstream file(source_path(relative));
  if (!file) throw std::runtime_error("cannot open " + relative);
  return Json::parse(file);
}

// A published measurement of data/measurements/<file> by its id.
inline const Json& measurement(const std::string& file, const std::string& id) {
  static std::map<std::string, std::map<std::string, Json>> by_file;
  auto& by_id = by_file[file];
  if (by_id.empty()) {
    for (const auto& entry : read_json("data/measurements/" + file)) {
      by_id[entry["id"].get<std::string>()] = entry;
    }
  }
  return by_id.at(id);
}

inline Json run(const Json& scenario) {
  return estimate_json(scenario, catalog());
}

inline Json model_result(const Json& model) {
  return run({{"model", model}})["model"];
}

// The training block for a model on `gpus` accelerators of one kind.
inline Json train(const Json& model, const std::string& accelerator, int64_t gpus,
                  const Json& section) {
  return run({{"model", model},
              {"hardware", {{"accelerator", accelerator}, {"count", gpus}}},
              {"training", section}})["training"];
}

}  // namespace llm_sizer::test
