#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "hardware/accelerator.hpp"
#include "hardware/host.hpp"
#include "inference/inference_input.hpp"
#include "inference/memory.hpp"
#include "model/model_spec.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {

// Where each part of the model lives when it does not all stay on the GPUs.
struct Placement {
  // llama.cpp -ngl: the last min(gpu_layers, layers) decoder layers run on the GPUs, and the
  // output layer too when gpu_layers = layers + 1 (the first layers, the token embedding and the
  // rest run on the CPU from host memory).
  int64_t gpu_layers = 0;
  // MoE layers (the first ones) whose routed experts stay in host memory and run on the CPU
  // (llama.cpp --override-tensor exps=CPU, --n-cpu-moe).
  int64_t host_expert_layers = 0;
  // vLLM/SGLang cpu_offload_gb: weights per GPU kept in host memory, read over the link each step.
  double cpu_offload_bytes = 0;
};

// A placement's weights, whole model view: what each side holds and what a step reads there.
struct WeightSplit {
  double device_resident = 0;
  double host_resident = 0;
  double device_dense = 0;    // read every step: all but routed experts (embedding lookups aside)
  double device_experts = 0;  // routed experts on the devices: a step reads the touched ones
  double host_dense = 0;
  double host_experts = 0;
  double host_output = 0;          // the output layer when it stays on the CPU
  int64_t first_device_layer = 0;  // decoder layers [first_device_layer, layers) are on the GPUs
  int64_t device_layers = 0;
  int64_t host_layers = 0;              // layers the CPU runs whole
  int64_t host_expert_only_layers = 0;  // GPU layers whose routed experts the CPU runs
  bool output_on_device = true;
};

// streams_from_disk: llama.cpp maps the model file (mmap), so weights that do not fit in RAM stay
// on the disk and are read from it as the steps use them.
enum class Verdict { fits_on_device, fits_with_offload, streams_from_disk, does_not_fit };

std::string_view verdict_name(Verdict verdict);

struct HostMemory {
  double weights_bytes = 0;
  double kv_cache_bytes = 0;
  double compute_bytes = 0;  // llama.cpp's CPU compute buffer when the CPU runs layers or experts
  double total() const { return weights_bytes + kv_cache_bytes + compute_bytes; }
};

// Memory on each side for one placement, and the three-state answer.
struct PlacedMemory {
  Placement placement;
  WeightSplit split;
  InferenceMemory device;  // per device, under the runtime's rules, for the part it holds
  HostMemory host;
  double host_usable_bytes = 0;  // the host's RAM (0 without a host)
  Verdict verdict = Verdict::does_not_fit;
  std::string short_of;              // "device" or "host" when it does not fit
  double shortfall_bytes = 0;        // how much more memory that side would need
  bool working_set_limited = false;  // unified memory: fits the RAM, not the GPU's share of it
  bool offloaded = false;            // something lives in host memory
  // streams_from_disk: the weights RAM does not hold, what it holds of the weights on its side (the
  // CPU's, or the host's beside a GPU), the routed experts' part of those, and the disk.
  double disk_bytes = 0;
  double cached_weight_bytes = 0;
  double ram_expert_bytes = 0;
  double disk_read_bytes_per_s = 0;
};

// The placement that keeps everything on the devices.
Placement full_placement(const ModelSpec& model);

// Splits the weights for a llama.cpp-style placement (layers and experts).
WeightSplit split_weights(const ModelSpec& model, const WeightsSize& weights,
                          const Placement& placement);

// Memory on the devices and the host for `placement`. `host` is null without hardware.host.
PlacedMemory place(const ModelSpec& model, const WeightsSize& weights,
                   const AcceleratorSpec& device, const HostSpec* host, const InferenceInput& input,
                   const Placement& placement);

// The placement the scenario asks for: its gpu_layers / offload_experts / cpu_offload_bytes, and
// for what it leaves open the fit llama.cpp's --fit makes: everything on the GPUs if it fits;
// else, for MoE models, the routed experts of as few layers as needed in host memory; else as
// many layers on the GPUs as fit.
Placement choose_placement(const ModelSpec& model, const WeightsSize& weights,
                           const AcceleratorSpec& device, const HostSpec* host,
                           const InferenceInput& input);

// The placement llama.cpp's fit would choose, whatever the scenario asked (the best placement:
// the most of the model on the GPUs that fits); vLLM/SGLang: the least cpu_offload_gb, in whole
// GiB, that fits. Null when nothing fits or there is no host to offload to.
std::optional<Placement> best_placement(const ModelSpec& model, const WeightsSize& weights,
                                        const AcceleratorSpec& device, const HostSpec* host,
                                        const InferenceInput& input);

}  // namespace llm_sizer
