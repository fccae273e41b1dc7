#include "inference/activation.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

// Widths (elements per token) of the widest MLP stage: gate and up outputs plus the activated
// product for gated MLPs (up and activated output for plain ones).
double ffn_stage_width(const ModelSpec& m, const LayerSpec& layer) {
  const double matrices = m.gated_mlp ? 3.0 : 2.0;
  if (layer.ffn == FfnKind::none) return 0;
  if (layer.ffn == FfnKind::dense) return matrices * double(m.intermediate_size);
  const MoeSpec& moe = m.moe;
  return matrices * double(moe.experts_per_token) * double(moe.expert_intermediate_size) +
         matrices * double(moe.num_shared_experts) * double(moe.shared_intermediate_size);
}

double attention_stage_width(const ModelSpec& m) {
  const double q =
      m.mla ? double(m.num_heads) * double(m.mla->qk_nope_head_dim + m.mla->qk_rope_head_dim)
            : double(m.q_width());
  const double kv = m.mla
                        ? double(m.num_heads) * double(m.mla->qk_nope_head_dim + m.mla->v_head_dim)
                        : 2.0 * double(m.kv_width());
  return 2.0 * q + kv;  // q, k, v and the attention output
}

// A Mamba mixer's widest point: the in_proj output (x and z; Mamba-2 also B, C and dt) and the
// convolved x beside it (Mamba2Mixer / MambaMixer forward).
double state_space_stage_width(const SsmSpec& s) {
  const double inner = double(s.inner_size);
  const double extra =
      s.version == 2 ? 2.0 * double(s.n_groups * s.state_size) + double(s.num_heads) : 0.0;
  return 3.0 * inner + extra;
}

}  // namespace

double activation_bytes_per_token(const ModelSpec& m, double element_bytes) {
  double widest = attention_stage_width(m);
  for (const auto& layer : m.layers) {
    widest = std::max(widest, ffn_stage_width(m, layer));
    if (layer.attention == AttentionKind::state_space) {
      widest = std::max(widest, state_space_stage_width(m.ssm));
    }
  }
  return element_bytes * (2.0 * double(m.hidden_size) + widest);
}

double logits_bytes_per_sequence(const ModelSpec& m) {
  return 4.0 * double(m.vocab_size);
}

double llama_cpp_compute_buffer_bytes(const ModelSpec& m, int64_t n_ctx, int64_t n_ubatch,
                                      bool flash_attention) {
  const double ctx = double(n_ctx);
  const double ub = double(std::min(n_ubatch, n_ctx));
  const double h = double(m.hidden_size);
  constexpr double f32 = 4.0;
  // Attention: scores (n_ctx x n_ubatch per head, f32) without flash attention, the f32 mask,
  // the q/k/v projections, and the layer input and residual.
  const double scores = flash_attention ? 0.0 : ctx * ub * double(m.num_heads) * f32;
  const double attention = scores + ctx * ub * f32 +
                           ub * (double(m.q_width()) + 2.0 * double(m.kv_width())) * f32 +
                           2.0 * ub * h * f32;
  // MLP: the two up-projections alive together (the activation is applied in place).
  double ffn = 0;
  for (const auto& layer : m.layers) {
    const double width = layer.ffn == FfnKind::dense
                             ? double(m.intermediate_size)
                             : double(m.moe.experts_per_token) * m.moe.expert_intermediate_size;
    ffn = std::max(ffn, (m.gated_mlp ? 2.0 : 1.0) * ub * width * f32 + 2.0 * ub * h * f32);
  }
  // Output: logits for every token of the ubatch, plus the final hidden state.
  const double output = ub * double(m.vocab_size) * f32 + ub * h * f32;
  return std::max({attention, ffn, output});
}

}  // namespace llm_sizer
