#pragma once

#include "explain/explanation.hpp"
#include "field_reader.hpp"
#include "inference/inference_input.hpp"
#include "inference/inverse.hpp"
#include "inference/memory.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {

struct InferenceResult {
  WeightsSize weights;
  InferenceMemory memory;
  InverseAnswers inverse;
};

InferenceResult estimate_inference(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                   const AcceleratorSpec& device, const InferenceInput& input,
                                   Explanations& explanations);

Json inference_to_json(const InferenceInput& input, const InferenceResult& result);

}  // namespace llm_sizer
