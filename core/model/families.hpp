#pragma once

#include <string_view>
#include <vector>

#include "model/model_spec.hpp"

namespace llm_sizer {

// What a Hugging Face model_type implies about the layout when the config does not say it
// explicitly. Defaults follow each family's transformers configuration and modeling classes.
struct FamilyTraits {
  std::string_view model_type;
  std::string_view shape;  // the reader and layout: llama, gpt2, t5, mamba, ...
  Stacks stacks = Stacks::decoder;
  bool gated_mlp = true;
  bool qkv_bias = false;
  bool o_bias = false;
  bool mlp_bias = false;
  bool bias_from_attention_bias = true;  // config "attention_bias" sets q/k/v/o biases
  bool attention_bias_qkv_only = false;  // GLM: "attention_bias" sets q/k/v biases, o has none
  NormKind norm = NormKind::rms;         // LayerNorm without bias counts as rms (weight only)
  int norms_per_layer = 2;
  QkNormKind qk_norm = QkNormKind::none;
  bool qk_norm_from_config = false;  // use_qk_norm / qk_layernorm decide whether q/k norms exist
  bool embedding_norm = false;
  bool learned_positions = false;
  bool tie_word_embeddings = false;  // the config class's default for tie_word_embeddings
  bool lm_head_bias = false;
  bool fused_qkv = false;      // stored as one attn_qkv tensor (matters for GGUF type rules)
  bool fused_gate_up = false;  // gate and up stored as one ffn_up tensor (Phi-3, GLM)
  bool score_correction_bias = false;  // DeepSeek-V3-style per-expert routing bias
};

// nullptr for a model_type this calculator does not know.
const FamilyTraits* find_family(std::string_view model_type);
const FamilyTraits& llama_family();
std::vector<std::string_view> known_model_types();
// Every known family, in table order.
std::vector<const FamilyTraits*> known_families();
// "decoder", "encoder" or "encoder_decoder", as results and presets() spell it.
std::string_view stacks_name(Stacks stacks);

}  // namespace llm_sizer
