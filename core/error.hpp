#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "message.hpp"

namespace llm_sizer {

// Bad input: names the field (a JSON path such as "model.num_hidden_layers"), what is allowed,
// and what was given. what() reads "model.num_hidden_layers: must be a positive integer, got -3".
// All three are escaped (escape_for_message) and shortened, so the message is always one line of
// valid UTF-8 whatever the input held. What is allowed is a Message (a code and its values), so
// the page can say it in its language.
class InputError : public std::runtime_error {
 public:
  InputError(std::string field, Message allowed, std::string got);

  const std::string& field() const { return field_; }
  const std::string& allowed() const { return allowed_; }  // in English
  const std::string& got() const { return got_; }
  const Message& rule() const { return rule_; }

 private:
  std::string field_;
  Message rule_;
  std::string allowed_;
  std::string got_;
};

// Input text quoted in a message: control characters (C0, DEL, C1), line and paragraph separators
// and bidirectional overrides become \uXXXX and bytes that are not UTF-8 become \xNN, so quoted
// input can neither break the message's line nor forge terminal output or log lines.
std::string escape_for_message(std::string_view text);

// The first max_bytes of text (cut between UTF-8 characters) followed by "...", or text itself.
std::string shorten(std::string_view text, size_t max_bytes);

}  // namespace llm_sizer
