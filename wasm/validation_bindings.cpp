// validate() for the validation page. It is linked into a module of its own
// (llm_sizer_validation_wasm, with bindings.cpp), so the calculator's module carries none of it.
#include <emscripten/bind.h>

#include <string>

#include "boundary.hpp"
#include "json_text.hpp"
#include "validation/validate.hpp"

namespace {

// data/measurements/ as {"<file>": [rows]} (the page fetches it) and options {"category", "ids"}:
// the report `llm-sizer validate --json` prints.
std::string validate(const std::string& measurements_json, const std::string& options_json) {
  return llm_sizer::answer_text([&] {
    const auto options =
        llm_sizer::parse_validation_options(llm_sizer::parse_json_text(options_json));
    const auto report = llm_sizer::validate_measurements(
        llm_sizer::parse_json_text(measurements_json), llm_sizer::wasm::catalog(), options);
    return llm_sizer::validation_report_json(report);
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(llm_sizer_validation) {
  emscripten::function("validate", &validate);
}
