#pragma once

#include <vector>

#include "model/flops.hpp"
#include "model/tensors.hpp"
#include "step_time/lora.hpp"
#include "step_time/training_settings.hpp"

namespace llm_sizer {

// Training FLOPs, two ways side by side: the detailed count from the tensor list (attention and
// LM head included) and the 6 N D rule.
struct TrainingFlops {
  ForwardFlops forward;         // one token's forward pass, attending to seq_len positions
  double adapters_forward = 0;  // LoRA adapters' forward FLOPs per token
  double model_per_token = 0;   // forward + backward, no recomputation
  double recompute_per_token = 0;
  double reference_per_token = 0;  // log-probability passes: DPO's or GRPO's reference, GRPO's
                                   // old policy (one forward pass each per batch)
  double per_token = 0;            // executed: model + recomputation + reference
  double n_active = 0;             // N of the 6 N D rule
  double per_token_6n = 0;         // 6 N, or 8 N with full recomputation
  double total = 0;                // per_token x D x (1 + margin)
  double total_6nd = 0;            // per_token_6n x D x (1 + margin)
};

// Full training: 3 x forward (backward = 2 x forward; Kaplan et al. 2020, section 2.1; PaLM
// appendix B, without causal halving; with training.causal_attention_flops the attention of
// softmax layers counts half, NeMo's convention for causal masks). LoRA and QLoRA skip the weight
// gradients of the frozen matrices: forward + input gradients (2 x) for them, 3 x for attention and
// the adapters. Recomputation adds a forward pass of the layers (full) or of the attention core
// (selective, Korthikanti et al. 2022, section 5); the LM head is not recomputed (Narayanan et al.
// 2021, eq. 3). DPO's reference policy adds one forward pass of its matmuls, attention and LM
// head (Rafailov et al. 2023; none when its log-probabilities are precomputed).
TrainingFlops training_flops(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                             const std::vector<LoraAdapter>& adapters, double n_active,
                             const TrainingInput& input);

}  // namespace llm_sizer
