#include "error.hpp"

namespace llm_sizer {
namespace {

std::string compose(const std::string& field, const std::string& allowed, const std::string& got) {
  std::string message = field.empty() ? allowed : field + ": " + allowed;
  if (!got.empty()) message += ", got " + got;
  return message;
}

}  // namespace

InputError::InputError(std::string field, std::string allowed, std::string got)
    : std::runtime_error(compose(field, allowed, got)),
      field_(std::move(field)),
      allowed_(std::move(allowed)),
      got_(std::move(got)) {}

}  // namespace llm_sizer
