#pragma once

#include <cstdint>
#include <vector>

#include "model/flops.hpp"

namespace llm_sizer {

// A decoder token's forward FLOPs as a function of the positions it attends to, which is
// piecewise linear: full-attention layers grow with every position, sliding-window layers up to
// the window, everything else is fixed. Read off forward_flops_per_token at 0, W and 2W once, so
// the simulation prices each token with a few multiplications.
struct TokenFlops {
  double fixed = 0;         // weight matmuls, recurrent state updates: every token
  double lm_head = 0;       // only tokens whose logits are sampled
  double per_position = 0;  // full-attention layers, per attended position
  double per_windowed = 0;  // sliding-window layers, per attended position up to the window
  int64_t window = 0;       // the sliding window, or a sparse-attention indexer's top_k

  // One token attending to `attended` positions, without the LM head.
  double at(double attended) const;
  // The prompt tokens at positions [first, first + count), each attending to itself and what
  // precedes it (causal).
  double prompt_chunk(int64_t first, int64_t count) const;
};

TokenFlops token_flops(const ModelSpec& model, const std::vector<TensorSpec>& tensors);

}  // namespace llm_sizer
