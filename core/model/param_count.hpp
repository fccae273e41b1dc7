#pragma once

#include <cstdint>
#include <vector>

#include "model/model_spec.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {

// Parameter counts by component. `total` is everything the checkpoint loads (MTP modules
// excluded, as DeepSeek reports them apart; a multimodal model's image encoder included, as
// official counts include it); `active` is what one text token passes through: the language
// model, with the routed experts scaled by experts_per_token / num_experts for MoE.
struct ParamBreakdown {
  int64_t embedding = 0;
  int64_t position_embedding = 0;
  int64_t attention = 0;
  int64_t mlp = 0;
  int64_t experts = 0;
  int64_t shared_experts = 0;
  int64_t router = 0;
  int64_t norms = 0;
  int64_t lm_head = 0;
  int64_t mtp = 0;
  int64_t vision = 0;
  int64_t audio = 0;  // Gemma 3n's audio encoder
  int64_t total = 0;
  int64_t active = 0;

  int64_t embedding_params() const { return embedding + position_embedding; }
};

ParamBreakdown count_parameters(const ModelSpec& model, const std::vector<TensorSpec>& tensors);

}  // namespace llm_sizer
