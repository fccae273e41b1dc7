#pragma once

#include <vector>

#include "explain/explanation.hpp"
#include "hardware/accelerator.hpp"
#include "model/param_count.hpp"
#include "model/tensors.hpp"
#include "training/compute.hpp"
#include "training/cost.hpp"
#include "training/memory.hpp"
#include "training/training_input.hpp"
#include "warning.hpp"

namespace llm_sizer {

struct TrainingResult {
  TrainingFlops flops;
  TrainingTime time;
  TrainingMemory memory;
  TrainingCost cost;
  ComputeOptimal compute_optimal;
  double chinchilla_tokens = 0;
  double adapter_params = 0;  // LoRA/QLoRA: the trainable adapter parameters
};

// Compute, time, memory, cost and energy of one training or fine-tuning run. Pure.
TrainingResult estimate_training(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                 const ParamBreakdown& params, const TrainingInput& input,
                                 const AcceleratorSpec& accelerator, Warnings& warnings);

}  // namespace llm_sizer
