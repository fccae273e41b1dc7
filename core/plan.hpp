#pragma once

#include <string>
#include <string_view>

#include "catalog/catalog.hpp"
#include "field_reader.hpp"

namespace llm_sizer {

// The planner's answer for a scenario (what `llm-sizer plan` prints and the WASM plan() returns):
// the fastest plans that fit hardware.count GPUs, best first, each with its memory, step time,
// MFU, tokens/s and step breakdown (plans[]); the best plan at each GPU count of the scaling
// curve (scaling[]); how many plans were searched. The training section's settings (model
// precision, optimizer, sequence, global batch, ...) apply; its plan fields and mfu are ignored.
// Throws InputError.
// Every number in it is finite.
Json plan_json(const Json& input, const Catalog& catalog);

// Scenario text in, compact plan text out, or the {"error": ...} value (answer_text.hpp): what
// the WASM plan() returns and `llm-sizer batch --plan` prints.
std::string plan_text(std::string_view scenario_text, const Catalog& catalog);

}  // namespace llm_sizer
