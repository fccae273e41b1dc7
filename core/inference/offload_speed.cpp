#include "inference/offload_speed.hpp"

#include <algorithm>
#include <cmath>

#include "inference/kv_cache.hpp"

namespace llm_sizer {
namespace {

constexpr int64_t kGpuOffloadMinBatch = 32;  // ggml-cuda.cu: min_batch_size of offloaded ops
constexpr double kActivationBytes = 4.0;     // llama.cpp hands over f32 activations

bool streamed_offload(const PlacedMemory& placed, const InferenceInput& input) {
  return runtime_streams_offload(input.runtime) && placed.placement.cpu_offload_bytes > 0;
}

double link_seconds(const HostSide& o, double bytes) {
  return bytes / (o.link.bytes_per_s * o.efficiency.link_efficiency);
}

// vLLM/SGLang: each GPU reads its offloaded share over its own link once per forward pass
// (vllm model_loader/utils.py: offloaded parameters are pinned host memory read through UVA).
double offload_read_seconds(const PlacedMemory& placed, const HostSide& o,
                            const InferenceInput& input) {
  return link_seconds(o, placed.host.weights_bytes / double(input.tp));
}

}  // namespace

StepCost decode_step_offloaded(const ModelSpec& m, const WeightsSize& w, const PlacedMemory& placed,
                               const AcceleratorSpec& device, const HostSide& o,
                               const InferenceInput& in, const Efficiency& e, int64_t batch,
                               int64_t context, const ForwardFlops& per_token) {
  if (streamed_offload(placed, in)) {
    StepCost s = decode_step(m, w, device, in, e, batch, context, per_token);
    s.link_s = offload_read_seconds(placed, o, in);
    return s;
  }
  const WeightSplit& sp = placed.split;
  const HostEfficiency& h = o.efficiency;
  const double touched = touched_expert_fraction(m, batch);
  const double device_weights = sp.device_dense + sp.device_experts * touched;
  const double host_weights = sp.host_dense + sp.host_experts * touched;
  const auto kv_read = [&](int64_t first, int64_t end) {
    return kv_read_bytes_per_sequence(kv_layout(m, in.kv_cache, first, end), context) *
           double(batch);
  };
  // Matmul FLOPs follow the weights each side reads; attention FLOPs the layers each side runs.
  const double weights = device_weights + host_weights;
  const double weight_share = weights > 0 ? device_weights / weights : 1.0;
  const double layer_share = double(sp.device_layers) / double(std::max<int64_t>(1, m.num_layers));
  const double all_flops = double(batch) * per_token.total();
  const double device_flops =
      double(batch) *
      ((per_token.matmul + per_token.lm_head) * weight_share + per_token.attention * layer_share);

  StepCost s;
  s.bytes = device_weights + kv_read(sp.first_device_layer, m.num_layers);
  s.flops = device_flops;
  s.memory_s = s.bytes / (device.memory_bandwidth_bytes_per_s * e.memory);
  s.compute_s = e.peak_flops_per_s > 0 ? device_flops / (e.peak_flops_per_s * e.compute) : 0;
  s.fixed_s = double(sp.device_layers) * e.layer_overhead_s;

  s.host_bytes = host_weights + kv_read(0, sp.first_device_layer);
  s.host_flops = all_flops - device_flops;
  const double host_memory_s = s.host_bytes / (o.host.memory_bandwidth_bytes_per_s * h.memory);
  const double host_compute_s =
      h.peak_flops_per_s > 0 ? s.host_flops / (h.peak_flops_per_s * h.compute) : 0;
  const auto host_moe_layers = std::count_if(
      m.layers.begin(), m.layers.begin() + std::min<int64_t>(sp.first_device_layer, m.num_layers),
      [](const LayerSpec& layer) { return layer.ffn == FfnKind::moe; });
  s.host_expert_dispatch_s = expert_dispatch_seconds(
      m, double(host_moe_layers + sp.host_expert_only_layers), batch, h.expert_dispatch_s);
  add_disk_reads(s, placed, sp.host_dense, sp.host_experts * touched);
  s.host_s = std::max(host_memory_s, host_compute_s) +
             double(sp.host_layers + sp.host_expert_only_layers) * h.layer_overhead_s +
             s.host_expert_dispatch_s;

  // Hand-overs: into the GPU's first layer after the CPU's layers, out to the CPU's output layer,
  // and out and back for every layer whose experts the CPU runs.
  const bool both = sp.device_layers > 0 && sp.host_layers > 0;
  const bool output_back = sp.device_layers > 0 && !sp.output_on_device;
  s.crossings = double(both) + double(output_back) + 2.0 * double(sp.host_expert_only_layers);
  const double message = double(batch) * double(m.hidden_size) * kActivationBytes;
  s.link_s = s.crossings * (h.crossing_s + message / o.link.bytes_per_s);
  return s;
}

void add_disk_reads(StepCost& s, const PlacedMemory& placed, double dense_bytes,
                    double expert_bytes) {
  if (placed.verdict != Verdict::streams_from_disk) return;
  const double cache = placed.cached_weight_bytes;
  if (dense_bytes + expert_bytes > cache) {
    s.disk_bytes = dense_bytes + expert_bytes;
  } else {
    const double experts = placed.ram_expert_bytes;
    const double held = experts > 0 ? std::clamp((cache - dense_bytes) / experts, 0.0, 1.0) : 1.0;
    s.disk_bytes = expert_bytes * (1.0 - held);
  }
  s.disk_s = s.disk_bytes / placed.disk_read_bytes_per_s;
}

StepCost prefill_offloaded(const ModelSpec& m, const WeightsSize& w, const PlacedMemory& placed,
                           const AcceleratorSpec& device, const HostSide& o,
                           const InferenceInput& in, const Efficiency& e, int64_t sequences,
                           int64_t prompt, const ForwardFlops& per_token) {
  const double tokens = double(sequences) * double(prompt);
  const double chunks = std::ceil(tokens / double(in.max_batched_tokens));
  if (streamed_offload(placed, in)) {
    StepCost s = prefill(m, w, device, in, e, sequences, prompt, per_token);
    s.link_s = chunks * offload_read_seconds(placed, o, in);
    return s;
  }
  const auto chunk = int64_t(std::min(tokens, double(in.max_batched_tokens)));
  // KTransformers' CPU runs its experts for the whole chunk; llama.cpp copies them to the GPU
  // for chunks of 32 tokens and more.
  if (chunk < kGpuOffloadMinBatch || in.runtime == Runtime::ktransformers) {
    StepCost s = decode_step_offloaded(m, w, placed, device, o, in, e, chunk, prompt, per_token);
    for (double* part : {&s.bytes, &s.flops, &s.memory_s, &s.compute_s, &s.fixed_s, &s.host_bytes,
                         &s.host_expert_dispatch_s, &s.host_flops, &s.host_s, &s.crossings,
                         &s.link_s, &s.disk_bytes, &s.disk_s}) {
      *part *= chunks;
    }
    return s;
  }
  // Every matmul runs on the GPU; the host's weights cross the link once per chunk (all of a
  // routed-expert tensor: a chunk touches nearly every expert). The output layer of the last
  // token stays where it is.
  StepCost s = prefill(m, w, device, in, e, sequences, prompt, per_token);
  const WeightSplit& sp = placed.split;
  s.host_bytes = chunks * (sp.host_dense - sp.host_output + sp.host_experts);
  s.link_s = link_seconds(o, s.host_bytes);
  add_disk_reads(s, placed, chunks * (sp.host_dense - sp.host_output), chunks * sp.host_experts);
  return s;
}

}  // namespace llm_sizer
