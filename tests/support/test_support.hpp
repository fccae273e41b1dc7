#pragma once

// Shared helpers for the Catch2 suites: the built-in catalog, files from the source tree, and
// running a scenario through the same entry point the CLI and WASM use.
#include <fstream>
#include <sstream>
#include <string>

#include "catalog/catalog.hpp"
#include "estimate.hpp"
#include "planner/plan_json.hpp"

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

}  // namespace llm_sizer::test
