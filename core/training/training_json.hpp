#pragma once

#include "field_reader.hpp"
#include "training/training_estimate.hpp"

namespace llm_sizer {

// The result's `training` block (stable field names, README "Result"), with the assumptions used.
Json training_result_to_json(const TrainingInput& input, const TrainingResult& result);

}  // namespace llm_sizer
