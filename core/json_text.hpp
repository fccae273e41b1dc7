#pragma once

#include <string_view>

#include "field_reader.hpp"

namespace llm_sizer {

// Parses JSON text; malformed text throws InputError saying where (line and column) and why. A
// number beyond a double (1e400) is an error naming its field, and nesting deeper than
// limits::kJsonDepth is refused while parsing, before anything recurses over the document. The
// CLI and the WASM module both parse through here.
Json parse_json_text(std::string_view text);

}  // namespace llm_sizer
