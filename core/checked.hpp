#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "error.hpp"
#include "field_reader.hpp"

namespace llm_sizer {

// A computed count (GPUs, steps) as an integer. Past 2^53 a double no longer holds every integer
// and past 2^63 the conversion is undefined, so a count that large is an InputError naming the
// input that asked for it (`field`, given `got`), never a wrapped or clamped number.
inline int64_t checked_count(double value, const std::string& field, const std::string& what,
                             const std::string& got) {
  if (!(value >= 0 && value <= double(kMaxExactInteger))) {
    throw InputError(field, {"error.beyond_2_53", json_object({{"what", what}})}, got);
  }
  return static_cast<int64_t>(value);
}

}  // namespace llm_sizer
