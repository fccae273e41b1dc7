#include "inference/host_efficiency.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

// Decode on a CPU streams weights at a share of channels x 8 bytes x MT/s that depends on the
// memory, as the GPUs' does (efficiency.cpp): two- and four-channel DDR desktops reach the most,
// soldered LPDDR of laptops and APUs less (longer latency, power limits), many-channel servers
// least (dozens of cores must keep enough reads in flight across chiplets). Fitted to the CPU-only
// and offload measurements of each class in data/measurements/offload-speed.json. llama.cpp places
// no weights per NUMA node, so threads on every socket read one another's memory and a second
// socket adds cores, not bandwidth (llama.cpp issue 11744): the share is of one socket's.
constexpr double kStreamingDesktop = 0.62;   // DDR, up to 4 channels
constexpr double kStreamingSoldered = 0.42;  // LPDDR
constexpr double kStreamingServer = 0.47;    // DDR, more than 4 channels
// Prefill matmuls on a CPU reach this share of the vector peak at base clock (llama.cpp pp512 on
// a Ryzen 9 7950X, LLaMA-3.1-8B: Q4_0 153, Q8_0 148, BF16 79 t/s; ik_llama.cpp discussion 164).
constexpr double kCompute = 0.2;
// llama.cpp's CPU kernels multiply each routed expert's rows of a prefill chunk separately; below
// about this many rows per expert the matmuls fall short of the dense rate in proportion
// (Qwen3-30B-A3B: 32 rows per expert of a 512-token chunk, 0.40 of the dense rate; DeepSeek-V2-
// Lite: 48 rows, 0.59; Ryzen 9 7950X, ik_llama.cpp discussions 357 and 354).
constexpr double kExpertMinTokens = 80;
// Per layer the CPU runs in a decode step: a dozen ops, each ending in a barrier of all threads.
constexpr double kLayerOverhead = 20e-6;
constexpr double kPrefillLayerOverhead = 100e-6;
// A weight copy to the GPU for a large batch reaches this share of the link's per-direction rate:
// llama.cpp maps the model file (mmap), so host weights sit in pageable memory, which CUDA copies
// through a pinned staging buffer (Qwen3-30B-A3B with 14 layers of experts on a Ryzen 9 7950X
// and an RTX 4080: 512-token chunks imply 9-11 GB/s over PCIe 4.0 x16; ik_llama.cpp disc. 357).
constexpr double kLinkEfficiency = 0.33;
// One hand-over between GPU and CPU: a small synchronous copy and the scheduler's switch of
// backends (ggml_backend_sched splits).
constexpr double kCrossing = 20e-6;

}  // namespace

Precision host_precision(const WeightFormat& f) {
  if (f.scheme == WeightScheme::gguf) {
    switch (f.gguf_ftype) {
      case GgufFtype::f32:
        return Precision::fp32;
      case GgufFtype::f16:
        return Precision::fp16;
      case GgufFtype::bf16:
        return Precision::bf16;
      default:
        return Precision::int8;
    }
  }
  if (f.scheme == WeightScheme::dense) return f.dense_bytes >= 4 ? Precision::fp32 : f.compute;
  return f.bits <= 8 ? Precision::int8 : Precision::fp16;
}

namespace {

double streaming(const std::string& memory_type, int64_t channels, int64_t sockets) {
  const double share = memory_type.rfind("LPDDR", 0) == 0 ? kStreamingSoldered
                       : channels > 4                     ? kStreamingServer
                                                          : kStreamingDesktop;
  return share / double(std::max<int64_t>(1, sockets));
}

HostEfficiency host_efficiency(
    const InferenceInput& in,
    const std::array<std::optional<double>, kPrecisionNames.size()>& peaks, double memory) {
  HostEfficiency h;
  h.memory = in.host_memory_efficiency.value_or(memory);
  h.compute = in.host_compute_efficiency.value_or(kCompute);
  h.precision = host_precision(in.weights);
  // Without a figure for that precision the CPU widens to FP32.
  h.peak_flops_per_s =
      peaks[size_t(h.precision)].value_or(peaks[size_t(Precision::fp32)].value_or(0.0));
  h.layer_overhead_s = kLayerOverhead;
  h.prefill_layer_overhead_s = kPrefillLayerOverhead;
  h.link_efficiency = kLinkEfficiency;
  h.crossing_s = kCrossing;
  return h;
}

}  // namespace

HostEfficiency resolve_host_efficiency(const InferenceInput& in, const HostSpec& host) {
  return host_efficiency(in, host.dense_flops_per_s,
                         streaming(host.memory_type, host.memory_channels, host.sockets));
}

Efficiency cpu_device_efficiency(const InferenceInput& in, const AcceleratorSpec& cpu) {
  const HostEfficiency h = host_efficiency(
      in, cpu.dense_flops_per_s, streaming(cpu.memory_type, cpu.memory_channels, cpu.sockets));
  Efficiency e;
  e.memory = in.memory_efficiency.value_or(h.memory);
  e.compute = in.compute_efficiency.value_or(h.compute);
  e.precision = h.precision;
  e.peak_flops_per_s = h.peak_flops_per_s;
  e.layer_overhead_s = in.layer_overhead_s.value_or(h.layer_overhead_s);
  e.prefill_layer_overhead_s = h.prefill_layer_overhead_s;
  e.expert_min_tokens = kExpertMinTokens;
  return e;
}

}  // namespace llm_sizer
