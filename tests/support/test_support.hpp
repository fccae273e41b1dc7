#pragma once

// Shared helpers for the Catch2 suites: the built-in catalog, files from the source tree, and
// running a scenario through the same entry point the CLI and WASM use.
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "catalog/catalog.hpp"
#include "estimate.hpp"
#include "model/tensors.hpp"
#include "plan.hpp"
#include "validation/embedded_measurements.hpp"

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

// A row of data/measurements/ by id: for the checks that set a published figure against more
// than one scenario (a ratio, a bound), which a row cannot express; every other row is checked by
// reference/published_rows_test.cpp.
inline const Json& published_row(const std::string& id) {
  static const std::map<std::string, Json> rows = [] {
    std::map<std::string, Json> by_id;
    const Json files = embedded_measurements();
    for (const auto& [file, list] : files.items()) {
      for (const auto& row : list) by_id[row.value("id", file)] = row;
    }
    return by_id;
  }();
  const auto it = rows.find(id);
  if (it == rows.end()) throw std::runtime_error("no row " + id + " in data/measurements/");
  return it->second;
}

inline Json run(const Json& scenario) {
  return estimate_json(scenario, catalog());
}

inline Json plan(const Json& scenario) {
  return plan_json(scenario, catalog());
}

inline Json model_result(const Json& model) {
  return run({{"model", model}})["model"];
}

// GPT-style architectures given in the papers' tables (learned positions, GeLU MLP of 4h).
inline Json gpt_like(int64_t hidden, int64_t layers, int64_t heads, int64_t vocab = 51200,
                     int64_t positions = 2048) {
  return {{"model_type", "gpt2"}, {"n_embd", hidden},    {"n_layer", layers},
          {"n_head", heads},      {"vocab_size", vocab}, {"n_positions", positions}};
}

// The training block for a model on `gpus` accelerators of one kind.
inline Json train(const Json& model, const std::string& accelerator, int64_t gpus,
                  const Json& section) {
  return run({{"model", model},
              {"hardware", {{"accelerator", accelerator}, {"count", gpus}}},
              {"training", section}})["training"];
}

// A component's slot in the per-component byte arrays (bytes_by_component).
inline size_t component_index(Component c) {
  return static_cast<size_t>(c);
}

}  // namespace llm_sizer::test
