#pragma once

#include <string_view>
#include <vector>

#include "model/model_spec.hpp"

namespace llm_sizer {

// What a Hugging Face model_type implies about the layout when the config does not say it
// explicitly. Defaults follow each family's transformers configuration and modeling classes.
struct FamilyTraits {
  std::string_view model_type;
  std::string_view shape;
  bool gated_mlp = true;
  bool qkv_bias = false;
  bool o_bias = false;
  bool mlp_bias = false;
  bool bias_from_attention_bias = true;  // config "attention_bias" sets q/k/v/o biases
  NormKind norm = NormKind::rms;
  int norms_per_layer = 2;
  QkNormKind qk_norm = QkNormKind::none;
  bool embedding_norm = false;
  bool learned_positions = false;
  bool tie_word_embeddings = false;  // the config class's default for tie_word_embeddings
  bool lm_head_bias = false;
  bool fused_qkv = false;      // stored as one attn_qkv tensor (matters for GGUF type rules)
  bool fused_gate_up = false;  // Phi-3 stores gate and up as one ffn_up tensor
};

// nullptr for a model_type this calculator does not know.
const FamilyTraits* find_family(std::string_view model_type);
const FamilyTraits& llama_family();
std::vector<std::string_view> known_model_types();

}  // namespace llm_sizer
