#pragma once

#include <string>

#include "error.hpp"
#include "field_reader.hpp"

namespace llm_sizer {

// The {"error": {message, field, allowed, got, code, params}} value that text answers give for bad
// input: the CLI's English, and the rule as a code (message.hpp) with its values, which the page
// says in its own language.
Json error_json(const std::string& message, const std::string& field = "", const Message& rule = {},
                const std::string& got = "");

// compute()'s Json as compact text, or the {"error": ...} value for an InputError (and "internal
// error: ..." for anything else). Never throws: the WASM modules return exactly this and `llm-sizer
// batch` prints it, so the two can be compared byte for byte.
template <typename Compute>
std::string answer_text(Compute compute) {
  try {
    return compute().dump();
  } catch (const InputError& e) {
    return error_json(e.what(), e.field(), e.rule(), e.got()).dump();
  } catch (const std::exception& e) {
    return error_json("internal error: " + escape_for_message(e.what())).dump();
  }
}

}  // namespace llm_sizer
