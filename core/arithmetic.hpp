#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace llm_sizer {

// Evaluates arithmetic over numbers and named values: + - * /, parentheses, unary minus,
// max(a, b), min(a, b) and exp(x). A name is a dotted path with [index] steps
// ("inference.list[0].bytes") or anything in braces ("{n_kv}"); `value_of` gives its value (and
// throws when it has none). Used for the result fields reference rows compare with
// (validation/metric_expression.hpp) and, in the tests, to check that every explanation's formula
// adds up to the number it explains. Throws InputError naming `field` for malformed text or a
// division by zero.
double evaluate_arithmetic(std::string_view text,
                           const std::function<double(const std::string& name)>& value_of,
                           const std::string& field);

}  // namespace llm_sizer
