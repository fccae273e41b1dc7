#include "model/flops.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

bool is_token_matmul(const TensorSpec& t) {
  if (t.vector) return false;
  switch (t.component) {
    case Component::embedding:  // a lookup (unless tied to the head, counted there); OPT's
                                // projections in and out of the embedding width are matmuls
      return t.kind == "proj_in" || t.kind == "proj_out";
    case Component::position_embedding:   // a lookup
    case Component::mtp:                  // only run for speculative decoding
    case Component::per_layer_embedding:  // a lookup
    case Component::vision:               // runs per image, not per text token
    case Component::audio:                // runs per audio clip
    case Component::lm_head:              // reported apart
      return false;
    default:
      // T5's relative position bias is a table lookup too.
      return t.kind != "attn_rel_b";
  }
}

}  // namespace

double layer_attention_flops(const ModelSpec& m, const LayerSpec& layer, double attended_tokens) {
  const double qk_width =
      m.mla ? double(m.num_heads) * (m.mla->qk_nope_head_dim + m.mla->qk_rope_head_dim)
            : double(m.q_width());
  const double v_width = m.mla ? double(m.num_heads) * m.mla->v_head_dim : double(m.q_width());
  const LinearAttentionSpec& la = m.linear_attention;
  switch (layer.attention) {
    case AttentionKind::none:
      return 0;
    case AttentionKind::linear:
      // Gated DeltaNet keeps a d_k x d_v state per value head: read and update it once per token
      // (Yang et al. 2024, "Gated Delta Networks", eq. 10): about 4 d_k d_v FLOPs per head.
      return 4.0 * la.num_value_heads * la.key_head_dim * la.value_head_dim;
    case AttentionKind::state_space:
      // Selective scan (Gu & Dao 2023, Algorithm 2 / Dao & Gu 2024, eq. 1): per state element,
      // discretise (dA, dB x), update h = dA h + dB x and read out C h: about 6 FLOPs.
      return 6.0 * double(m.ssm.inner_size) * double(m.ssm.state_size);
    case AttentionKind::cross_only: {
      // Llama 3.2 Vision: every text token attends to the image tokens.
      const double image = m.vision ? double(m.vision->tokens_per_image) : 0.0;
      return 2.0 * image * (qk_width + v_width);
    }
    case AttentionKind::sliding:
      return 2.0 * std::min(attended_tokens, double(m.sliding_window)) * (qk_width + v_width);
    case AttentionKind::full:
      break;
  }
  if (m.indexer) {
    // DeepSeek Sparse Attention (DeepSeek-V3.2 report, section 2.1): the indexer's heads score
    // every token, then the main attention attends to the top_k it picked.
    const double scored =
        2.0 * attended_tokens * double(m.indexer->num_heads * m.indexer->head_dim);
    const double attended = std::min(attended_tokens, double(m.indexer->top_k));
    return scored + 2.0 * attended * (qk_width + v_width);
  }
  // Self-attention, plus attention over the encoder's output for an encoder-decoder's decoder.
  return 2.0 * attended_tokens * (qk_width + v_width) * (layer.cross_attention ? 2.0 : 1.0);
}

double token_matmul_flops(const ModelSpec& m, const TensorSpec& t) {
  if (!is_token_matmul(t)) return 0;
  // Only experts_per_token of the stacked expert matrices see a given token.
  const double matrices = t.matrices > 1 ? double(m.moe.experts_per_token) : 1.0;
  return 2.0 * double(t.row_length) * double(t.rows) * matrices;
}

ForwardFlops forward_flops_per_token(const ModelSpec& m, const std::vector<TensorSpec>& tensors,
                                     double attended_tokens) {
  ForwardFlops flops;
  for (const auto& t : tensors) {
    const double f = token_matmul_flops(m, t);
    flops.matmul += f;
    if (t.encoder) flops.encoder_matmul += f;
  }
  flops.lm_head = 2.0 * double(m.hidden_size) * double(m.vocab_size);
  for (const auto& layer : m.layers) {
    const double f = layer_attention_flops(m, layer, attended_tokens);
    flops.attention += f;
    if (layer.encoder) flops.encoder_attention += f;
  }
  return flops;
}

}  // namespace llm_sizer
