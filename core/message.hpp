#pragma once

#include <cstddef>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "json_object.hpp"
#include "message_table.hpp"

namespace llm_sizer {

// A stable code for a text people read: an error, a warning, a note, a unit, a format's name.
// Built from a string literal, it is checked against kMessageTable when the core compiles, so a
// code the table lacks (and so the page cannot translate) does not build.
class MessageCode {
 public:
  constexpr MessageCode() = default;  // the empty text
  consteval MessageCode(const char* code) : index_(index_of(code)) {}

  std::string_view code() const { return kMessageTable[index_].code; }
  std::string_view english() const { return kMessageTable[index_].english; }
  bool empty() const { return index_ == 0; }

 private:
  static consteval std::size_t index_of(std::string_view code) {
    for (std::size_t i = 0; i < std::size(kMessageTable); ++i) {
      if (kMessageTable[i].code == code) return i;
    }
    throw "not a code of core/message_table.hpp";  // a compile error: add the code there
  }

  std::size_t index_ = 0;
};

// A text as its code and the values its template names: {"error.divide_attention_heads", {{"heads",
// 32}}}. The English template's {name}s are filled from params; the page fills its own language's.
struct Message {
  MessageCode code;
  nlohmann::json params = nlohmann::json::object();
};

// A text with no code of its own yet, shown as written (English) in every language: the page
// translates the coded texts; these are the CLI's and the validation rows' few remaining ones.
Message plain_text(std::string english_text);

// The template filled: strings as they are, numbers as integers or %g, arrays joined by ", ".
std::string english(const Message& message);
std::string english(MessageCode code, const nlohmann::json& params);

// Writes a text beside its English in a JSON object: "<key>_code" and "<key>_params" (for a
// warning or an error, whose whole object is the text, key is empty: "code" and "params").
// Params are left out when there are none; an empty code writes nothing.
void put_message_codes(nlohmann::json& out, std::string_view key, const Message& message);

// Every code with its English template, for the CLI's `llm-sizer messages` (the page's i18n
// files are checked against it).
nlohmann::json message_table_json();

}  // namespace llm_sizer
