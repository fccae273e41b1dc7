#include "model/flops.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

bool is_token_matmul(const TensorSpec& t) {
  if (t.vector) return false;
  switch (t.component) {
    case Component::embedding:           // a lookup, unless tied to the head (counted there)
    case Component::position_embedding:  // a lookup
    case Component::mtp:                 // only run for speculative decoding
    case Component::vision:              // runs per image, not per text token
    case Component::lm_head:             // reported apart
      return false;
    default:
      return true;
  }
}

}  // namespace

double token_matmul_flops(const ModelSpec& m, const TensorSpec& t) {
  if (!is_token_matmul(t)) return 0;
  // Only experts_per_token of the stacked expert matrices see a given token.
  const double matrices = t.matrices > 1 ? double(m.moe.experts_per_token) : 1.0;
  return 2.0 * double(t.row_length) * double(t.rows) * matrices;
}

double layer_attention_flops(const ModelSpec& m, const LayerSpec& layer, double attended_tokens) {
  if (layer.attention == AttentionKind::linear) {
    // Gated DeltaNet keeps a d_k x d_v state per value head: read and update it once per token
    // (Yang et al. 2024, "Gated Delta Networks", eq. 10): about 4 d_k d_v FLOPs per head.
    const LinearAttentionSpec& la = m.linear_attention;
    return 4.0 * la.num_value_heads * la.key_head_dim * la.value_head_dim;
  }
  const double qk_width =
      m.mla ? double(m.num_heads) * (m.mla->qk_nope_head_dim + m.mla->qk_rope_head_dim)
            : double(m.q_width());
  const double v_width = m.mla ? double(m.num_heads) * m.mla->v_head_dim : double(m.q_width());
  const double tokens = layer.attention == AttentionKind::sliding
                            ? std::min(attended_tokens, double(m.sliding_window))
                            : attended_tokens;
  return 2.0 * tokens * (qk_width + v_width);
}

ForwardFlops forward_flops_per_token(const ModelSpec& m, const std::vector<TensorSpec>& tensors,
                                     double attended_tokens) {
  ForwardFlops flops;
  for (const auto& t : tensors) flops.matmul += token_matmul_flops(m, t);
  flops.lm_head = 2.0 * double(m.hidden_size) * double(m.vocab_size);
  for (const auto& layer : m.layers) {
    flops.attention += layer_attention_flops(m, layer, attended_tokens);
  }
  return flops;
}

}  // namespace llm_sizer
