// The embind boundary: JSON text in, JSON text out (boundary.hpp and estimate_text turn errors into
// {"error": {...}} values, JS Errors in core_api.mjs), so no C++ exception or JS exception crosses
// the boundary.
#include <emscripten/bind.h>

#include <string>

#include "boundary.hpp"
#include "estimate.hpp"
#include "json_text.hpp"
#include "planner/plan_json.hpp"
#include "presets.hpp"

namespace {

using llm_sizer::answer_text;
using llm_sizer::wasm::catalog;

std::string estimate(const std::string& scenario_json) {
  return llm_sizer::estimate_text(scenario_json, catalog());
}

std::string plan(const std::string& scenario_json) {
  return llm_sizer::plan_text(scenario_json, catalog());
}

std::string presets() {
  return answer_text([] { return llm_sizer::presets_json(catalog()); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("estimate", &estimate);
  emscripten::function("plan", &plan);
  emscripten::function("presets", &presets);
}
