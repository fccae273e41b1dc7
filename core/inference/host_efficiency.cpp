#include "inference/host_efficiency.hpp"

#include <algorithm>
#include <cmath>

namespace llm_sizer {
namespace {

// Decode on a CPU streams weights at a share of channels x 8 bytes x MT/s that depends on the
// memory, as the GPUs' does (efficiency.cpp): DDR desktops and servers reach about three quarters
// of it once enough threads read (Ryzen 9 7950X at 4 threads: LLaMA-3-8B F16 67 GB/s, Q8_0 63;
// EPYC 9554: Phi-4 Q4_K_M to Q8_0 add 377 GB/s of 461; AmpereOne A192: Llama 3.1 70B and 405B
// add 249 GB/s of 333; Graviton4: Llama-3.2 1B and 3B add 408 GB/s of 538), soldered LPDDR of
// laptops and APUs less (longer latency, power limits). llama.cpp places no weights per NUMA node,
// so threads on every socket read one another's memory and a second socket adds cores, not
// bandwidth (llama.cpp issue 11744): the share is of one socket's.
constexpr double kStreamingDdr = 0.74;
constexpr double kStreamingSoldered = 0.42;  // LPDDR
// Intel's Xeon server and workstation parts join their memory controllers and cores on a mesh of
// tiles (three compute dies on Granite Rapids): with sub-NUMA clustering off, as llama.cpp runs
// them, most reads cross tiles, and one socket streams less (Xeon 6980P: 224-260 GB/s of 614 in
// CPU-only decode of Qwen2.5-72B and DeepSeek-R1, though Intel MLC reads 555; ik_llama.cpp PRs
// 259 and 534; Xeon 8480: Llama-3.1-8B Q4_K_M at 37.3 t/s, 60% of 307 GB/s, issue 437).
constexpr double kStreamingIntelMesh = 0.55;
// One llama.cpp thread dequantizes and multiplies about 3.7 bytes of weights a clock cycle, so few
// threads bind decode before the memory does (bytes a thread a cycle: Ryzen 9 7950X at 5.7 GHz,
// LLaMA-3-8B at 2 threads, Q8_0 3.8, Q4_K_S 3.9, ik_llama.cpp README; Graviton3 at 2.6 GHz, 7B
// Q8_0 at 4 and 8 threads, 4.3 and 4.0, llama.cpp PR 8002; EPYC 9175F at 5.0 GHz, 14 threads,
// Llama-4 Maverick Q8_0 4.3, Q4_K_M 3.5, website-7t7.pages.dev; EPYC 7773X at 3.5 GHz, DeepSeek-R1
// Q4_K_M at 4 threads 3.0, ik_llama.cpp discussion 223; Grace at 3.3 GHz, Llama-3.2-3B Q6_K at 4
// threads 3.7, llama.cpp PR 29256). A host of unknown clock is taken at 18 GB/s a thread.
constexpr double kThreadBytesPerCycle = 3.7;
// 16-bit weights need no unpacking: about 6 bytes a cycle a thread (Ryzen 9 7950X: LLaMA-3-8B F16
// at 1 thread 2.2 t/s, 6.2 bytes a cycle, ik_llama.cpp README; at 2 threads the memory binds).
constexpr double kFloatThreadBytesPerCycle = 6.0;
constexpr double kThreadBytesPerSUnknownClock = 18e9;
// Every node of llama.cpp's graph ends in a barrier of all threads (ggml_barrier), about 20 a
// layer. A barrier costs more than in proportion to the threads (each one's arrival moves one
// counter's cache line, which all the others are polling): about 22 us a layer at 16 threads
// (a 7950X's per-token floor on tiny models, 0.64-0.82 ms; llama.cpp PR 7993), and a power law
// of the threads beyond (Graviton4 at 64 threads: 144 us; AmpereOne A192 at 192: 1.04 ms, from
// its Llama 3.2 3B, 3.1 70B and 405B decode speeds).
constexpr double kLayerSyncAt16Threads = 22e-6;
constexpr double kSyncExponent = 1.5;
// llama.cpp runs a token's routed experts one after another (mul_mat_id): each adds the work of
// splitting a small matmul over every thread and meeting at its end, beyond its bytes. About 26 us
// an expert a layer (Ryzen 9 7950X, 16 threads: Qwen3-30B-A3B, 48 layers x 8 experts of 768 x
// 2048, decodes at 25.3 t/s against 33.5 from its bytes, ik_llama.cpp discussion 357; DeepSeek-
// V2-Lite, 26 layers x 6 experts, 33.7 against 41.5, discussion 354); large experts (Mixtral's
// 14336 x 4096) hide it.
constexpr double kExpertDispatch = 26e-6;
// A core die's link to the memory controllers (AMD CCDs) reads about this share of its peak
// (bytes a fabric cycle x fabric clock) when every die streams: the CPU cores of a Strix Halo read
// 117.9 GB/s of 2 x 64 with Intel MLC (lhl/strix-halo-testing); a Threadripper PRO 7965WX decodes
// Qwen2.5-72B Q4_0 at 194 GB/s of 4 x 64 (ik_llama.cpp PR 534) when its 8 channels give 333.
constexpr double kCcdLinkShare = 0.8;
// Threads a host of unknown cores is taken to run.
constexpr int64_t kUnknownCoresThreads = 16;
// Prefill matmuls on a CPU reach this share of the vector peak at the clock its cores hold under
// the kernels' load (llama.cpp pp512 on a Ryzen 9 7950X at 5.7 GHz, LLaMA-3.1-8B: Q4_0 153, Q8_0
// 148, BF16 79 t/s; ik_llama.cpp discussion 164). AMD's and Intel's client cores hold their boost
// clock; Intel's Xeon cores drop to about their base clock under AVX-512 (its licence clocks):
// a Xeon 8480 at 52 threads prefills Llama-3.1-8B Q4_K_M at 228 t/s (ik_llama.cpp issue 437),
// within 9% of its base clock's figure and about half its 3.8 GHz boost clock's.
constexpr double kCompute = 0.1855;
// llama.cpp's CPU matmuls run its simple block types (and the ones it repacks into interleaved
// rows: Q4_0, Q8_0) fastest; the others spend more of each block on unpacking scales and grids.
// Each type's rate against Q4_0's, pp512 on a Ryzen 9 7950X, LLaMA-3.1-8B, mainline build 4384
// (ik_llama.cpp discussion 164: Q4_0 153.5, Q8_0 147.9, Q5_0 111.7, IQ4_NL 123.4, Q2_K 122.4,
// Q3_K_S 85.2, Q4_K_S 108.4, Q5_K_S 75.5, Q6_K 82.6, IQ4_XS 74.4, IQ3_XXS 34.2, IQ3_S 30.2,
// IQ2_XXS 45.8, IQ2_XS 49.7, IQ2_M 43.8 t/s). Types it did not time take Q4_K's.
constexpr double kQ5LegacyCompute = 0.73;
constexpr double kIq4NlCompute = 0.80;
constexpr double kQ2KCompute = 0.80;
constexpr double kQ3KCompute = 0.55;
constexpr double kQ4KCompute = 0.71;
constexpr double kQ5KCompute = 0.49;
constexpr double kIq4XsCompute = 0.48;
constexpr double kIq3Compute = 0.21;
constexpr double kIq2Compute = 0.30;
// On Arm cores llama.cpp's quantized matmuls (dot-product kernels on 128-bit vectors) reach this
// share of the FP32 FMA peak, whatever INT8 matrix instructions the cores also have, and k-quants
// about as fast as Q8_0 (pp128 and pp512 of 2024 builds, 0.19-0.25 of the FMA peak: AmpereOne
// A192, Llama-3-8B Q8_0 151.7 and Q4_K_M 132.6 t/s, Ampere's llama.cpp b3615 figures; Graviton4
// at 96 threads, Llama-3.2-3B Q8_0 368.4 and Q4_K_M 350.7 t/s).
constexpr double kArmQuantizedCompute = 0.22;
constexpr double kQ6KCompute = 0.54;
// In a prefill chunk llama.cpp's CPU kernels run routed experts token by token (mul_mat_id: a dot
// product per weight row and token), passing each token's experts' weights at the threads' decode
// rate (kThreadBytesPerCycle), plus about this much a token and expert a layer (Ryzen 9 7950X,
// 16 threads, pp512: Qwen3-30B-A3B IQ4_XS 141.8 t/s, 128 experts of 768 x 2048; DeepSeek-V2-Lite
// Q4_0 264.2 t/s, 64 of 1408 x 2048; ik_llama.cpp discussions 357 and 354). Large experts are
// bound by their bytes: Llama 4 Maverick on an EPYC 9175F prefills Q4_K_M at 68.4 t/s and Q8_0,
// 1.75x the bytes, at 52.4 (website-7t7.pages.dev).
constexpr double kExpertTokenCost = 5e-6;
// ik_llama.cpp's CPU kernels (iqk_mul_mat) repack every quantized type into interleaved rows of
// Q8_K_R8/Q8_0_R8 for batches of 32 tokens and more, so all types prefill alike, at 1.78x
// mainline's Q4_0 (Ryzen 9 7950X, LLaMA-3.1-8B pp512, 16 threads: Q4_0 273.5, Q8_0 268.2, Q4_K_S
// 269.6, IQ4_XS 269.9, Q6_K 259.2 t/s against mainline's Q4_0 153.5; ik_llama.cpp discussion 164).
constexpr double kIkKernelGain = 1.78;
// Its 16-bit float GEMMs run at 3.27x mainline's (BF16 pp512 256.9 against 78.6 t/s, same table).
constexpr double kIkFloatKernelGain = 3.27;
// Its dot products pass about 5.6 bytes of weights a clock cycle a thread (same runs at 2 threads:
// LLaMA-3.1-8B Q4_K_S 13.48 and Q8_0 7.63 t/s, 5.5 and 5.7 bytes a cycle at 5.7 GHz).
constexpr double kIkThreadBytesPerCycle = 5.6;
// Its fused MoE op multiplies a chunk's routed experts as tiled GEMMs, with about this much a
// token and expert a layer (7950X, 16 threads: Qwen3-30B-A3B pp512 474.3 t/s, discussion 357;
// DeepSeek-V2-Lite 693.2 t/s, discussion 354; 1.5 and 2.1 us beyond their matmuls).
constexpr double kIkExpertTokenCost = 1.8e-6;
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

// Intel's Xeon server and workstation parts: cores and memory controllers on one mesh.
bool intel_mesh(const std::string& vendor, const std::string& category) {
  return vendor == "Intel" && (category == "server" || category == "workstation");
}

// The clock the kernels run at against the base clock the vector peaks are quoted at.
double kernel_clock_gain(const AcceleratorSpec& cpu) {
  if (cpu.base_clock_hz <= 0 || cpu.core_clock_hz <= 0) return 1.0;
  if (intel_mesh(cpu.vendor, cpu.host_category)) return 1.0;
  return cpu.core_clock_hz / cpu.base_clock_hz;
}

// The share of the CPU's matmul rate a GGUF type's kernels keep against Q4_0 and Q8_0.
double type_compute_factor(const WeightFormat& f) {
  if (f.scheme != WeightScheme::gguf) return 1.0;
  switch (f.gguf_ftype) {
    case GgufFtype::f32:
    case GgufFtype::f16:
    case GgufFtype::bf16:
    case GgufFtype::q4_0:
    case GgufFtype::q4_1:
    case GgufFtype::q8_0:
      return 1.0;
    case GgufFtype::q5_0:
    case GgufFtype::q5_1:
      return kQ5LegacyCompute;
    case GgufFtype::iq4_nl:
      return kIq4NlCompute;
    case GgufFtype::q2_k:
    case GgufFtype::q2_k_s:
      return kQ2KCompute;
    case GgufFtype::q3_k_s:
    case GgufFtype::q3_k_m:
    case GgufFtype::q3_k_l:
      return kQ3KCompute;
    case GgufFtype::q5_k_s:
    case GgufFtype::q5_k_m:
      return kQ5KCompute;
    case GgufFtype::q6_k:
      return kQ6KCompute;
    case GgufFtype::iq4_xs:
      return kIq4XsCompute;
    case GgufFtype::iq3_xxs:
    case GgufFtype::iq3_xs:
    case GgufFtype::iq3_s:
    case GgufFtype::iq3_m:
      return kIq3Compute;
    case GgufFtype::iq1_s:
    case GgufFtype::iq1_m:
    case GgufFtype::iq2_xxs:
    case GgufFtype::iq2_xs:
    case GgufFtype::iq2_s:
    case GgufFtype::iq2_m:
      return kIq2Compute;
    default:
      return kQ4KCompute;
  }
}

// ik_llama.cpp's kernels (iqk_mul_mat), which KTransformers' CPU experts run too (its llamafile
// backend took them: ik_llama.cpp discussion 319).
bool ik_kernels(Runtime runtime) {
  return runtime == Runtime::ik_llama_cpp || runtime == Runtime::ktransformers;
}

// Weights the CPU multiplies as floats, unpacking nothing: those host_precision does not give
// to the integer kernels.
bool float_weights(const WeightFormat& f) {
  return host_precision(f) != Precision::int8;
}

// The CPU as llama.cpp runs it: its threads (absent: one per physical core, llama.cpp's default),
// the share of one socket's bandwidth they stream, and what their barriers cost per layer.
struct ThreadedCpu {
  double threads = 0;
  double memory = 1;
  double layer_sync_s = 0;
  double compute_share = 1;  // of the vector peak: the cores the threads occupy
  double bytes_per_s = 0;    // what the threads' dot-product kernels pass, all together
  bool arm = false;
};

// The share of one socket's bandwidth llama.cpp's weight reads reach, by memory and layout.
double streaming_share(const std::string& memory_type, const std::string& vendor,
                       const std::string& category) {
  if (memory_type.rfind("LPDDR", 0) == 0) return kStreamingSoldered;
  return intel_mesh(vendor, category) ? kStreamingIntelMesh : kStreamingDdr;
}

// What the core dies' links let a socket read, as a share of its DRAM bandwidth (1 when not known).
double ccd_share(int64_t ccds, double ccd_read_bytes_per_s, double bandwidth_bytes_per_s) {
  if (ccds <= 0 || ccd_read_bytes_per_s <= 0 || bandwidth_bytes_per_s <= 0) return 1.0;
  return double(ccds) * ccd_read_bytes_per_s * kCcdLinkShare / bandwidth_bytes_per_s;
}

ThreadedCpu threaded_cpu(const InferenceInput& in, const AcceleratorSpec& cpu) {
  ThreadedCpu c;
  const int64_t cores = cpu.cores;
  const int64_t sockets = std::max<int64_t>(1, cpu.sockets);
  const int64_t threads = in.threads.value_or(cores > 0 ? cores : kUnknownCoresThreads);
  c.threads = double(threads);
  const double busy_cores = double(cores > 0 ? std::min(threads, cores) : threads);
  const double socket_bytes_per_s = cpu.memory_bandwidth_bytes_per_s / double(sockets);
  const double share =
      std::min(streaming_share(cpu.memory_type, cpu.vendor, cpu.host_category),
               ccd_share(cpu.ccds, cpu.ccd_read_bytes_per_s, cpu.memory_bandwidth_bytes_per_s));
  const double bytes_per_cycle = float_weights(in.weights) ? kFloatThreadBytesPerCycle
                                 : ik_kernels(in.runtime)  ? kIkThreadBytesPerCycle
                                                           : kThreadBytesPerCycle;
  const double thread_bytes_per_s =
      cpu.core_clock_hz > 0 ? bytes_per_cycle * cpu.core_clock_hz
                            : kThreadBytesPerSUnknownClock * bytes_per_cycle / kThreadBytesPerCycle;
  c.bytes_per_s = busy_cores * thread_bytes_per_s;
  const double thread_share = socket_bytes_per_s > 0 ? c.bytes_per_s / socket_bytes_per_s : share;
  // KTransformers reads each socket's own copy of the experts, so every socket streams; llama.cpp
  // reads one copy from every socket.
  const double reading_sockets = in.runtime == Runtime::ktransformers ? double(sockets) : 1.0;
  c.memory = std::min(share, thread_share / reading_sockets) * reading_sockets / double(sockets);
  c.layer_sync_s = kLayerSyncAt16Threads * std::pow(c.threads / 16.0, kSyncExponent);
  c.compute_share = cores > 0 ? busy_cores / double(cores) : 1.0;
  c.arm = cpu.arm_cores;
  return c;
}

HostEfficiency host_efficiency(const InferenceInput& in, const AcceleratorSpec& spec,
                               const ThreadedCpu& cpu) {
  HostEfficiency h;
  h.memory = in.host_memory_efficiency.value_or(cpu.memory);
  h.precision = host_precision(in.weights);
  const bool arm_quantized = cpu.arm && h.precision == Precision::int8;
  if (arm_quantized) h.precision = Precision::fp32;
  // Without a figure for that precision the CPU widens to FP32.
  const double peak = spec.peak_flops_per_s(h.precision)
                          .value_or(spec.peak_flops_per_s(Precision::fp32).value_or(0.0));
  const bool ik = ik_kernels(in.runtime);
  const double kernels = arm_quantized ? kArmQuantizedCompute
                         : ik          ? kCompute
                                       : kCompute * type_compute_factor(in.weights);
  const double ik_gain = float_weights(in.weights) ? kIkFloatKernelGain : kIkKernelGain;
  h.compute =
      in.host_compute_efficiency.value_or(kernels * (ik ? ik_gain : 1.0) * kernel_clock_gain(spec));
  h.threads = cpu.threads;
  h.peak_flops_per_s = peak * cpu.compute_share;
  h.layer_overhead_s = cpu.layer_sync_s;
  h.expert_dispatch_s = kExpertDispatch;
  h.prefill_layer_overhead_s = kPrefillLayerOverhead;
  h.link_efficiency = kLinkEfficiency;
  h.crossing_s = kCrossing;
  return h;
}

}  // namespace

HostEfficiency resolve_host_efficiency(const InferenceInput& in, const HostSpec& host) {
  const AcceleratorSpec cpu = cpu_device(host);
  return host_efficiency(in, cpu, threaded_cpu(in, cpu));
}

Efficiency cpu_device_efficiency(const InferenceInput& in, const AcceleratorSpec& cpu) {
  const ThreadedCpu threads = threaded_cpu(in, cpu);
  const HostEfficiency h = host_efficiency(in, cpu, threads);
  Efficiency e;
  e.memory = in.memory_efficiency.value_or(h.memory);
  e.compute = in.compute_efficiency.value_or(h.compute);
  e.precision = h.precision;
  e.peak_flops_per_s = h.peak_flops_per_s;
  e.layer_overhead_s = in.layer_overhead_s.value_or(h.layer_overhead_s);
  e.prefill_layer_overhead_s = h.prefill_layer_overhead_s;
  // ik_llama.cpp multiplies the experts as GEMMs: no pass token by token.
  const bool ik = ik_kernels(in.runtime);
  e.expert_row_bytes_per_s = ik ? 0.0 : threads.bytes_per_s;
  e.expert_token_s = ik ? kIkExpertTokenCost : kExpertTokenCost;
  e.threads = h.threads;
  e.expert_dispatch_s = h.expert_dispatch_s;
  return e;
}

}  // namespace llm_sizer
