#pragma once

#include <vector>

#include "model/model_spec.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {

// Forward-pass FLOPs for one token (a multiply-add counts 2), split the way papers report them.
struct ForwardFlops {
  double matmul = 0;     // every weight matrix the token passes through, LM head excluded
  double lm_head = 0;    // the output projection (the tied embedding when weights are tied)
  double attention = 0;  // QK^T scores and attention-weighted values, recurrent state updates
  // The parts of matmul and attention that run once per input token of an encoder-decoder (the
  // encoder stack and the cross-attention keys and values); included in matmul and attention.
  double encoder_matmul = 0;
  double encoder_attention = 0;

  double total() const { return matmul + lm_head + attention; }
  // One generated token: every layer but the encoder side, and the head.
  double decode_step() const {
    return matmul - encoder_matmul + attention - encoder_attention + lm_head;
  }
};

// One token attending to `attended_tokens` earlier positions (capped per layer by a sliding
// window). Training and prefill pass the sequence length (PaLM's MFU convention, no causal
// halving) or its causal mean; decode passes the current context length. An encoder-decoder's
// token is a pair of one input and one output position (seq_len on each side): it passes every
// encoder and decoder weight once, and its cross-attention attends to `attended_tokens` inputs.
// Kaplan et al. 2020, Table 1: C_forward = 2N + 2 n_layer n_ctx d_attn; with MoE only the routed
// experts count (Fedus et al. 2021), and the embedding lookup is not a matmul.
ForwardFlops forward_flops_per_token(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                     double attended_tokens);

// One tensor's share of matmul: 2 x rows x row_length per token (x experts_per_token for stacked
// experts); 0 for what is not a per-token matmul (vectors, lookups, the LM head, MTP, vision).
double token_matmul_flops(const ModelSpec& model, const TensorSpec& tensor);

// One layer's token-mixing FLOPs per token (the weight matmuls are counted apart): 2 x attended x
// (qk width + v width), the attended tokens capped by a sliding window, doubled by an
// encoder-decoder's cross-attention; a linear-attention or state-space layer's state update.
double layer_attention_flops(const ModelSpec& model, const LayerSpec& layer,
                             double attended_tokens);

}  // namespace llm_sizer
