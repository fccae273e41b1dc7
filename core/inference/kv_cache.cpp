#include "inference/kv_cache.hpp"

#include <algorithm>
#include <cmath>

namespace llm_sizer {
namespace {

// Gated DeltaNet: a d_k x d_v recurrent state per value head, plus the causal-conv window
// (kernel - 1 past inputs of q, k and v) — Qwen3-Next modeling code, cache layout.
double delta_net_state_elements(const LinearAttentionSpec& la) {
  return double(la.num_value_heads) * la.key_head_dim * la.value_head_dim +
         double(2 * la.num_key_heads * la.key_head_dim + la.num_value_heads * la.value_head_dim) *
             double(la.conv_kernel - 1);
}

// Mamba: the SSM state (d_inner x d_state; Gu & Dao 2023, section 3.4) and the convolution's
// last d_conv - 1 inputs (d_inner wide, plus B and C for Mamba-2) — llama.cpp's recurrent cache
// (hparams n_embd_s and n_embd_r).
double state_space_elements(const SsmSpec& s) {
  const double conv_channels =
      double(s.inner_size) + (s.version == 2 ? 2.0 * double(s.n_groups * s.state_size) : 0.0);
  return double(s.inner_size) * double(s.state_size) + conv_channels * double(s.conv_kernel - 1);
}

// The indexer's cached key, whatever the KV cache's format: FP8 with one FP32 scale per 128 values
// (DeepSeek-V3.2-Exp inference/model.py: k_cache float8_e4m3fn, k_scale_cache per block_size 128;
// vLLM's DeepseekV32IndexerCache: index_head_dim + index_head_dim / 128 * 4 bytes).
double indexer_key_bytes(const SparseIndexerSpec& indexer) {
  constexpr double kScaleBlock = 128;
  constexpr double kScaleBytes = 4;
  return double(indexer.head_dim) + std::ceil(double(indexer.head_dim) / kScaleBlock) * kScaleBytes;
}

// The tokens a sliding-window layer holds of a sequence of t tokens.
double windowed(const KvLayout& layout, double t) {
  return layout.window_tokens > 0 ? std::min(t, double(layout.window_tokens)) : t;
}

}  // namespace

KvLayout kv_layout(const ModelSpec& m, const KvFormat& format, int64_t first_layer,
                   int64_t end_layer) {
  KvLayout layout;
  layout.window_tokens = m.sliding_window;
  const double element = format.bytes_per_element;
  // MLA caches one latent vector per token and layer, not per-head K and V (DeepSeek-V2 paper,
  // section 2.1.2: (d_c + d_h^R) elements per token per layer; vLLM, SGLang, TensorRT-LLM and
  // llama.cpp since PR #19067 allocate exactly this).
  double per_layer = 2.0 * double(m.num_kv_heads) * double(m.head_dim) * element;
  if (m.mla) {
    layout.latent_elements_per_layer = double(m.mla->kv_lora_rank + m.mla->qk_rope_head_dim);
    per_layer = layout.latent_elements_per_layer * element;
  }
  // DeepSeek Sparse Attention: the main attention reads the top_k tokens the indexer picks, and
  // the indexer reads its own key of every token (DeepSeek-V3.2 report, section 2.1).
  const double indexer_per_layer = m.indexer ? indexer_key_bytes(*m.indexer) : 0.0;
  const double sparse_per_layer = m.indexer ? per_layer : 0.0;
  if (m.indexer) layout.top_k_tokens = m.indexer->top_k;
  const int64_t end = end_layer < 0 ? int64_t(m.layers.size()) : end_layer;
  for (int64_t i = std::max<int64_t>(0, first_layer); i < end; ++i) {
    const LayerSpec& layer = m.layers[size_t(i)];
    if (layer.encoder) continue;  // the encoder runs once over the input and keeps nothing
    if (layer.kv_shared) {
      // Gemma3nTextAttention: keys and values come from the last earlier layer of the same kind.
      (layer.attention == AttentionKind::sliding ? layout.reread_sliding_bytes_per_token
                                                 : layout.reread_full_bytes_per_token) += per_layer;
      continue;
    }
    switch (layer.attention) {
      case AttentionKind::full:
        layout.full_bytes_per_token += per_layer + indexer_per_layer;
        layout.indexer_bytes_per_token += indexer_per_layer;
        layout.top_k_bytes_per_token += sparse_per_layer;
        break;
      case AttentionKind::sliding:
        layout.sliding_bytes_per_token += per_layer;
        break;
      case AttentionKind::linear:
        layout.state_bytes += element * delta_net_state_elements(m.linear_attention);
        break;
      case AttentionKind::state_space:
        layout.state_bytes += element * state_space_elements(m.ssm);
        break;
      case AttentionKind::none:
        break;
      case AttentionKind::cross_only:
        // The image tokens' keys and values, computed once per image (MllamaTextCrossAttention
        // caches them like any key/value pair).
        layout.state_bytes += per_layer * (m.vision ? double(m.vision->tokens_per_image) : 0.0);
        break;
    }
    if (layer.cross_attention) layout.cross_bytes_per_token += per_layer;
  }
  return layout;
}

double kv_bytes_per_sequence(const KvLayout& layout, int64_t tokens) {
  const double t = double(tokens);
  return (layout.full_bytes_per_token + layout.cross_bytes_per_token) * t +
         layout.sliding_bytes_per_token * windowed(layout, t) + layout.state_bytes;
}

double kv_read_bytes_per_sequence(const KvLayout& layout, int64_t tokens) {
  const double unread =
      layout.top_k_tokens > 0 ? std::max(0.0, double(tokens) - double(layout.top_k_tokens)) : 0.0;
  const double t = double(tokens);
  const double reread = layout.reread_full_bytes_per_token * t +
                        layout.reread_sliding_bytes_per_token * windowed(layout, t);
  return kv_bytes_per_sequence(layout, tokens) - layout.top_k_bytes_per_token * unread + reread;
}

double kv_share_per_device(const ModelSpec& m, int64_t tp) {
  if (tp <= 1 || m.mla) return 1.0;
  // Attention-free models (Mamba) split their state by channels.
  if (m.num_kv_heads == 0) return 1.0 / double(tp);
  const double heads_per_device = std::max(1.0, double(m.num_kv_heads) / double(tp));
  return heads_per_device / double(m.num_kv_heads);
}

}  // namespace llm_sizer
