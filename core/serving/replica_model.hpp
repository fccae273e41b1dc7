#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hardware/accelerator.hpp"
#include "inference/efficiency.hpp"
#include "inference/inference_input.hpp"
#include "inference/memory.hpp"
#include "inference/speed.hpp"
#include "model/tensors.hpp"
#include "quantization/weight_format.hpp"
#include "serving/batching.hpp"
#include "serving/serving_input.hpp"
#include "serving/token_flops.hpp"

namespace llm_sizer {

// One replica of a deployment (the inference section's model instance, tp devices) as the
// simulation and the steady-state formulas both price it: its weights, KV pool and scheduler, its
// tokens' FLOPs and its mixed-batch step model. Holds references to its arguments, which must
// outlive it; not copyable (its step model points into it).
class ReplicaModel {
 public:
  ReplicaModel(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
               const WeightsSizer& sizer, const AcceleratorSpec& device,
               const InferenceInput& inference, const ServingInput& serving);
  ReplicaModel(const ReplicaModel&) = delete;
  ReplicaModel& operator=(const ReplicaModel&) = delete;

  // Empty when it can serve; else why not: "device_figures" (the device lacks a sourced bandwidth
  // or peak) or "does_not_fit" (the weights leave no KV pool).
  const std::string& unavailable() const { return unavailable_; }
  double step_seconds(const MixedBatch& batch) const { return step_(batch).seconds(); }
  // The most tokens a request holds: the model's trained context, unless the scenario allows
  // longer.
  int64_t max_tokens() const;

  const ModelSpec& model;
  const InferenceInput& inference;
  const WeightsSize weights;
  const Efficiency efficiency;
  const InferenceMemory memory;
  const Scheduler scheduler;
  const TokenFlops flops;

 private:
  std::string unavailable_;
  MixedStepModel step_;
};

}  // namespace llm_sizer
