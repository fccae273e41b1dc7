#include "error.hpp"

namespace llm_sizer {
namespace {

std::string compose(const std::string& field, const std::string& allowed, const std::string& got) {
  std::string message = field.empty() ? allowed : field + ": " + allowed;
  if (!got.empty()) message += ", got " + got;
  return message;
}

}  // namespace

InputError::InputError(std::string field, Message allowed, std::string got)
    : std::runtime_error(compose(field, english(allowed), got)),
      field_(std::move(field)),
      rule_(std::move(allowed)),
      allowed_(english(rule_)),
      got_(std::move(got)) {}

}  // namespace llm_sizer
