// The embind boundary: JSON text in, JSON text out, built into three modules (wasm/CMakeLists.txt).
// estimate_text and answer_text (boundary.hpp) turn errors into {"error": {...}} values, JS Errors
// in core_api.mjs, so no C++ exception or JS exception crosses the boundary.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "boundary.hpp"
#include "checkpoint_read.hpp"
#include "estimate.hpp"
#include "fleet.hpp"
#include "json_text.hpp"
#include "measurement_paste.hpp"
#include "plan.hpp"
#include "presets.hpp"

namespace {

using llm_sizer::answer_text;
using llm_sizer::wasm::catalog;

// The model module (LLM_SIZER_MODEL_ONLY, wasm/CMakeLists.txt) computes scenarios without sections;
// linking only that path leaves the sections' code out of it.
std::string estimate(const std::string& scenario_json) {
#ifdef LLM_SIZER_MODEL_ONLY
  return llm_sizer::estimate_model_text(scenario_json, catalog());
#else
  return llm_sizer::estimate_text(scenario_json, catalog());
#endif
}

#ifndef LLM_SIZER_MODEL_ONLY
std::string plan(const std::string& scenario_json) {
  return llm_sizer::plan_text(scenario_json, catalog());
}

// The cheapest fleet serving the scenario's traffic within its targets; on_progress(done, total),
// a JS function or undefined, hears of each layout searched.
std::string fleet(const std::string& scenario_json, emscripten::val on_progress) {
  llm_sizer::FleetProgress progress;
  if (on_progress.typeOf().as<std::string>() == "function") {
    progress = [&](int64_t done, int64_t total) { on_progress(double(done), double(total)); };
  }
  return llm_sizer::fleet_text(scenario_json, catalog(), progress);
}

// A pasted measurement read into the fields of inference.measured.
std::string read_measurement(const std::string& text) {
  return answer_text([&] { return llm_sizer::read_measurement_paste(text); });
}

// A checkpoint's safetensors headers, which the page fetched from the Hub, read into bytes by
// dtype and the format they name.
std::string read_checkpoint(const std::string& input_json) {
  return answer_text([&] { return llm_sizer::read_checkpoint_text(input_json); });
}

// The first bytes of a GGUF file (a Uint8Array: embind copies its bytes into the string as they
// are), read into its file type, layers and bytes by ggml type.
std::string read_gguf_header(const std::string& bytes, const std::string& name) {
  return answer_text([&] { return llm_sizer::read_gguf_file(bytes, name); });
}
#endif

// The model module lists the catalog, the model types and the config fields for the first view's
// pickers and config editor; the sections' choices come with the whole core.
std::string presets() {
#ifdef LLM_SIZER_MODEL_ONLY
  return answer_text([] { return llm_sizer::catalog_presets_json(catalog()); });
#else
  return answer_text([] { return llm_sizer::presets_json(catalog()); });
#endif
}

}  // namespace

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("estimate", &estimate);
#ifndef LLM_SIZER_MODEL_ONLY
  emscripten::function("plan", &plan);
  emscripten::function("fleet", &fleet);
  emscripten::function("read_measurement", &read_measurement);
  emscripten::function("read_checkpoint", &read_checkpoint);
  emscripten::function("read_gguf_header", &read_gguf_header);
#endif
  emscripten::function("presets", &presets);
}
