#pragma once

#include "explain/explanation.hpp"
#include "field_reader.hpp"
#include "inference/inference_result.hpp"
#include "inference/step_model.hpp"

namespace llm_sizer {

// Where the weights live (the scenario's placement and its three-state answer), the best
// placement that fits with its speed, and tokens/s against the layers on the GPUs.
void answer_placement(const ModelSpec& model, const AcceleratorSpec& device, const HostSpec* host,
                      const InferenceInput& input, const StepModel& steps, InferenceResult& result);

void explain_placement(const InferenceResult& result, const StepModel& steps,
                       Explanations& explanations);

// Adds host_bytes, placement, best_placement, speed_by_gpu_layers, the decode step's host and
// link parts and the host's assumptions to the result's "inference" block.
void placement_to_json(const InferenceResult& result, Json& out);

}  // namespace llm_sizer
