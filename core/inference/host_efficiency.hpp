#pragma once

#include "hardware/accelerator.hpp"
#include "hardware/host.hpp"
#include "inference/efficiency.hpp"
#include "inference/inference_input.hpp"

namespace llm_sizer {

// What llama.cpp's CPU backend reaches on a host, and what handing work between a GPU and its
// host costs. One set of defaults for every CPU, fitted to the published CPU-only, partial-offload
// and expert-offload measurements in data/measurements/offload-speed.json (node
// tests/bench/accuracy.mjs prints the errors).
struct HostEfficiency {
  double memory = 1;   // fraction of the DRAM's theoretical bandwidth weight reads reach
  double compute = 1;  // fraction of the vector peak the CPU's matmuls reach
  Precision precision = Precision::fp32;  // the peak `compute` applies to
  double peak_flops_per_s = 0;
  double threads = 0;                   // llama.cpp's -t
  double expert_dispatch_s = 0;         // per routed expert a decode step's layer runs
  double layer_overhead_s = 0;          // per layer (or expert block) the CPU runs in a decode step
  double prefill_layer_overhead_s = 0;  // per layer the CPU runs in a prefill chunk
  double link_efficiency = 1;  // fraction of the link's rate a weight copy to the GPU reaches
  double crossing_s = 0;       // one hand-over of the activations between GPU and CPU
};

// The precision llama.cpp's CPU kernels multiply a format in: quantized GGUF types as INT8 dot
// products (activations quantized to Q8), float files in their own type.
Precision host_precision(const WeightFormat& format);

// The host's efficiencies for this scenario (its weight format and the host's memory class).
HostEfficiency resolve_host_efficiency(const InferenceInput& input, const HostSpec& host);

// A CPU as the only device: the host efficiencies in the device's terms, with the scenario's
// overrides (memory_efficiency, compute_efficiency, layer_overhead_s) applied.
Efficiency cpu_device_efficiency(const InferenceInput& input, const AcceleratorSpec& cpu);

}  // namespace llm_sizer
