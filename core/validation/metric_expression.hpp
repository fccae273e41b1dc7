#pragma once

#include <string>
#include <string_view>

#include "field_reader.hpp"

namespace llm_sizer {

// The quantity a reference row is compared with, read off a result: a result path
// ("inference.decode_tokens_per_s", "quantization.options[0].weights_bytes") or arithmetic over
// paths and numbers where a published metric is derived ("1 / inference.decode_tokens_per_s" for
// an inter-token latency). Grammar: + - * / and parentheses; paths are dotted names with [index].
// Throws InputError naming `field` when the expression is malformed, a path is not in the
// result, or a value is not a number.
double evaluate_metric(std::string_view expression, const Json& result, const std::string& field);

}  // namespace llm_sizer
