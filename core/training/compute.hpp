#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/flops.hpp"
#include "training/lora.hpp"
#include "training/training_input.hpp"

namespace llm_sizer {

// Training FLOPs, two ways side by side: the detailed count from the tensor list (attention and
// LM head included) and the 6 N D rule.
struct TrainingFlops {
  ForwardFlops forward;         // one token's forward pass, attending to seq_len positions
  double adapters_forward = 0;  // LoRA adapters' forward FLOPs per token
  double model_per_token = 0;   // forward + backward, no recomputation
  double recompute_per_token = 0;
  double per_token = 0;     // executed: model + recomputation
  double n_active = 0;      // N of the 6 N D rule
  double per_token_6n = 0;  // 6 N, or 8 N with full recomputation
  double total = 0;         // per_token x D x (1 + margin)
  double total_6nd = 0;     // per_token_6n x D x (1 + margin)
};

// Full training: 3 x forward (backward = 2 x forward; Kaplan et al. 2020, section 2.1; PaLM
// appendix B, without causal halving; with training.causal_attention_flops the attention of
// softmax layers counts half, NeMo's convention for causal masks). LoRA and QLoRA skip the weight
// gradients of the frozen matrices: forward + input gradients (2 x) for them, 3 x for attention and
// the adapters. Recomputation adds a forward pass of the layers (full) or of the attention core
// (selective, Korthikanti et al. 2022, section 5); the LM head is not recomputed (Narayanan et al.
// 2021, eq. 3).
TrainingFlops training_flops(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                             const std::vector<LoraAdapter>& adapters, double n_active,
                             const TrainingInput& input);

struct GpuDays {
  int64_t gpus = 0;
  double wall_days = 0;
};

struct TrainingTime {
  double peak_flops_per_s = 0;  // one device, dense, at the training precision
  double wall_s = 0;
  double wall_s_6nd = 0;  // the same utilisation applied to the 6 N D count
  double gpu_hours = 0;
  double steps = 0;  // optimizer steps: tokens / global batch tokens
  double step_time_s = 0;
  double utilisation = 0;      // of the dense peak, applied to the executed FLOPs
  double pipeline_bubble = 0;  // (p - 1) / (v m) of the schedule (the step model applies it)
  std::optional<double> gpus_for_target_days_exact;  // before rounding up
  std::optional<int64_t> gpus_for_target_days;
  std::vector<GpuDays> days_vs_gpus;  // the same run on other GPU counts, same MFU
};

// wall = FLOPs / (GPUs x peak x utilisation), the utilisation applied to the executed FLOPs:
// the scenario's mfu, or what the step-time model gives (training_estimate.cpp).
TrainingTime training_time(const TrainingFlops& flops, double peak_flops_per_s,
                           const TrainingInput& input, double utilisation);

// Hoffmann et al. 2022: D = 20 N at the compute-optimal frontier, so C = 6 N D = 120 N^2.
struct ComputeOptimal {
  double budget_flops = 0;
  double params = 0;
  double tokens = 0;
};
ComputeOptimal compute_optimal(double budget_flops);

}  // namespace llm_sizer
