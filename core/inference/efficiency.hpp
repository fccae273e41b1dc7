#pragma once

#include <string>

#include "hardware/accelerator.hpp"
#include "inference/inference_input.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {

// What a runtime really reaches on a device, as fractions of the datasheet and fixed costs. The
// defaults are fitted once, for all cases, to the published measurements in
// data/measurements/inference-speed.json (node tests/bench/accuracy.mjs prints the errors); any of
// them can be overridden in the scenario.
struct Efficiency {
  double memory = 1;            // fraction of datasheet bandwidth weight streaming reaches
  double compute = 1;           // fraction of the dense peak prefill matmuls reach
  double peak_flops_per_s = 0;  // the peak `compute` applies to
  Precision precision = Precision::fp16;
  double layer_overhead_s = 0;          // fixed cost per layer of a decode step
  double prefill_layer_overhead_s = 0;  // fixed cost per layer of a prefill chunk
  double allreduce_latency_s = 0;       // one tensor-parallel all-reduce of a small message
  double request_overhead_s = 0;        // a serving engine's per-request cost before prefill
  double interconnect_bytes_per_s = 0;  // per direction, for the all-reduce payload
  bool sequential_split = false;        // llama.cpp's layer split: devices take turns
  std::string calibration_file;  // data/calibration/<id>.json the figures come from; empty: fitted
  // CPUs: a prefill chunk's routed experts run token by token (inference/host_efficiency.cpp):
  // the rate their weights pass through the dot-product kernels once per token that picks them
  // (0: a tiled GEMM, as on GPUs), and a fixed cost per token and expert a layer.
  double expert_row_bytes_per_s = 0;
  double expert_token_s = 0;
  double threads = 0;            // CPUs: the threads llama.cpp runs (0: not a CPU)
  double expert_dispatch_s = 0;  // CPUs and MLX: per routed expert a decode step's layer runs
};

// Native FP8/INT8 matmuls rarely reach their doubled peak: they run at this share of the
// efficiency 16-bit matmuls reach (vLLM's FP8 serving rows: median +3.5% over 18 rows at this
// share).
inline constexpr double kLowPrecisionMatmulFactor = 0.6;
// TensorRT-LLM keeps FP8 activations between fused kernels (quantization folded into
// the norms and activations, FP8 context attention over an FP8 KV cache, which SGLang dequantizes
// to 16 bits instead: its issue 10083) and its GEMMs lead. At the other runtimes' share its FP8
// throughput rows (perf-overview tables, MLPerf Offline) come out 10-20% slow, and its batch-1
// FP8 TTFTs too: Llama-2 7B and 70B on H100 at 2048 prompt tokens +12% and +10% (now -4% and
// -5%), NIM's Llama-3.3-70B on two H100s +23% and +16% (now +4% and 0%). Its NVFP4 rows on
// B200 and GB200 fit at the common share (median -3%), not at this one (+6% to +44%).
inline constexpr double kTensorRtFp8MatmulFactor = 0.72;

// The share of datasheet bandwidth a streaming kernel reaches, by memory technology (fitted to
// batch-1 decode: HBM 0.655, GDDR 0.905, unified memory 0.862).
double streaming_memory_efficiency(const AcceleratorSpec& device);

// How much a weight format's dequantization slows weight streaming, relative to 16-bit weights.
double format_memory_factor(const WeightFormat& format);

// How much a weight format changes the prefill matmuls' share of the precision's peak.
double format_compute_factor(const WeightFormat& format, const AcceleratorSpec& device,
                             Precision precision, Runtime runtime);

// The documented defaults for this runtime, device and weight format, with the scenario's
// overrides (inference.memory_efficiency, compute_efficiency, layer_overhead_s) applied. A device
// with a calibration file (inference/calibration.hpp) takes its measured figures as defaults.
Efficiency resolve_efficiency(const InferenceInput& input, const AcceleratorSpec& device);

}  // namespace llm_sizer
