#include "inference/efficiency.hpp"

#include "hardware/collectives.hpp"
#include "hardware/host.hpp"
#include "inference/calibration.hpp"
#include "inference/host_efficiency.hpp"

namespace llm_sizer {
namespace {

// MLX (mlx-lm) on Apple GPUs, fitted to mlx-lm's BENCHMARKS.md (M4 Max) and published mlx-lm runs
// on M1, M2 Max, M3 Pro/Max and M5 (data/measurements/inference-speed.json, runtime "mlx").
constexpr double kMlxLayerOverheadS = 63e-6;
// Each routed expert a decode step touches runs its own small matrix-vector products in
// gather_qmm, below streaming speed: Qwen3-30B-A3B's decode on the M4 Max is 1.7 ms a token slower
// than its bytes and layers give, 4.5 us for each of 8 experts in 48 layers.
constexpr double kMlxExpertS = 4.5e-6;
constexpr double kMlxComputeEfficiency = 0.78;
constexpr double kMlxQuantizedComputeFactor = 0.91;

enum class MemoryClass { hbm, gddr, unified };

MemoryClass memory_class(const AcceleratorSpec& device) {
  if (device.unified_memory) return MemoryClass::unified;
  if (device.memory_type.find("HBM") != std::string::npos) return MemoryClass::hbm;
  return MemoryClass::gddr;
}

}  // namespace

// How much a weight format's dequantization slows weight streaming, relative to 16-bit weights
// (gpt-fast on A100: int8 52% and int4 42% of peak bandwidth against 68.5% for bf16; llama.cpp:
// legacy 32-element blocks stream as fast as f16, k-quants a little slower).
double format_memory_factor(const WeightFormat& format) {
  switch (format.scheme) {
    case WeightScheme::dense:
    case WeightScheme::fp8_tensor:
    case WeightScheme::fp8_block:
    case WeightScheme::mxfp8:
      return 1.0;
    case WeightScheme::w8a8:
    case WeightScheme::llm_int8:
      return 0.99;
    case WeightScheme::int_weight_only:
      return format.bits >= 8 ? 0.99 : 0.64;
    case WeightScheme::gguf:
      return format.gguf_ftype == GgufFtype::q4_0 || format.gguf_ftype == GgufFtype::q4_1 ||
                     format.gguf_ftype == GgufFtype::q5_0 || format.gguf_ftype == GgufFtype::q5_1 ||
                     format.gguf_ftype == GgufFtype::q8_0 || format.gguf_ftype == GgufFtype::f16 ||
                     format.gguf_ftype == GgufFtype::f32
                 ? (format.bits >= 16 ? 1.0 : 0.99)
                 : 0.92;
    case WeightScheme::mxfp4:
    case WeightScheme::nvfp4:
    case WeightScheme::mxfp6:
      return 0.92;  // block-scaled like k-quants; no published batch-1 measurement yet
    case WeightScheme::gptq:
    case WeightScheme::awq:
    case WeightScheme::bnb_4bit:
    case WeightScheme::mlx_affine:
    case WeightScheme::hqq:
    case WeightScheme::exl:
    case WeightScheme::w4a8:
      // Integer groups unpacked in the matmul kernel; no published measurement sets MLX, HQQ,
      // EXL2/3 or W4A8 apart from GPTQ/AWQ yet.
      return format.bits >= 8 ? 0.99 : 0.64;
  }
  return 1.0;
}

// Prefill slows down when weights must be dequantized before each matmul (llama.cpp pp512 on an
// RTX 4090: Q4_K_M 7139 t/s against F16 9382); native FP8/INT8 matmuls rarely reach their
// doubled peak (kLowPrecisionMatmulFactor).
double format_compute_factor(const WeightFormat& format, const AcceleratorSpec& device,
                             Precision precision, Runtime runtime) {
  const bool quantized = !(format.scheme == WeightScheme::dense ||
                           (format.scheme == WeightScheme::gguf && format.bits >= 16));
  if (runs_natively(format, device)) {
    const bool low_precision = precision != Precision::fp16 && precision != Precision::bf16 &&
                               precision != Precision::fp32 && precision != Precision::tf32;
    if (!low_precision) return 1.0;
    const bool fused_fp8 = runtime == Runtime::tensorrt_llm && precision == Precision::fp8;
    return fused_fp8 ? kTensorRtFp8MatmulFactor : kLowPrecisionMatmulFactor;
  }
  return quantized ? 0.81 : 1.0;
}

double streaming_memory_efficiency(const AcceleratorSpec& device) {
  const MemoryClass memory = memory_class(device);
  return memory == MemoryClass::hbm ? 0.655 : memory == MemoryClass::gddr ? 0.905 : 0.862;
}

Efficiency resolve_efficiency(const InferenceInput& in, const AcceleratorSpec& device) {
  if (is_cpu(device)) return cpu_device_efficiency(in, device);
  Efficiency e;
  const MemoryClass memory = memory_class(device);
  const bool llama_cpp = runs_llama_cpp(in.runtime);
  const bool mlx = in.runtime == Runtime::mlx;

  // Decode: the fraction of datasheet bandwidth streaming reaches, by memory technology (HBM
  // needs more bytes in flight than a batch-1 matrix-vector product keeps going), and the fixed
  // per-layer cost of a step (kernel launches and synchronisation; CUDA-graph runtimes pay less).
  // MLX's quantized matmuls keep up with the memory: mlx-lm's BENCHMARKS.md on an M4 Max decodes
  // Qwen3-4B in bf16, 8 and 4 bits at one bandwidth (498 GB/s) plus one fixed cost a token.
  e.memory = streaming_memory_efficiency(device) * (mlx ? 1.0 : format_memory_factor(in.weights));
  if (mlx) {
    e.layer_overhead_s = kMlxLayerOverheadS;
    e.expert_dispatch_s = kMlxExpertS;
  } else if (llama_cpp) {
    e.layer_overhead_s = memory == MemoryClass::hbm    ? 112e-6
                         : memory == MemoryClass::gddr ? 77e-6
                                                       : 171e-6;
  } else {
    e.layer_overhead_s = memory == MemoryClass::hbm    ? 14.5e-6
                         : memory == MemoryClass::gddr ? 29.6e-6
                                                       : 20e-6;
  }

  // Prefill: matmuls at a fraction of the dense peak of the precision the format computes in.
  e.precision = compute_precision(in.weights, device);
  e.peak_flops_per_s = device.peak_flops_per_s(e.precision).value_or(0);
  const double format = format_compute_factor(in.weights, device, e.precision, in.runtime);
  if (llama_cpp) {
    // llama.cpp's fp16 GEMMs accumulate in fp16, which GeForce cards run at twice the FP32-
    // accumulate rate NVIDIA lists (and the catalog stores).
    if (device.category == "consumer" && device.vendor == "NVIDIA") e.peak_flops_per_s *= 2;
    const double base = device.category == "consumer" ? 0.70
                        : memory == MemoryClass::hbm  ? 0.50
                        : memory == MemoryClass::gddr ? 0.47
                                                      : 0.71;
    e.compute = base * format;
    e.prefill_layer_overhead_s = 1.34e-3;
  } else if (mlx) {
    // mlx-lm's prompt_tps on an M4 Max (BENCHMARKS.md, 2048 tokens): Qwen3-4B bf16 at 0.78 of the
    // FP32 peak Apple GPUs also run 16-bit matmuls at; 4-bit at 0.91 of that.
    e.compute = kMlxComputeEfficiency *
                (in.weights.scheme == WeightScheme::mlx_affine ? kMlxQuantizedComputeFactor : 1.0);
    e.prefill_layer_overhead_s = kMlxLayerOverheadS;
  } else {
    // TensorRT-LLM batch-1 TTFT at 2048 prompt tokens reaches 0.64 of the A100's fp16 peak; at
    // 128 tokens TTFT is 2-4 ms above the prefill's own time (scheduling, tokenization; NVIDIA
    // NIM benchmarking guide: TTFT includes them).
    e.compute = 0.65 * format;
    e.prefill_layer_overhead_s = 50e-6;
    e.request_overhead_s = 3e-3;
  }

  // Tensor parallelism: two all-reduces per layer; gpt-fast's Llama-2-7B on 2, 4 and 8 A100s
  // implies about 2 us plus 3.3 us per extra device for a small message.
  e.allreduce_latency_s = 2e-6 + 3.3e-6 * double(in.tp - 1);
  e.interconnect_bytes_per_s =
      device.interconnect_bytes_per_s * ring_link_share(device.interconnect_kind, double(in.tp));
  e.sequential_split = llama_cpp && in.tp > 1;

  if (in.calibration != nullptr) apply_calibration(*in.calibration, in, device, e);
  if (in.memory_efficiency) e.memory = *in.memory_efficiency;
  if (in.compute_efficiency) e.compute = *in.compute_efficiency;
  if (in.layer_overhead_s) e.layer_overhead_s = *in.layer_overhead_s;
  return e;
}

}  // namespace llm_sizer
