// Recurrent token mixers: a fixed-size state per sequence instead of a KV cache.
#include "model/tensor_list.hpp"

namespace llm_sizer {

// Gated DeltaNet (Qwen3-Next modeling_qwen3_next.py, Qwen3NextGatedDeltaNet).
void TensorList::linear_attention(int layer, Component c) {
  const LinearAttentionSpec& la = m_.linear_attention;
  if (la.kimi_delta) {
    kimi_delta_attention(layer, c);
    return;
  }
  const int64_t h = m_.hidden_size;
  const int64_t key_dim = la.num_key_heads * la.key_head_dim;
  const int64_t value_dim = la.num_value_heads * la.value_head_dim;
  matrix("ssm_in", c, layer, h, 2 * key_dim + 2 * value_dim);  // in_proj_qkvz
  matrix("ssm_ba", c, layer, h, 2 * la.num_value_heads);       // in_proj_ba
  vector("ssm_conv1d", c, layer, (2 * key_dim + value_dim) * la.conv_kernel);
  vector("ssm_dt", c, layer, la.num_value_heads);  // dt_bias
  vector("ssm_a", c, layer, la.num_value_heads);   // A_log
  vector("ssm_norm", c, layer, la.value_head_dim);
  matrix("ssm_out", c, layer, value_dim, h);
}

// Kimi Delta Attention (fla-org/flash-linear-attention fla/layers/kda.py, KimiDeltaAttention, as
// Kimi Linear's checkpoint holds it): q, k, v projections, a bias-free short convolution on each,
// low-rank (head_dim) projections for the per-channel decay and the output gate, a per-head beta,
// A_log per head, dt_bias per channel, a per-head output norm.
void TensorList::kimi_delta_attention(int layer, Component c) {
  const LinearAttentionSpec& la = m_.linear_attention;
  const int64_t h = m_.hidden_size;
  const int64_t width = la.num_value_heads * la.value_head_dim;
  const int64_t rank = la.value_head_dim;
  for (std::string_view kind : {"attn_q", "attn_k", "attn_v"}) matrix(kind, c, layer, h, width);
  for (std::string_view kind : {"ssm_conv1d_q", "ssm_conv1d_k", "ssm_conv1d_v"}) {
    vector(kind, c, layer, width * la.conv_kernel);
  }
  matrix("ssm_f_a", c, layer, h, rank);
  matrix("ssm_f_b", c, layer, rank, width);
  matrix("ssm_beta", c, layer, h, la.num_value_heads);
  vector("ssm_a", c, layer, la.num_value_heads);  // A_log
  vector("ssm_dt", c, layer, width);              // dt_bias
  matrix("ssm_g_a", c, layer, h, rank);
  matrix("ssm_g_b", c, layer, rank, width);
  vector("ssm_norm", c, layer, la.value_head_dim);
  matrix("ssm_out", c, layer, width, h);
}

// Mamba (transformers models/mamba/modeling_mamba.py, MambaMixer; Jamba adds RMSNorms on dt, B
// and C) and Mamba-2 (models/mamba2/modeling_mamba2.py, Mamba2Mixer). Names are llama.cpp's; the
// depthwise convolution and A are kept in F32 there, so they are listed as vectors.
void TensorList::state_space_mixer(int layer, Component c) {
  const SsmSpec& s = m_.ssm;
  const int64_t h = m_.hidden_size;
  const int64_t inner = s.inner_size;
  if (s.version == 1) {
    linear("ssm_in", c, layer, h, 2 * inner, s.proj_bias);  // x and the gate z
    vector("ssm_conv1d", c, layer, inner * s.conv_kernel);
    if (s.conv_bias) bias("ssm_conv1d", c, layer, inner);
    matrix("ssm_x", c, layer, inner, s.dt_rank + 2 * s.state_size);  // dt, B, C
    linear("ssm_dt", c, layer, s.dt_rank, inner, true);
    if (s.dt_norms) {
      vector("ssm_dt_norm", c, layer, s.dt_rank);
      vector("ssm_b_norm", c, layer, s.state_size);
      vector("ssm_c_norm", c, layer, s.state_size);
    }
    vector("ssm_a", c, layer, inner * s.state_size);
    vector("ssm_d", c, layer, inner);
  } else {
    const int64_t bc = 2 * s.n_groups * s.state_size;
    linear("ssm_in", c, layer, h, 2 * inner + bc + s.num_heads, s.proj_bias);  // z, xBC, dt
    vector("ssm_conv1d", c, layer, (inner + bc) * s.conv_kernel);
    if (s.conv_bias) bias("ssm_conv1d", c, layer, inner + bc);
    vector("ssm_dt", c, layer, s.num_heads);  // dt_bias
    vector("ssm_a", c, layer, s.num_heads);   // A_log
    vector("ssm_d", c, layer, s.num_heads);
    if (s.inner_norm) vector("ssm_norm", c, layer, inner);
  }
  linear("ssm_out", c, layer, inner, h, s.proj_bias);
}

}  // namespace llm_sizer
