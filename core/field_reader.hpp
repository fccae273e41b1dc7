#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "message.hpp"

namespace llm_sizer {

using Json = nlohmann::json;

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

// The given value as it appears in error messages (compact JSON, shortened when long).
std::string describe_value(const Json& value);
// A computed number in a message: whole numbers below 2^53 as integers ("32768"), others as %g.
std::string describe_number(double value);

// Reads typed, validated fields of one JSON object. Every error names the full path of the field.
// A key whose value is null counts as absent, as Hugging Face configs use null for "not set".
class FieldReader {
 public:
  FieldReader(const Json& object, std::string path);

  const std::string& path() const { return path_; }
  const Json& json() const { return object_; }
  std::string field(std::string_view key) const;

  const Json* find(std::string_view key) const;
  bool has(std::string_view key) const { return find(key) != nullptr; }

  int64_t positive_int(std::string_view key) const;
  // The bounded reads: every field of a scenario and every config field goes through one of
  // these with a range from core/limits.hpp.
  int64_t required_int(std::string_view key, IntRange range) const;
  std::optional<int64_t> optional_int(std::string_view key, IntRange range) const;
  int64_t int_or(std::string_view key, int64_t fallback, IntRange range) const;
  std::optional<int64_t> optional_int(std::string_view key, int64_t min = 0,
                                      int64_t max = std::numeric_limits<int64_t>::max()) const;
  int64_t int_or(std::string_view key, int64_t fallback, int64_t min = 0,
                 int64_t max = std::numeric_limits<int64_t>::max()) const;
  std::optional<double> optional_number(std::string_view key, NumberRange range) const;
  double number_or(std::string_view key, double fallback, NumberRange range) const;
  std::optional<bool> optional_bool(std::string_view key) const;
  bool bool_or(std::string_view key, bool fallback) const;
  // Strings longer than limits::kTextBytes are refused (ids and names are far shorter).
  std::optional<std::string> optional_string(std::string_view key) const;
  std::string choice_or(std::string_view key, std::string_view fallback,
                        const std::vector<std::string_view>& allowed) const;
  std::vector<int64_t> int_list(std::string_view key) const;
  // At most max_items entries, each in `items`.
  std::vector<int64_t> int_list(std::string_view key, IntRange items, size_t max_items) const;
  std::vector<std::string> string_list(std::string_view key) const;
  std::vector<std::string> string_list(std::string_view key, size_t max_items) const;

  // Sections of a scenario are closed: a misspelt key is an error, not silently ignored.
  void reject_unknown(std::initializer_list<std::string_view> known) const;

 private:
  const Json& object_;
  std::string path_;
};

}  // namespace llm_sizer
