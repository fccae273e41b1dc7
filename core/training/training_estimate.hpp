#pragma once

#include <vector>

#include "explain/explanation.hpp"
#include "hardware/accelerator.hpp"
#include "hardware/cluster.hpp"
#include "model/param_count.hpp"
#include "model/tensors.hpp"
#include "step_time/efficiency.hpp"
#include "step_time/goodput.hpp"
#include "step_time/plan_memory.hpp"
#include "step_time/step_time.hpp"
#include "training/compute.hpp"
#include "training/cost.hpp"
#include "training/training_input.hpp"
#include "warning.hpp"

namespace llm_sizer {

struct TrainingResult {
  TrainingFlops flops;
  TrainingTime time;
  TrainingMemory memory;
  TrainingCost cost;
  ComputeOptimal compute_optimal;
  TrainingEfficiency efficiency;
  StepEstimate step;         // the step-time model for the scenario's plan
  Goodput goodput;           // training time / wall time (applied without a given mfu)
  double mfu_estimated = 0;  // model FLOPs per token x tokens/s over the peak (PaLM's MFU)
  double hfu_estimated = 0;  // the same with the executed FLOPs (recomputation included)
  double chinchilla_tokens = 0;
  double adapter_params = 0;  // LoRA/QLoRA: the trainable adapter parameters
};

// Compute, time, memory, cost and energy of one training or fine-tuning run. The time comes
// from training.mfu when the scenario gives one, else from the step-time model. Pure.
TrainingResult estimate_training(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                 const ParamBreakdown& params, const TrainingInput& input,
                                 const AcceleratorSpec& accelerator, const ClusterSpec& cluster,
                                 Warnings& warnings);

}  // namespace llm_sizer
