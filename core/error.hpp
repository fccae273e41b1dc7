#pragma once

#include <stdexcept>
#include <string>

#include "message.hpp"

namespace llm_sizer {

// Bad input: names the field (a JSON path such as "model.num_hidden_layers"), what is allowed,
// and what was given. what() reads "model.num_hidden_layers: must be a positive integer, got -3".
// What is allowed is a Message (a code and its values), so the page can say it in its language.
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

}  // namespace llm_sizer
