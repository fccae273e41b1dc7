#pragma once

#include "json_object.hpp"
#include "post_training/rl_step.hpp"

namespace llm_sizer {

// training.rl in the result: the step's parts, what a GPU holds in each phase, and the run.
Json rl_step_to_json(const RlStepResult& result);

}  // namespace llm_sizer
