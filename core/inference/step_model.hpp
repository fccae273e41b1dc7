#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "inference/efficiency.hpp"
#include "inference/offload_speed.hpp"
#include "inference/placement.hpp"
#include "inference/speed.hpp"
#include "model/flops.hpp"

namespace llm_sizer {

// The FLOPs per token a scenario's steps use, computed once (they do not depend on the format).
struct StepFlops {
  int64_t decode_context = 0;  // the context a typical decode step sees: prompt + output / 2
  ForwardFlops at_decode_context;
  ForwardFlops in_prompt;  // at the causal mean of the prompt
};

StepFlops step_flops(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                     const InferenceInput& input);

// Decode steps and prefills of one scenario in one weight format, wherever the weights live:
// on the devices (inference/speed.hpp) or partly in host memory (inference/offload_speed.hpp).
struct StepModel {
  const ModelSpec& model;
  const std::vector<TensorSpec>& tensors;
  const WeightsSize& weights;
  const AcceleratorSpec& device;
  const InferenceInput& input;
  const StepFlops& flops;
  const std::optional<HostSide>& offload;  // absent without a host
  Efficiency efficiency;

  // Whether the device has the sourced bandwidth and peak the roofline needs.
  bool has_figures() const;
  StepCost decode(const PlacedMemory& placed, int64_t batch, int64_t context) const;
  StepCost prefill(const PlacedMemory& placed, int64_t sequences) const;
};

StepModel make_step_model(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                          const WeightsSize& weights, const AcceleratorSpec& device,
                          const InferenceInput& input, const StepFlops& flops,
                          const std::optional<HostSide>& offload);

// Tokens per second of one sequence and of prompt processing under `placed`; absent when it does
// not fit (no setup that does not fit is given a speed) or the device lacks figures.
struct PlacementSpeed {
  double decode_tokens_per_s = 0;
  double prefill_tokens_per_s = 0;
};
std::optional<PlacementSpeed> placement_speed(const StepModel& steps, const PlacedMemory& placed);

}  // namespace llm_sizer
