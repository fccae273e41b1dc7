#include "step_time/training_flops.hpp"

namespace llm_sizer {

TrainingFlops training_flops(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                             const std::vector<LoraAdapter>& adapters, double n_active,
                             const TrainingInput& in) {
  TrainingFlops f;
  f.forward = forward_flops_per_token(model, tensors, double(in.seq_len));
  if (in.causal_attention_flops) {
    f.forward.attention = 0;
    for (const auto& layer : model.layers) {
      const double full = layer_attention_flops(model, layer, double(in.seq_len));
      f.forward.attention += layer.attention == AttentionKind::linear ? full : 0.5 * full;
    }
  }
  for (const auto& a : adapters) {
    // x -> A x -> B (A x): 2 r (d_in + d_out) per token, for the routed experts only k of E.
    const double matrices = a.routed_expert ? double(model.moe.experts_per_token) : 1.0;
    f.adapters_forward += 2.0 * double(in.lora_rank) * double(a.in + a.out) * matrices;
  }
  const ForwardFlops& fw = f.forward;
  if (in.parameter_efficient()) {
    f.model_per_token = 2 * fw.matmul + 2 * fw.lm_head + 3 * fw.attention + 3 * f.adapters_forward;
  } else {
    f.model_per_token = 3 * fw.matmul + 3 * fw.attention + 3 * fw.lm_head;
  }
  if (in.plan.recompute == Recompute::full) {
    f.recompute_per_token = fw.matmul + fw.attention + f.adapters_forward;
  } else if (in.plan.recompute == Recompute::selective) {
    f.recompute_per_token = fw.attention;
  }
  f.reference_per_token = in.log_prob_passes() * (fw.matmul + fw.attention + fw.lm_head);
  f.per_token = f.model_per_token + f.recompute_per_token + f.reference_per_token;
  f.n_active = n_active;
  // Narayanan et al. 2021, eq. 4: 8 T P with full recomputation (2 forward + 4 backward + 2).
  // Each log-probability pass (DPO's or GRPO's reference, GRPO's old policy) adds 2 N.
  f.per_token_6n =
      ((in.plan.recompute == Recompute::full ? 8.0 : 6.0) + 2.0 * in.log_prob_passes()) * n_active;
  f.total = f.per_token * in.tokens * (1 + in.margin);
  f.total_6nd = f.per_token_6n * in.tokens * (1 + in.margin);
  return f;
}

}  // namespace llm_sizer
