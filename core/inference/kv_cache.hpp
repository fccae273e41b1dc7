#pragma once

#include <cstdint>

#include "inference/inference_input.hpp"
#include "model/model_spec.hpp"

namespace llm_sizer {

// What one sequence keeps between decode steps, by layer kind.
struct KvLayout {
  double full_bytes_per_token = 0;     // global-attention layers: grows with every token
  double sliding_bytes_per_token = 0;  // sliding-window layers: grows until the window is full
  // Encoder-decoder cross-attention: keys and values of the encoder's output, per input token.
  // An encoder-decoder's context allows that many tokens on each side (input and output).
  double cross_bytes_per_token = 0;
  int64_t window_tokens = 0;
  // Linear-attention and state-space layers' recurrent state, and Llama 3.2 Vision's image keys
  // and values: a fixed size per sequence.
  double state_bytes = 0;
  double latent_elements_per_layer = 0;  // MLA: kv_lora_rank + qk_rope_head_dim (0 otherwise)
  // DeepSeek Sparse Attention: the indexer's keys (part of full_bytes_per_token, read for every
  // token) and the main attention's cache (the rest of it, read for the top_k_tokens picked).
  double indexer_bytes_per_token = 0;
  double top_k_bytes_per_token = 0;
  int64_t top_k_tokens = 0;  // 0: every cached token is read
  // Gemma 3n's shared-KV layers keep no cache but read an earlier layer's again each step.
  double reread_full_bytes_per_token = 0;
  double reread_sliding_bytes_per_token = 0;

  double bytes_per_token() const {
    return full_bytes_per_token + sliding_bytes_per_token + cross_bytes_per_token;
  }
};

// Per sequence, for the whole model (before any tensor-parallel split), or for the decoder layers
// [first_layer, end_layer) only (end_layer < 0: to the last), as when layers sit on two devices.
KvLayout kv_layout(const ModelSpec& model, const KvFormat& format, int64_t first_layer = 0,
                   int64_t end_layer = -1);

// Bytes one sequence of `tokens` tokens holds: global layers keep every token, sliding layers at
// most the window, linear layers their fixed state.
double kv_bytes_per_sequence(const KvLayout& layout, int64_t tokens);

// Bytes one decode step reads for a sequence of `tokens` tokens: what it holds, less the main
// attention's cache of the tokens a sparse-attention indexer leaves out, plus what shared-KV
// layers read again.
double kv_read_bytes_per_sequence(const KvLayout& layout, int64_t tokens);

// The share of a model's KV cache one of `tp` tensor-parallel devices holds. KV heads are split
// across devices and replicated when there are fewer heads than devices; MLA's single latent
// "head" is replicated on every device (vLLM MLAAttentionSpec: num_kv_heads = 1).
double kv_share_per_device(const ModelSpec& model, int64_t tp);

}  // namespace llm_sizer
