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
  // CPUs: prefill matmuls of routed experts slow down when a chunk gives each expert fewer rows
  // than this (0: no such effect). See inference/host_efficiency.cpp.
  double expert_min_tokens = 0;
};

// The documented defaults for this runtime, device and weight format, with the scenario's
// overrides (inference.memory_efficiency, compute_efficiency, layer_overhead_s) applied.
Efficiency resolve_efficiency(const InferenceInput& input, const AcceleratorSpec& device);

}  // namespace llm_sizer
