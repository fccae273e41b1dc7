// The embind boundary: JSON text in, JSON text out (built twice, see wasm/CMakeLists.txt). Errors
// become {"error": {...}} values here and JS Errors in core_api.mjs, so no C++ exception or JS
// exception crosses the boundary.
#include <emscripten/bind.h>

#include <string>

#include "catalog/catalog.hpp"
#include "error.hpp"
#include "estimate.hpp"
#include "json_text.hpp"
#include "presets.hpp"

namespace {

const llm_sizer::Catalog& catalog() {
  static const llm_sizer::Catalog loaded = llm_sizer::load_builtin_catalog();
  return loaded;
}

// {"error": {message, field, allowed, got, code, params}}: the CLI's English, and the rule as a
// code (message.hpp) with its values, which the page says in its own language.
std::string error_json(const std::string& message, const std::string& field,
                       const llm_sizer::Message& rule, const std::string& got) {
  llm_sizer::Json error = {
      {"message", message}, {"field", field}, {"allowed", english(rule)}, {"got", got}};
  llm_sizer::put_message_codes(error, "", rule);
  return llm_sizer::Json{{"error", error}}.dump();
}

template <typename Compute>
std::string guarded(Compute compute) {
  try {
    return compute();
  } catch (const llm_sizer::InputError& e) {
    return error_json(e.what(), e.field(), e.rule(), e.got());
  } catch (const std::exception& e) {
    return error_json(std::string("internal error: ") + e.what(), "", {}, "");
  }
}

// The model module (LLM_SIZER_MODEL_ONLY, wasm/CMakeLists.txt) computes scenarios without sections;
// linking only that path leaves the sections' code out of it.
std::string estimate(const std::string& scenario_json) {
  return guarded([&] {
    const llm_sizer::Json scenario = llm_sizer::parse_json_text(scenario_json);
#ifdef LLM_SIZER_MODEL_ONLY
    return llm_sizer::estimate_model_json(scenario, catalog()).dump();
#else
    return llm_sizer::estimate_json(scenario, catalog()).dump();
#endif
  });
}

std::string presets() {
  return guarded([] { return llm_sizer::presets_json(catalog()).dump(); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("estimate", &estimate);
  emscripten::function("presets", &presets);
}
