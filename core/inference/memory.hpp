#pragma once

#include <optional>
#include <vector>

#include "hardware/accelerator.hpp"
#include "inference/inference_input.hpp"
#include "inference/kv_cache.hpp"
#include "model/model_spec.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {

// Bytes on one device of a model instance split over `tp` devices.
struct DeviceMemory {
  double weights_bytes = 0;
  double kv_cache_bytes = 0;
  double activation_bytes = 0;
  double overhead_bytes = 0;

  double total() const {
    return weights_bytes + kv_cache_bytes + activation_bytes + overhead_bytes;
  }
};

struct InferenceMemory {
  double weights_bytes = 0;      // the whole model in the chosen format
  KvLayout kv;                   // per sequence, whole model
  int64_t allocated_tokens = 0;  // context as the runtime allocates it (vLLM: whole blocks)
  double kv_cache_bytes = 0;     // every sequence of the batch, whole model
  DeviceMemory per_device;       // what one device needs for the scenario
  double usable_bytes = 0;       // what one device can give (unified memory: the GPU's share)
  double budget_bytes = 0;       // what the runtime lets itself use of that
  double reserved_bytes = 0;     // what the runtime actually takes at start-up (pre-allocation)
  double kv_pool_bytes = 0;      // per device: room for KV once everything else is placed
  double kv_pool_tokens = 0;     // tokens of one sequence that room holds (whole model view)
  bool fits = false;
};

// The share of the model the devices hold when the rest is in host memory; all of it by default.
struct DeviceShare {
  std::optional<double> weights_bytes;  // per device; absent: the runtime's whole share
  double kv_fraction = 1.0;             // of the KV cache: the layers whose attention they run
};

// Weights, KV cache, activations and overhead per device, under the runtime's rules.
InferenceMemory inference_memory(const ModelSpec& model, const WeightsSize& weights,
                                 const AcceleratorSpec& device, const InferenceInput& input,
                                 const DeviceShare& share = {});

// Weights one device holds when the whole model is on the devices (the runtime's layout).
double weights_per_device(const WeightsSize& weights, const InferenceInput& input,
                          const ModelSpec& model, const AcceleratorSpec& device);

}  // namespace llm_sizer
