#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "message.hpp"

namespace llm_sizer {

// An allowed numeric interval; describe() phrases it for error messages ("a number in (0, 1]").
// `reason` says why a magnitude bound sits where it does (core/limits.hpp) and is quoted with it.
struct NumberRange {
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool min_open = false;
  bool max_open = false;
  std::string_view reason = {};

  bool contains(double value) const;
  Message describe() const;
};

// An allowed integer interval, [min, max], with the reason for a magnitude bound.
struct IntRange {
  int64_t min = 0;
  int64_t max = std::numeric_limits<int64_t>::max();
  std::string_view reason = {};

  bool contains(int64_t value) const { return value >= min && value <= max; }
  Message describe() const;
};

// The largest integer every double represents exactly (2^53): integers read from JSON beyond it
// are refused, so no integer field converts to or from a double inexactly.
inline constexpr int64_t kMaxExactInteger = int64_t(1) << 53;

inline constexpr NumberRange kPositive{0.0, std::numeric_limits<double>::infinity(), true, false};
inline constexpr NumberRange kNonNegative{0.0, std::numeric_limits<double>::infinity(), false,
                                          false};
inline constexpr NumberRange kFraction{0.0, 1.0, true, false};  // (0, 1]

// A computed number in a message: whole numbers below 2^53 as integers ("32768"), others as %g.
std::string describe_number(double value);

}  // namespace llm_sizer
