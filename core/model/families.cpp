#include "model/families.hpp"

#include <array>

namespace llm_sizer {
namespace {

// Each row cites the transformers modeling file whose layout it encodes.
constexpr FamilyTraits make_llama(std::string_view type) {
  FamilyTraits t;
  t.model_type = type;
  t.shape = "llama";
  return t;
}

// GPT-2-era layouts: LayerNorm with bias, a plain (non-gated) MLP, biases on every projection.
constexpr FamilyTraits make_plain(std::string_view type) {
  FamilyTraits t;
  t.model_type = type;
  t.shape = type;
  t.gated_mlp = false;
  t.qkv_bias = t.o_bias = t.mlp_bias = true;
  t.bias_from_attention_bias = false;
  t.norm = NormKind::layer_norm;
  return t;
}

constexpr std::array kFamilies = [] {
  std::array<FamilyTraits, 26> f{};
  size_t i = 0;
  // transformers models/llama/modeling_llama.py: RMSNorm, SwiGLU, optional attention/mlp bias.
  f[i++] = make_llama("llama");
  f[i++] = make_llama("mistral");  // models/mistral/modeling_mistral.py
  f[i++] = make_llama("mixtral");  // models/mixtral/modeling_mixtral.py: + router and experts
  for (std::string_view type : {"llama4", "llama4_text"}) {
    // models/llama4/modeling_llama4.py: MoE with an always-on shared expert, chunked local
    // attention on RoPE layers, weightless L2 q/k norms.
    FamilyTraits t = make_llama(type);
    t.shape = "llama4";
    f[i++] = t;
  }
  {
    // models/phi3/modeling_phi3.py: fused qkv_proj and gate_up_proj, no biases.
    FamilyTraits t = make_llama("phi3");
    t.fused_qkv = true;
    t.fused_gate_up = true;
    f[i++] = t;
  }
  for (std::string_view type : {"qwen2", "qwen2_moe"}) {
    // models/qwen2/modeling_qwen2.py: q/k/v projections have biases, o_proj has none.
    FamilyTraits t = make_llama(type);
    t.qkv_bias = true;
    t.bias_from_attention_bias = false;
    f[i++] = t;
  }
  for (std::string_view type : {"qwen3", "qwen3_moe", "qwen3_next"}) {
    // models/qwen3/modeling_qwen3.py: per-head RMSNorm on q and k.
    FamilyTraits t = make_llama(type);
    t.qk_norm = QkNormKind::per_head;
    if (type == "qwen3_next") t.shape = "qwen3_next";
    f[i++] = t;
  }
  {
    FamilyTraits t = make_llama("gemma");  // models/gemma/modeling_gemma.py: tied, GeGLU
    t.tie_word_embeddings = true;
    f[i++] = t;
  }
  {
    // models/gemma2/modeling_gemma2.py: pre- and post- norms around attention and MLP.
    FamilyTraits t = make_llama("gemma2");
    t.tie_word_embeddings = true;
    t.norms_per_layer = 4;
    f[i++] = t;
  }
  for (std::string_view type : {"gemma3", "gemma3_text"}) {
    // models/gemma3/modeling_gemma3.py: Gemma 2 layout plus per-head q/k norms.
    FamilyTraits t = make_llama(type);
    t.tie_word_embeddings = true;
    t.norms_per_layer = 4;
    t.qk_norm = QkNormKind::per_head;
    f[i++] = t;
  }
  {
    // models/olmo2/modeling_olmo2.py: post-attention/post-feedforward norms, q/k norms over
    // the full projection width.
    FamilyTraits t = make_llama("olmo2");
    t.qk_norm = QkNormKind::full_width;
    f[i++] = t;
  }
  {
    FamilyTraits t = make_llama("olmo");  // models/olmo/modeling_olmo.py: LayerNorm, no affine
    t.norm = NormKind::non_parametric;
    f[i++] = t;
  }
  for (std::string_view type : {"deepseek_v2", "deepseek_v3"}) {
    FamilyTraits t = make_llama(type);  // models/deepseek_v3/modeling_deepseek_v3.py: MLA + MoE
    t.shape = "deepseek";
    f[i++] = t;
  }
  {
    // models/gpt_oss/modeling_gpt_oss.py: biased attention, sinks, biased experts and router.
    FamilyTraits t = make_llama("gpt_oss");
    t.shape = "gpt_oss";
    f[i++] = t;
  }
  {
    // models/gpt2/modeling_gpt2.py: learned positions, biases everywhere, tied head.
    FamilyTraits t = make_plain("gpt2");
    t.learned_positions = true;
    t.tie_word_embeddings = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/gpt_neox/modeling_gpt_neox.py: untied embed_out; attention_bias sets qkv/dense biases.
    FamilyTraits t = make_plain("gpt_neox");
    t.bias_from_attention_bias = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/bloom/modeling_bloom.py: LayerNorm after the embedding, ALiBi, tied head.
    FamilyTraits t = make_plain("bloom");
    t.embedding_norm = true;
    t.tie_word_embeddings = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/falcon/modeling_falcon.py: fused MQA/GQA qkv, parallel attention; biases only when
    // the config's "bias" says so (read in hf_config.cpp).
    FamilyTraits t = make_plain("falcon");
    t.qkv_bias = t.o_bias = t.mlp_bias = false;
    t.tie_word_embeddings = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/phi/modeling_phi.py (Phi-1/2): one LayerNorm per parallel block, biased lm_head.
    FamilyTraits t = make_plain("phi");
    t.norms_per_layer = 1;
    t.lm_head_bias = true;
    f[i++] = t;
  }
  {
    // models/starcoder2/modeling_starcoder2.py: plain GELU MLP, "use_bias" (hf_config.cpp).
    FamilyTraits t = make_plain("starcoder2");
    t.tie_word_embeddings = true;
    f[i++] = t;
  }
  // Not a constant expression (a compile error) unless every slot was filled exactly once.
  if (i != f.size()) throw "kFamilies: size does not match the rows";
  return f;
}();

}  // namespace

const FamilyTraits* find_family(std::string_view model_type) {
  for (const auto& family : kFamilies) {
    if (family.model_type == model_type) return &family;
  }
  return nullptr;
}

const FamilyTraits& llama_family() {
  return *find_family("llama");
}

std::vector<std::string_view> known_model_types() {
  std::vector<std::string_view> types;
  for (const auto& family : kFamilies) types.push_back(family.model_type);
  return types;
}

}  // namespace llm_sizer
