#include "serving/token_flops.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

// The decoder side of one token: what a generated or prompt token of a decoder passes through.
double decoder_flops(const ForwardFlops& f) {
  return f.decode_step() - f.lm_head;
}

// The sum of min(p, cap) over the positions p = first + 1 ... first + count.
double capped_position_sum(int64_t first, int64_t count, double cap) {
  const double lo = double(first) + 1;
  const double hi = double(first + count);
  if (hi <= cap) return (lo + hi) * double(count) / 2;
  if (lo >= cap) return cap * double(count);
  const double below = cap - lo + 1;  // positions lo ... cap
  return (lo + cap) * below / 2 + cap * (double(count) - below);
}

}  // namespace

double TokenFlops::at(double attended) const {
  const double windowed = window > 0 ? std::min(attended, double(window)) : 0.0;
  return fixed + per_position * attended + per_windowed * windowed;
}

double TokenFlops::prompt_chunk(int64_t first, int64_t count) const {
  const double full = capped_position_sum(first, count, double(first + count));
  const double windowed = window > 0 ? capped_position_sum(first, count, double(window)) : 0.0;
  return fixed * double(count) + per_position * full + per_windowed * windowed;
}

TokenFlops token_flops(const ModelSpec& m, const std::vector<TensorSpec>& tensors) {
  TokenFlops t;
  const ForwardFlops at_zero = forward_flops_per_token(m, tensors, 0);
  t.fixed = decoder_flops(at_zero);
  t.lm_head = at_zero.lm_head;
  const bool sliding =
      m.sliding_window > 0 && std::any_of(m.layers.begin(), m.layers.end(), [](const LayerSpec& l) {
        return l.attention == AttentionKind::sliding;
      });
  // A sparse-attention indexer caps the main attention at its top_k as a window caps a local
  // layer; its own scores grow with every position. No model has both.
  const int64_t cap = m.indexer ? m.indexer->top_k : (sliding ? m.sliding_window : 0);
  const bool windowed = cap > 0;
  // Past the window only full attention grows; below it both kinds do.
  const double w = windowed ? double(cap) : 1.0;
  const double at_w = decoder_flops(forward_flops_per_token(m, tensors, w));
  if (!windowed) {
    t.per_position = at_w - t.fixed;
    return t;
  }
  const double at_2w = decoder_flops(forward_flops_per_token(m, tensors, 2 * w));
  t.window = cap;
  t.per_position = (at_2w - at_w) / w;
  t.per_windowed = (at_w - t.fixed) / w - t.per_position;
  return t;
}

}  // namespace llm_sizer
