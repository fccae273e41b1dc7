#pragma once

#include <optional>
#include <vector>

#include "explain/explanation.hpp"
#include "field_reader.hpp"
#include "inference/inference_input.hpp"
#include "inference/inverse.hpp"
#include "inference/measured_fit.hpp"
#include "inference/memory.hpp"
#include "inference/placement.hpp"
#include "inference/serving.hpp"
#include "inference/speculative.hpp"
#include "quantization/weight_format.hpp"
#include "warning.hpp"

namespace llm_sizer {

// Speed at one number of layers on the GPUs, for the chart of tokens/s against gpu_layers.
struct LayerPoint {
  int64_t gpu_layers = 0;
  PlacedMemory placed;
  std::optional<PlacementSpeed> speed;  // absent where it does not fit
};

struct InferenceResult {
  int64_t layers = 0;      // decoder layers (llama.cpp counts one more: the output layer)
  int64_t moe_layers = 0;  // layers with routed experts
  WeightsSize weights;
  InferenceMemory memory;  // everything on the devices: the `fits` answer
  PlacedMemory placed;     // where the scenario's weights live, and the three-state answer
  InverseAnswers inverse;
  std::optional<Serving> serving;  // absent when it does not fit or the device lacks figures
  std::optional<Speculation> speculation;  // with inference.speculative, where serving is
  std::string speed_unavailable;     // why serving is absent: "does_not_fit", "device_figures"
  std::optional<PlacedMemory> best;  // the best placement that fits (inference/placement.hpp)
  std::optional<PlacementSpeed> best_speed;
  std::vector<LayerPoint> by_gpu_layers;          // with a host and a layer-splitting runtime
  std::optional<HostEfficiency> host_efficiency;  // with a host
  std::optional<HostLink> host_link;
  std::optional<MeasuredFit> measured_fit;  // with inference.measured
};

// `host` and `link` are null without hardware.host.
InferenceResult estimate_inference(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                   const WeightsSizer& sizer, const AcceleratorSpec& device,
                                   const HostSpec* host, const HostLink* link,
                                   const InferenceInput& input, Explanations& explanations,
                                   Warnings& warnings);

// The "inference" block of the result (memory, speed, serving).
Json inference_to_json(const InferenceInput& input, const InferenceResult& result);

}  // namespace llm_sizer
