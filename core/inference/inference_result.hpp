#pragma once

#include <optional>
#include <vector>

#include "explain/explanation.hpp"
#include "field_reader.hpp"
#include "inference/inference_input.hpp"
#include "inference/inverse.hpp"
#include "inference/memory.hpp"
#include "inference/serving.hpp"
#include "quantization/weight_format.hpp"
#include "warning.hpp"

namespace llm_sizer {

struct InferenceResult {
  WeightsSize weights;
  InferenceMemory memory;
  InverseAnswers inverse;
  std::optional<Serving> serving;  // absent when the device lacks bandwidth or peak figures
};

InferenceResult estimate_inference(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                   const WeightsSizer& sizer, const AcceleratorSpec& device,
                                   const InferenceInput& input, Explanations& explanations,
                                   Warnings& warnings);

// The "inference" block of the result (memory, speed, serving).
Json inference_to_json(const InferenceInput& input, const InferenceResult& result);

}  // namespace llm_sizer
