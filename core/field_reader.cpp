#include "field_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "error.hpp"
#include "limits.hpp"

namespace llm_sizer {
namespace {

template <typename Items>
Json list(const Items& items) {
  Json out = Json::array();
  for (const auto& item : items) out.push_back(item);
  return out;
}

// A whole number (4096 or 4096.0) within +-2^53, where every integer is exact as a double.
std::optional<int64_t> as_integer(const Json& value) {
  if (value.is_number_unsigned()) {
    const auto number = value.get<uint64_t>();
    if (number <= uint64_t(kMaxExactInteger)) return int64_t(number);
  } else if (value.is_number_integer()) {
    const auto number = value.get<int64_t>();
    if (number >= -kMaxExactInteger && number <= kMaxExactInteger) return number;
  } else if (value.is_number_float()) {
    const double number = value.get<double>();
    if (std::floor(number) == number && std::fabs(number) <= double(kMaxExactInteger)) {
      return static_cast<int64_t>(number);
    }
  }
  return std::nullopt;
}

// The legacy reads (no reason given) keep their phrasing and are capped at 2^53 all the same.
IntRange exact(int64_t min, int64_t max) {
  return {std::max(min, -kMaxExactInteger), std::min(max, kMaxExactInteger)};
}

}  // namespace

std::string describe_value(const Json& value) {
  constexpr size_t kMaxLength = 80;
  return shorten(value.dump(), kMaxLength);
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
  return required_int(key, exact(1, kMaxExactInteger));
}

int64_t FieldReader::required_int(std::string_view key, IntRange range) const {
  if (find(key) == nullptr) {
    throw InputError(field(key),
                     {range.min == 1 ? MessageCode("error.required_positive_integer")
                                     : MessageCode("error.required_integer")},
                     "");
  }
  return *optional_int(key, range);
}

std::optional<int64_t> FieldReader::optional_int(std::string_view key, int64_t min,
                                                 int64_t max) const {
  return optional_int(key, exact(min, max));
}

std::optional<int64_t> FieldReader::optional_int(std::string_view key, IntRange range) const {
  const Json* value = find(key);
  if (value == nullptr) return std::nullopt;
  const auto integer = as_integer(*value);
  if (!integer || !range.contains(*integer)) {
    throw InputError(field(key), range.describe(), describe_value(*value));
  }
  return integer;
}

int64_t FieldReader::int_or(std::string_view key, int64_t fallback, int64_t min,
                            int64_t max) const {
  return optional_int(key, min, max).value_or(fallback);
}

int64_t FieldReader::int_or(std::string_view key, int64_t fallback, IntRange range) const {
  return optional_int(key, range).value_or(fallback);
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
  if (!value->is_string() || value->get_ref<const std::string&>().size() > limits::kTextBytes) {
    throw InputError(field(key),
                     {"error.string_at_most", json_object({{"bytes", limits::kTextBytes}})},
                     describe_value(*value));
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
    throw InputError(field(key), {"error.one_of", json_object({{"allowed", list(allowed)}})},
                     describe_value(*value));
  return value->get<std::string>();
}

std::vector<int64_t> FieldReader::int_list(std::string_view key) const {
  return int_list(key, exact(-kMaxExactInteger, kMaxExactInteger), limits::kLayers.max);
}

std::vector<int64_t> FieldReader::int_list(std::string_view key, IntRange items,
                                           size_t max_items) const {
  std::vector<int64_t> list;
  const Json* value = find(key);
  if (value == nullptr) return list;
  const auto fail = [&] {
    throw InputError(field(key),
                     {"error.integer_array_in",
                      json_object({{"items", max_items}, {"min", items.min}, {"max", items.max}})},
                     describe_value(*value));
  };
  if (!value->is_array() || value->size() > max_items) fail();
  for (const auto& item : *value) {
    const auto integer = as_integer(item);
    if (!integer || !items.contains(*integer)) fail();
    list.push_back(*integer);
  }
  return list;
}

std::vector<std::string> FieldReader::string_list(std::string_view key) const {
  return string_list(key, limits::kLayers.max);
}

std::vector<std::string> FieldReader::string_list(std::string_view key, size_t max_items) const {
  std::vector<std::string> items;
  const Json* value = find(key);
  if (value == nullptr) return items;
  const bool valid =
      value->is_array() && value->size() <= max_items &&
      std::all_of(value->begin(), value->end(), [](const Json& j) {
        return j.is_string() && j.get_ref<const std::string&>().size() <= limits::kTextBytes;
      });
  if (!valid) {
    throw InputError(field(key),
                     {"error.string_array_at_most", json_object({{"items", max_items}})},
                     describe_value(*value));
  }
  for (const auto& item : *value) items.push_back(item.get<std::string>());
  return items;
}

void FieldReader::reject_unknown(std::initializer_list<std::string_view> known) const {
  for (const auto& [key, value] : object_.items()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      throw InputError(field(key), {"error.unknown_field", json_object({{"known", list(known)}})},
                       "");
    }
  }
}

}  // namespace llm_sizer
