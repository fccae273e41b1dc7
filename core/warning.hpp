#pragma once

#include <string>
#include <vector>

namespace llm_sizer {

// Something the user should know about an answer that is still given (an assumption, a fallback).
struct Warning {
  std::string field;
  std::string message;
};

using Warnings = std::vector<Warning>;

}  // namespace llm_sizer
