#pragma once

#include <vector>

#include "catalog/catalog.hpp"

namespace llm_sizer {

// The file of notes on the rows below (data/measurements/<kParameterNotesFile>).
inline constexpr const char* kParameterNotesFile = "parameter-count-notes.json";

// Reference rows made from the catalog, so a preset's official count is written only once (in
// data/models): for every model preset, "params-total-<id>" compares the count computed from its
// config with official_params (exact, or within 1% when the preset says "rounded"), and
// "params-active-<id>" with official_params_active (3%: MoE active counts are published to two
// or three digits). `notes` (the rows of kParameterNotesFile) may replace a row's tolerance and
// add notes where an official figure counts something the config does not hold; a note naming no
// generated row is an error.
std::vector<Json> preset_parameter_rows(const Catalog& catalog, const Json& notes);

}  // namespace llm_sizer
