#include "error.hpp"

#include <cstdio>

namespace llm_sizer {
namespace {

// How much of each part a message quotes: a field path, a given value, the rule (which may list
// the known fields of a section).
constexpr size_t kFieldBytes = 200;
constexpr size_t kGotBytes = 200;
constexpr size_t kAllowedBytes = 2000;

std::string compose(const std::string& field, const std::string& allowed, const std::string& got) {
  std::string message = field.empty() ? allowed : field + ": " + allowed;
  if (!got.empty()) message += ", got " + got;
  return message;
}

std::string quoted(std::string_view text, size_t max_bytes) {
  return shorten(escape_for_message(text), max_bytes);
}

// Code points that change how text around them is shown: C1 controls, invisible direction marks,
// line and paragraph separators, bidirectional embeddings, overrides and isolates.
bool is_format_control(char32_t c) {
  return (c >= 0x80 && c <= 0x9f) || c == 0x061c || c == 0x200e || c == 0x200f ||
         (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

void append_hex(std::string& out, const char* format, unsigned value) {
  char text[16];
  std::snprintf(text, sizeof text, format, value);
  out += text;
}

// The length of the well-formed UTF-8 sequence at text[i] and its code point; 0 when malformed.
size_t decode_utf8(std::string_view text, size_t i, char32_t& code_point) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned lead = byte(i);
  size_t length = 0;
  char32_t minimum = 0;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2, minimum = 0x80, code_point = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3, minimum = 0x800, code_point = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4, minimum = 0x10000, code_point = lead & 0x07;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    code_point = (code_point << 6) | (byte(i + k) & 0x3f);
  }
  const bool surrogate = code_point >= 0xd800 && code_point <= 0xdfff;
  if (code_point < minimum || surrogate || code_point > 0x10ffff) return 0;
  return length;
}

// The rule's values with every string quoted like the rest of the message: values can come from
// the input (a model_type, an id), and the error's JSON must stay valid UTF-8 on one line.
Message quoted_rule(Message rule) {
  const auto quote_strings = [](auto& self, nlohmann::json& value) -> void {
    if (value.is_string()) {
      value = quoted(value.get_ref<const std::string&>(), kAllowedBytes);
    } else if (value.is_structured()) {
      for (auto& item : value) self(self, item);
    }
  };
  quote_strings(quote_strings, rule.params);
  return rule;
}

}  // namespace

std::string escape_for_message(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      if (byte < 0x20 || byte == 0x7f) {
        append_hex(out, "\\u%04X", byte);
      } else {
        out += static_cast<char>(byte);
      }
      ++i;
      continue;
    }
    char32_t code_point = 0;
    const size_t length = decode_utf8(text, i, code_point);
    if (length == 0) {
      append_hex(out, "\\x%02X", byte);
      ++i;
    } else if (is_format_control(code_point)) {
      append_hex(out, "\\u%04X", static_cast<unsigned>(code_point));
      i += length;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string shorten(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
  std::string cut_text(text.substr(0, cut));
  cut_text += "...";
  return cut_text;
}

InputError::InputError(std::string field, Message allowed, std::string got)
    : std::runtime_error(compose(quoted(field, kFieldBytes),
                                 quoted(english(allowed), kAllowedBytes), quoted(got, kGotBytes))),
      field_(quoted(field, kFieldBytes)),
      rule_(quoted_rule(std::move(allowed))),
      allowed_(quoted(english(rule_), kAllowedBytes)),
      got_(quoted(got, kGotBytes)) {}

}  // namespace llm_sizer
