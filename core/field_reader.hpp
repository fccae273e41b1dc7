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
#include "ranges.hpp"

namespace llm_sizer {

using Json = nlohmann::json;

// The given value as it appears in error messages (compact JSON, shortened when long).
std::string describe_value(const Json& value);

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
