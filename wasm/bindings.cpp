// The embind boundary: JSON text in, JSON text out. Errors become {"error": {...}} values in the
// core (estimate_text) and JS Errors in api.mjs, so no C++ exception or JS exception crosses the
// boundary.
#include <emscripten/bind.h>

#include <string>

#include "catalog/catalog.hpp"
#include "estimate.hpp"
#include "presets.hpp"

namespace {

const llm_sizer::Catalog& catalog() {
  static const llm_sizer::Catalog loaded = llm_sizer::load_builtin_catalog();
  return loaded;
}

std::string estimate(const std::string& scenario_json) {
  return llm_sizer::estimate_text(scenario_json, catalog());
}

std::string presets() {
  try {
    return llm_sizer::presets_json(catalog()).dump();
  } catch (const std::exception& e) {
    return llm_sizer::error_json(std::string("internal error: ") + e.what()).dump();
  }
}

}  // namespace

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("estimate", &estimate);
  emscripten::function("presets", &presets);
}
