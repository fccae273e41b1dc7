// The embind boundary: JSON text in, JSON text out. Errors become {"error": {...}} values here and
// JS Errors in api.mjs, so no C++ exception or JS exception crosses the boundary.
#include <emscripten/bind.h>

#include <string>

#include "catalog/catalog.hpp"
#include "error.hpp"
#include "estimate.hpp"
#include "json_text.hpp"
#include "planner/plan_json.hpp"
#include "presets.hpp"

namespace {

const llm_sizer::Catalog& catalog() {
  static const llm_sizer::Catalog loaded = llm_sizer::load_builtin_catalog();
  return loaded;
}

std::string error_json(const std::string& message, const std::string& field,
                       const std::string& allowed, const std::string& got) {
  return llm_sizer::Json{
      {"error", {{"message", message}, {"field", field}, {"allowed", allowed}, {"got", got}}}}
      .dump();
}

template <typename Compute>
std::string guarded(Compute compute) {
  try {
    return compute();
  } catch (const llm_sizer::InputError& e) {
    return error_json(e.what(), e.field(), e.allowed(), e.got());
  } catch (const std::exception& e) {
    return error_json(std::string("internal error: ") + e.what(), "", "", "");
  }
}

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
