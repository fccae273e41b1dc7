#include "inference/speed.hpp"

#include <algorithm>
#include <cmath>

#include "inference/kv_cache.hpp"

namespace llm_sizer {
namespace {

// base^exponent by squaring. std::pow comes from each platform's libm (glibc natively, musl in
// WASM) and may differ in the last bit; multiplications round the same everywhere, so the CLI and
// the page print the same digits.
double integer_power(double base, int64_t exponent) {
  double result = 1.0;
  for (; exponent > 0; exponent >>= 1, base *= base) {
    if (exponent & 1) result *= base;
  }
  return result;
}

// Weight bytes one forward step streams: every matrix a token passes through (the token
// embedding is a row lookup unless the head reuses it), the experts the batch touches, not the
// image encoder, the MTP module, or an encoder-decoder's encoder side (run once per request).
// The weights every token reads: all but the image and audio encoders, the encoder stack, the
// routed experts, Gemma 3n's per-layer table and the input embedding (row lookups) unless the
// output head shares it.
double dense_streamed_bytes(const ModelSpec& m, const WeightsSize& w) {
  double bytes = w.bytes - w.media_encoder_bytes() - w.component(Component::experts) -
                 w.encoder_bytes - w.component(Component::per_layer_embedding);
  if (!m.tie_word_embeddings) bytes -= w.component(Component::embedding);
  return bytes;
}

// An encoder-decoder's prompt goes through the encoder only (and the cross-attention keys and
// values); a decoder's prompt through every layer.
bool prompt_in_encoder(const ModelSpec& m) {
  return m.stacks == Stacks::encoder_decoder;
}

double layers_where(const ModelSpec& m, bool encoder) {
  return double(std::count_if(m.layers.begin(), m.layers.end(),
                              [&](const LayerSpec& l) { return l.encoder == encoder; }));
}

// CPUs: llama.cpp's mul_mat_id multiplies a prefill chunk's routed experts token by token (a
// dot product per weight row and token, no tiled GEMM), so each token passes its experts' weights
// through the kernels as a decode step does, and each token and expert adds a fixed cost. The
// experts' share of the FLOPs is their share of the weights a token reads.
// `flops` of `tokens` (a part of s.flops); `expert_bytes` all the routed experts' weights, and
// `dense_bytes` the weights every token reads.
void set_expert_rows(StepCost& s, const ModelSpec& m, const Efficiency& e, double flops,
                     double tokens, double dense_bytes, double expert_bytes, double split) {
  if (!m.is_moe() || tokens <= 0) return;
  const double picked = double(m.moe.experts_per_token);
  s.expert_dispatch_s += tokens * picked * double(moe_layer_count(m)) * e.expert_token_s;
  // ik_llama.cpp's fused MoE multiplies them as GEMMs: their cost per token and expert only.
  if (e.expert_row_bytes_per_s <= 0) return;
  const double routed_bytes = expert_bytes * picked / double(m.moe.num_experts);
  s.expert_flops = flops * routed_bytes / (dense_bytes + routed_bytes);
  s.expert_row_bytes = tokens * routed_bytes / split;
}

// The matmuls' time: the routed experts token by token (where set_expert_rows applies) at the
// slower of their FLOPs and their weights' pass through the kernels, the rest at the matmul rate.
double matmul_seconds(const StepCost& s, const Efficiency& e) {
  if (e.peak_flops_per_s <= 0) return 0;
  const double rate = e.peak_flops_per_s * e.compute;
  if (s.expert_row_bytes <= 0) return s.flops / rate;
  return (s.flops - s.expert_flops) / rate +
         std::max(s.expert_flops / rate, s.expert_row_bytes / e.expert_row_bytes_per_s);
}

// Two all-reduces of the hidden state per layer (Megatron-LM tensor parallelism, Shoeybi et al.
// 2019 section 3): a ring moves 2 (tp - 1) / tp of the message over each link.
double allreduce_seconds(const ModelSpec& m, const Efficiency& e, int64_t tp, double tokens) {
  if (tp <= 1 || e.sequential_split) return 0;
  const double message = tokens * double(m.hidden_size) * 2.0;
  const double transfer = e.interconnect_bytes_per_s > 0 ? 2.0 * double(tp - 1) / double(tp) *
                                                               message / e.interconnect_bytes_per_s
                                                         : 0.0;
  return double(m.layers.size()) * 2.0 * (e.allreduce_latency_s + transfer);
}

// Devices of a layer split run one after another, so a step streams every device's share in
// turn; tensor parallelism streams the shares at the same time.
double devices_in_step(const InferenceInput& in, const Efficiency& e) {
  return e.sequential_split ? 1.0 : double(in.tp);
}

// The attention kernels' part of a step's memory and compute times, at the step's efficiencies.
void set_attention_share(StepCost& s, double kv_bytes, double attention_flops,
                         const AcceleratorSpec& device, const Efficiency& e) {
  s.attention_memory_s = kv_bytes / (device.memory_bandwidth_bytes_per_s * e.memory);
  s.attention_compute_s =
      e.peak_flops_per_s > 0 ? attention_flops / (e.peak_flops_per_s * e.compute) : 0;
}

}  // namespace

double streamed_weight_bytes(const ModelSpec& m, const WeightsSize& w, int64_t batch) {
  return dense_streamed_bytes(m, w) +
         w.component(Component::experts) * touched_expert_fraction(m, batch);
}

double touched_expert_fraction(const ModelSpec& m, int64_t batch) {
  if (!m.is_moe()) return 1.0;
  const double k = double(m.moe.experts_per_token);
  const double e = double(m.moe.num_experts);
  return 1.0 - integer_power(1.0 - k / e, batch);
}

double expert_dispatch_seconds(const ModelSpec& m, double moe_layers, int64_t batch,
                               double per_expert_s) {
  if (per_expert_s <= 0 || !m.is_moe()) return 0;
  const double experts = double(m.moe.num_experts) * touched_expert_fraction(m, batch);
  return moe_layers * experts * per_expert_s;
}

StepCost decode_step(const ModelSpec& m, const WeightsSize& w, const AcceleratorSpec& device,
                     const InferenceInput& in, const Efficiency& e, int64_t batch, int64_t context,
                     const ForwardFlops& per_token) {
  StepCost s;
  const double split = devices_in_step(in, e);
  const double kv_read = kv_read_bytes_per_sequence(kv_layout(m, in.kv_cache), context) *
                         double(batch) * kv_share_per_device(m, e.sequential_split ? 1 : in.tp);
  s.bytes = streamed_weight_bytes(m, w, batch) / split + kv_read;
  s.flops = double(batch) * per_token.decode_step() / split;
  s.memory_s = s.bytes / (device.memory_bandwidth_bytes_per_s * e.memory);
  s.compute_s = e.peak_flops_per_s > 0 ? s.flops / (e.peak_flops_per_s * e.compute) : 0;
  set_attention_share(s, kv_read,
                      double(batch) * (per_token.attention - per_token.encoder_attention) / split,
                      device, e);
  s.fixed_s = layers_where(m, false) * e.layer_overhead_s;
  s.expert_dispatch_s =
      expert_dispatch_seconds(m, double(moe_layer_count(m)), batch, e.expert_dispatch_s);
  s.allreduce_s = allreduce_seconds(m, e, in.tp, double(batch));
  return s;
}

StepCost prefill(const ModelSpec& m, const WeightsSize& w, const AcceleratorSpec& device,
                 const InferenceInput& in, const Efficiency& e, int64_t sequences, int64_t prompt,
                 const ForwardFlops& per_token) {
  StepCost s;
  const double split = devices_in_step(in, e);
  const double tokens = double(sequences) * double(prompt);
  const double chunks = std::ceil(tokens / double(in.max_batched_tokens));
  // Only the last token of each prompt needs logits.
  const bool encoder = prompt_in_encoder(m);
  const double per_prompt_token = encoder ? per_token.encoder_matmul + per_token.encoder_attention
                                          : per_token.matmul + per_token.attention;
  s.flops = (tokens * per_prompt_token + double(sequences) * per_token.lm_head) / split;
  const double tokens_per_chunk = std::min(tokens, double(in.max_batched_tokens));
  const double weights =
      encoder ? w.encoder_bytes : streamed_weight_bytes(m, w, int64_t(tokens_per_chunk));
  s.bytes = chunks * weights / split;
  s.memory_s = s.bytes / (device.memory_bandwidth_bytes_per_s * e.memory);
  if (!encoder) {
    set_expert_rows(s, m, e, s.flops, tokens, dense_streamed_bytes(m, w),
                    w.component(Component::experts), split);
  }
  s.compute_s = matmul_seconds(s, e);
  s.fixed_s = chunks * layers_where(m, encoder) * e.prefill_layer_overhead_s;
  s.allreduce_s = chunks * allreduce_seconds(m, e, in.tp, tokens_per_chunk);
  return s;
}

MixedStepModel::MixedStepModel(const ModelSpec& m, const WeightsSize& w,
                               const AcceleratorSpec& device, const InferenceInput& in,
                               const Efficiency& e)
    : model_(m),
      device_(device),
      input_(in),
      efficiency_(e),
      split_(devices_in_step(in, e)),
      kv_share_(kv_share_per_device(m, e.sequential_split ? 1 : in.tp)),
      dense_bytes_(dense_streamed_bytes(m, w)),
      expert_bytes_(w.component(Component::experts)),
      decoder_layers_(layers_where(m, false)),
      moe_layers_(double(moe_layer_count(m))) {}

StepCost MixedStepModel::operator()(const MixedBatch& b) const {
  const Efficiency& e = efficiency_;
  StepCost s;
  const int64_t tokens = b.decode_tokens + b.prefill_tokens;
  const double kv_read = b.decode_kv_bytes * kv_share_;
  const double streamed = dense_bytes_ + expert_bytes_ * touched_expert_fraction(model_, tokens);
  s.bytes = streamed / split_ + kv_read;
  s.flops = (b.decode_flops + b.prefill_flops) / split_;
  s.memory_s = s.bytes / (device_.memory_bandwidth_bytes_per_s * e.memory);
  // CPUs: the decoding tokens' experts one by one, the prompt chunks' token by token (as in
  // decode_step and prefill).
  s.expert_dispatch_s =
      expert_dispatch_seconds(model_, moe_layers_, b.decode_tokens, e.expert_dispatch_s);
  set_expert_rows(s, model_, e, b.prefill_flops / split_, double(b.prefill_tokens), dense_bytes_,
                  expert_bytes_, split_);
  s.compute_s = matmul_seconds(s, e);
  set_attention_share(s, kv_read, b.attention_flops / split_, device_, e);
  s.fixed_s =
      decoder_layers_ * (b.prefill_tokens > 0 ? e.prefill_layer_overhead_s : e.layer_overhead_s);
  s.allreduce_s = allreduce_seconds(model_, e, input_.tp, double(tokens));
  return s;
}

StepCost mixed_step(const ModelSpec& m, const WeightsSize& w, const AcceleratorSpec& device,
                    const InferenceInput& in, const Efficiency& e, const MixedBatch& b) {
  return MixedStepModel(m, w, device, in, e)(b);
}

}  // namespace llm_sizer
