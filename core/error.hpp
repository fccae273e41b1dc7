#pragma once

#include <stdexcept>
#include <string>

namespace llm_sizer {

// Bad input: names the field (a JSON path such as "model.num_hidden_layers"), what is allowed,
// and what was given. what() reads "model.num_hidden_layers: must be a positive integer, got -3".
class InputError : public std::runtime_error {
 public:
  InputError(std::string field, std::string allowed, std::string got);

  const std::string& field() const { return field_; }
  const std::string& allowed() const { return allowed_; }
  const std::string& got() const { return got_; }

 private:
  std::string field_;
  std::string allowed_;
  std::string got_;
};

}  // namespace llm_sizer
