#pragma once

#include <string_view>

#include "field_reader.hpp"

namespace llm_sizer {

// Parses JSON text; malformed text throws InputError saying where (line and column) and why.
Json parse_json_text(std::string_view text);

}  // namespace llm_sizer
