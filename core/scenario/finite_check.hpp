#pragma once

#include "field_reader.hpp"

namespace llm_sizer {

// The last line of defence before a result leaves the core: every number in it must be finite
// (JSON has no infinity; nlohmann would print null). The bounds in limits.hpp keep this from
// firing on valid input; if it fires anyway, the estimate is refused with an InputError naming the
// first non-finite result path, never printed as null.
void check_finite(const Json& result);

}  // namespace llm_sizer
