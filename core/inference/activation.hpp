#pragma once

#include <cstdint>

#include "model/model_spec.hpp"

namespace llm_sizer {

// Transient memory of a forward pass, per token in flight: the widest point of a decoder layer
// (layer input and residual, plus the attention projections or the MLP's intermediate, whichever
// is larger; MoE counts the experts a token is routed to). Activations of one layer are freed
// before the next starts, so this is the whole per-token peak. `element_bytes` is the
// activation dtype (2 for bf16/fp16).
double activation_bytes_per_token(const ModelSpec& model, double element_bytes);

// The output logits the sampler keeps in fp32, per sequence.
double logits_bytes_per_sequence(const ModelSpec& model);

// llama.cpp's compute buffer: ggml-alloc reserves the largest live set of one ubatch's graph,
// with f32 intermediates. Without flash attention the attention stage holds the n_ctx x n_ubatch
// score matrix of every head; otherwise the MLP or the output logits dominate.
double llama_cpp_compute_buffer_bytes(const ModelSpec& model, int64_t n_ctx, int64_t n_ubatch,
                                      bool flash_attention);

}  // namespace llm_sizer
