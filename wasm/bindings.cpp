// The embind boundary: JSON text in, JSON text out (boundary.hpp turns errors into values).
#include <emscripten/bind.h>

#include <string>

#include "boundary.hpp"
#include "estimate.hpp"
#include "json_text.hpp"
#include "planner/plan_json.hpp"
#include "presets.hpp"

namespace {

using llm_sizer::wasm::catalog;
using llm_sizer::wasm::guarded;

std::string estimate(const std::string& scenario_json) {
  return guarded([&] {
    return llm_sizer::estimate_json(llm_sizer::parse_json_text(scenario_json), catalog()).dump();
  });
}

std::string plan(const std::string& scenario_json) {
  return guarded([&] {
    return llm_sizer::plan_json(llm_sizer::parse_json_text(scenario_json), catalog()).dump();
  });
}

std::string presets() {
  return guarded([] { return llm_sizer::presets_json(catalog()).dump(); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("estimate", &estimate);
  emscripten::function("plan", &plan);
  emscripten::function("presets", &presets);
}
