#pragma once

#include <cstddef>
#include <cstdint>

#include "entry_points.hpp"

namespace llm_sizer::fuzz {

// A structure-aware mutation: parses the input as JSON and changes one value inside it (a number
// to a boundary value or a scaled copy, a string to another catalog id, a value to another type,
// a known field added or removed, a section added, the model swapped for a preset or a config),
// so most mutants stay valid scenarios and reach the arithmetic. Byte-level mutation found none
// of the overflow and sign bugs of issue 17; this finds them. Returns the new size, or 0 when the
// input is not JSON or the mutant does not fit max_size (the caller then mutates bytes).
size_t mutate_document(Document document, uint8_t* data, size_t size, size_t max_size,
                       unsigned seed);

}  // namespace llm_sizer::fuzz
