#include "validation/metric_expression.hpp"

#include <cstdlib>

#include "arithmetic.hpp"
#include "error.hpp"

namespace llm_sizer {
namespace {

// The value at a result path: dotted keys with [index] steps.
double value_at(const Json& result, const std::string& path, const std::string& field,
                std::string_view expression) {
  const auto missing = [&] {
    return InputError(
        field,
        plain_text("must name a field of the result; " + path +
                   " is not one (see `llm-sizer estimate` for the result of the row's "
                   "scenario)"),
        std::string(expression));
  };
  const Json* node = &result;
  size_t pos = 0;
  while (pos < path.size()) {
    if (path[pos] == '[') {
      const size_t close = path.find(']', pos);
      if (close == std::string::npos) throw missing();
      const std::string digits = path.substr(pos + 1, close - pos - 1);
      char* end = nullptr;
      const unsigned long index = std::strtoul(digits.c_str(), &end, 10);
      if (digits.empty() || *end != '\0' || !node->is_array() || index >= node->size()) {
        throw missing();
      }
      node = &(*node)[index];
      pos = close + 1;
    } else {
      if (path[pos] == '.') ++pos;
      size_t end = pos;
      while (end < path.size() && path[end] != '.' && path[end] != '[') ++end;
      const std::string key = path.substr(pos, end - pos);
      if (key.empty() || !node->is_object() || !node->contains(key)) throw missing();
      node = &(*node)[key];
      pos = end;
    }
  }
  if (node->is_null()) {
    throw InputError(
        field, plain_text("has no value for this scenario (the core leaves " + path + " empty)"),
        std::string(expression));
  }
  if (!node->is_number()) {
    throw InputError(field, plain_text("must name a numeric result (" + path + " is not a number)"),
                     std::string(expression));
  }
  return node->get<double>();
}

}  // namespace

double evaluate_metric(std::string_view expression, const Json& result, const std::string& field) {
  return evaluate_arithmetic(
      expression,
      [&](const std::string& path) { return value_at(result, path, field, expression); }, field);
}

}  // namespace llm_sizer
