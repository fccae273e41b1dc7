#pragma once

#include <cstdint>

#include "catalog/catalog.hpp"
#include "field_reader.hpp"
#include "hardware/accelerator.hpp"
#include "model/model_spec.hpp"
#include "serving/serving_input.hpp"
#include "step_time/training_settings.hpp"
#include "warning.hpp"

namespace llm_sizer {

// Where a GRPO step's answers are generated: on the training GPUs, the engine woken between
// updates (verl's hybrid engine, NeMo-RL's colocated default), or on a pool of its own that
// receives the weights after each step (OpenRLHF's and NeMo-RL's split placement).
enum class RolloutPlacement { colocated, separate };

// training.rollout, read: the generation engine (a vLLM or SGLang instance per `serving.replicas`,
// tp devices each) and the step's answers as an offline batch it serves.
struct RolloutInput {
  RolloutPlacement placement = RolloutPlacement::colocated;
  int64_t gpus = 0;  // devices generating: the training GPUs, or the separate pool's
  // Separate pools only: the next step's answers are generated while this step's update runs,
  // one step off-policy (NeMo-RL's async GRPO, max_trajectory_age_steps 1).
  bool async = false;
  ServingInput serving;
};

// Reads training.rollout (absent: every default) for a GRPO step of `training` on
// `training_gpus` devices. The engine's tensor parallelism defaults to the fewest devices whose
// share of the weights takes at most half of the engine's memory budget. Throws InputError.
RolloutInput parse_rollout(const Json* section, const TrainingInput& training,
                           const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                           const AcceleratorSpec& device, int64_t training_gpus,
                           const Catalog& catalog, Warnings& warnings);

Json rollout_input_to_json(const RolloutInput& input);

// The values each enumerated rollout field accepts (placement, runtime), for pickers.
Json rollout_choices();

}  // namespace llm_sizer
