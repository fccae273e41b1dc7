#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hardware/accelerator.hpp"
#include "inference/inference_input.hpp"
#include "model/model_spec.hpp"
#include "model/tensors.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {

// The questions users ask the other way round, each answered by searching the memory model.
struct InverseAnswers {
  int64_t max_batch = 0;           // sequences of context_tokens that fit; 0 if not even one
  int64_t max_context_tokens = 0;  // per sequence at the given batch; 0 if not even one token
  bool context_limited_by_model = false;  // true when memory would allow more than the model does
  // Neither memory nor the model caps the context: a recurrent state that does not grow (Mamba)
  // and no max_position_embeddings; max_context_tokens is then the search's bound.
  bool context_unbounded = false;
  int64_t min_devices = 0;  // fewest devices of this kind (a valid split) that hold the scenario
  std::string best_format;  // the highest-precision weight format that fits; empty if none
};

// `sizer` sizes the candidate formats for best_format (the ones the runtime deploys).
InverseAnswers answer_inverse_questions(const ModelSpec& model, const WeightsSize& weights,
                                        const AcceleratorSpec& device, const InferenceInput& input,
                                        const WeightsSizer& sizer);

}  // namespace llm_sizer
