#include "field_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "error.hpp"

namespace llm_sizer {
namespace {

std::string format_bound(double value) {
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

template <typename Items>
Json list(const Items& items) {
  Json out = Json::array();
  for (const auto& item : items) out.push_back(item);
  return out;
}

std::optional<int64_t> as_integer(const Json& value) {
  if (value.is_number_integer()) return value.get<int64_t>();
  if (value.is_number_float()) {
    const double number = value.get<double>();
    if (std::isfinite(number) && std::floor(number) == number && std::fabs(number) < 9.0e15) {
      return static_cast<int64_t>(number);
    }
  }
  return std::nullopt;
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
  return {"error.number_in",
          {{"range", std::string(min_open ? "(" : "[") + format_bound(min) + ", " +
                         format_bound(max) + (max_open ? ")" : "]")}}};
}

std::string describe_value(const Json& value) {
  std::string text = value.dump();
  constexpr size_t kMaxLength = 80;
  if (text.size() > kMaxLength) text = text.substr(0, kMaxLength) + "...";
  return text;
}

FieldReader::FieldReader(const Json& object, std::string path)
    : object_(object), path_(std::move(path)) {
  if (!object_.is_object()) {
    throw InputError(path_, {"error.object"}, describe_value(object_));
  }
}

std::string FieldReader::field(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

const Json* FieldReader::find(std::string_view key) const {
  const auto it = object_.find(key);
  if (it == object_.end() || it->is_null()) return nullptr;
  return &*it;
}

int64_t FieldReader::positive_int(std::string_view key) const {
  const Json* value = find(key);
  if (value == nullptr) throw InputError(field(key), {"error.required_positive_integer"}, "");
  const auto integer = as_integer(*value);
  if (!integer || *integer <= 0) {
    throw InputError(field(key), {"error.positive_integer"}, describe_value(*value));
  }
  return *integer;
}

std::optional<int64_t> FieldReader::optional_int(std::string_view key, int64_t min,
                                                 int64_t max) const {
  const Json* value = find(key);
  if (value == nullptr) return std::nullopt;
  const auto integer = as_integer(*value);
  if (!integer || *integer < min || *integer > max) {
    Message allowed{"error.integer_in", {{"min", min}, {"max", max}}};
    if (min == 1 && max == std::numeric_limits<int64_t>::max()) {
      allowed = {"error.positive_integer"};
    } else if (max == std::numeric_limits<int64_t>::max()) {
      allowed = {"error.integer_at_least", {{"min", min}}};
    }
    throw InputError(field(key), allowed, describe_value(*value));
  }
  return integer;
}

int64_t FieldReader::int_or(std::string_view key, int64_t fallback, int64_t min,
                            int64_t max) const {
  return optional_int(key, min, max).value_or(fallback);
}

std::optional<double> FieldReader::optional_number(std::string_view key, NumberRange range) const {
  const Json* value = find(key);
  if (value == nullptr) return std::nullopt;
  if (!value->is_number() || !range.contains(value->get<double>())) {
    throw InputError(field(key), range.describe(), describe_value(*value));
  }
  return value->get<double>();
}

double FieldReader::number_or(std::string_view key, double fallback, NumberRange range) const {
  return optional_number(key, range).value_or(fallback);
}

std::optional<bool> FieldReader::optional_bool(std::string_view key) const {
  const Json* value = find(key);
  if (value == nullptr) return std::nullopt;
  if (!value->is_boolean()) {
    throw InputError(field(key), {"error.boolean"}, describe_value(*value));
  }
  return value->get<bool>();
}

bool FieldReader::bool_or(std::string_view key, bool fallback) const {
  return optional_bool(key).value_or(fallback);
}

std::optional<std::string> FieldReader::optional_string(std::string_view key) const {
  const Json* value = find(key);
  if (value == nullptr) return std::nullopt;
  if (!value->is_string()) {
    throw InputError(field(key), {"error.string"}, describe_value(*value));
  }
  return value->get<std::string>();
}

std::string FieldReader::choice_or(std::string_view key, std::string_view fallback,
                                   const std::vector<std::string_view>& allowed) const {
  const Json* value = find(key);
  if (value == nullptr) return std::string(fallback);
  const bool known = value->is_string() && std::find(allowed.begin(), allowed.end(),
                                                     value->get<std::string>()) != allowed.end();
  if (!known)
    throw InputError(field(key), {"error.one_of", {{"allowed", list(allowed)}}},
                     describe_value(*value));
  return value->get<std::string>();
}

std::vector<int64_t> FieldReader::int_list(std::string_view key) const {
  std::vector<int64_t> items;
  const Json* value = find(key);
  if (value == nullptr) return items;
  if (!value->is_array()) {
    throw InputError(field(key), {"error.integer_array"}, describe_value(*value));
  }
  for (const auto& item : *value) {
    const auto integer = as_integer(item);
    if (!integer) throw InputError(field(key), {"error.integer_array"}, describe_value(*value));
    items.push_back(*integer);
  }
  return items;
}

std::vector<std::string> FieldReader::string_list(std::string_view key) const {
  std::vector<std::string> items;
  const Json* value = find(key);
  if (value == nullptr) return items;
  const bool valid = value->is_array() && std::all_of(value->begin(), value->end(),
                                                      [](const Json& j) { return j.is_string(); });
  if (!valid) throw InputError(field(key), {"error.string_array"}, describe_value(*value));
  for (const auto& item : *value) items.push_back(item.get<std::string>());
  return items;
}

void FieldReader::reject_unknown(std::initializer_list<std::string_view> known) const {
  for (const auto& [key, value] : object_.items()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      throw InputError(field(key), {"error.unknown_field", {{"known", list(known)}}}, "");
    }
  }
}

}  // namespace llm_sizer
