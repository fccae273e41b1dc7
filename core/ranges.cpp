#include "ranges.hpp"

#include <cmath>
#include <cstdio>

#include "json_object.hpp"

namespace llm_sizer {
namespace {

std::string format_bound(double value) {
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// A bound's rule with its reason (core/limits.hpp) as one more value, when it has one.
Message with_reason(MessageCode plain, MessageCode because, nlohmann::json params,
                    std::string_view reason) {
  if (reason.empty()) return {plain, std::move(params)};
  params["reason"] = std::string(reason);
  return {because, std::move(params)};
}

}  // namespace

bool NumberRange::contains(double value) const {
  if (!std::isfinite(value)) return false;
  const bool above = min_open ? value > min : value >= min;
  const bool below = max_open ? value < max : value <= max;
  return above && below;
}

Message NumberRange::describe() const {
  if (std::isinf(max) && min == 0.0) {
    return {min_open ? MessageCode("error.positive_number")
                     : MessageCode("error.non_negative_number")};
  }
  return with_reason(
      "error.number_in", "error.number_in_because",
      json_object({{"range", std::string(min_open ? "(" : "[") + format_bound(min) + ", " +
                                 format_bound(max) + (max_open ? ")" : "]")}}),
      reason);
}

Message IntRange::describe() const {
  if (reason.empty() && max >= kMaxExactInteger) {
    if (min == 1) return {"error.positive_integer"};
    return {"error.integer_at_least", json_object({{"min", min}})};
  }
  return with_reason("error.integer_in", "error.integer_in_because",
                     json_object({{"min", min}, {"max", max}}), reason);
}

std::string describe_number(double value) {
  if (std::floor(value) == value && std::fabs(value) < double(kMaxExactInteger)) {
    return std::to_string(static_cast<int64_t>(value));
  }
  return format_bound(value);
}

}  // namespace llm_sizer
