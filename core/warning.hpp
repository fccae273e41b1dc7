#pragma once

#include <string>
#include <vector>

#include "message.hpp"

namespace llm_sizer {

// Something the user should know about an answer that is still given (an assumption, a fallback),
// as a code and its values (message.hpp): {field, {"warning.no_tdp", {{"device", name}}}}.
struct Warning {
  std::string field;
  Message message;
};

using Warnings = std::vector<Warning>;

}  // namespace llm_sizer
