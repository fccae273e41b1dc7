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

constexpr FamilyTraits make_shape(std::string_view type, std::string_view shape) {
  FamilyTraits t = make_llama(type);
  t.shape = shape;
  return t;
}

// GPT-2-era layouts: LayerNorm with bias, a plain (non-gated) MLP, biases on every projection.
constexpr FamilyTraits make_plain(std::string_view type, std::string_view shape) {
  FamilyTraits t = make_shape(type, shape);
  t.gated_mlp = false;
  t.qkv_bias = t.o_bias = t.mlp_bias = true;
  t.bias_from_attention_bias = false;
  t.norm = NormKind::layer_norm;
  return t;
}

// Post-LN encoders of the BERT family: biases everywhere, LayerNorm after the embeddings.
constexpr FamilyTraits make_bert(std::string_view type) {
  FamilyTraits t = make_plain(type, "bert");
  t.stacks = Stacks::encoder;
  t.embedding_norm = true;
  t.learned_positions = true;
  t.tie_word_embeddings = true;
  return t;
}

// Decoder-only families whose layout is Llama's, modified by a few traits.
constexpr void add_llama_like(auto& f, size_t& i) {
  // transformers models/llama/modeling_llama.py: RMSNorm, SwiGLU, optional attention/mlp bias.
  // mistral, mixtral, baichuan (W_pack is split into q/k/v by llama.cpp), granite (multipliers
  // only), granitemoe (experts of width intermediate_size), minicpm (scales only), exaone (renamed
  // modules), deepseek (V1: MoE with shared experts, no MLA), internlm3 (qkv_bias/bias switches).
  for (std::string_view type : {"llama", "mistral", "mixtral", "baichuan", "granite", "granitemoe",
                                "minicpm", "exaone", "deepseek", "internlm3"}) {
    f[i++] = make_llama(type);
  }
  {
    FamilyTraits t = make_llama("smollm3");  // SmolLM3Config: tie_word_embeddings defaults true
    t.tie_word_embeddings = true;
    f[i++] = t;
  }
  {
    // models/ernie4_5_moe: moe_statics holds a per-expert routing-score correction bias.
    FamilyTraits t = make_llama("ernie4_5_moe");
    t.score_correction_bias = true;
    f[i++] = t;
  }
  {
    FamilyTraits t = make_llama("internlm2");  // modeling_internlm2.py: "bias" on wqkv and wo
    t.bias_from_attention_bias = false;
    f[i++] = t;
  }
  {
    // models/phi3/modeling_phi3.py: fused qkv_proj and gate_up_proj, no biases.
    FamilyTraits t = make_llama("phi3");
    t.fused_qkv = true;
    t.fused_gate_up = true;
    f[i++] = t;
  }
  for (std::string_view type : {"qwen2", "qwen2_moe", "qwen2_vl", "qwen2_5_vl"}) {
    // models/qwen2/modeling_qwen2.py: q/k/v projections have biases, o_proj has none.
    FamilyTraits t = make_llama(type);
    t.qkv_bias = true;
    t.bias_from_attention_bias = false;
    f[i++] = t;
  }
  for (std::string_view type : {"qwen3", "qwen3_moe", "qwen3_next", "qwen3_5_text", "qwen3_5",
                                "qwen3_5_moe_text", "qwen3_5_moe"}) {
    // models/qwen3/modeling_qwen3.py: per-head RMSNorm on q and k. Qwen3.5 (models/qwen3_5,
    // models/qwen3_5_moe) keeps Qwen3-Next's layers, its Gated DeltaNet projections split in two
    // (in_proj_qkv + in_proj_z, in_proj_b + in_proj_a: the same widths); its dense models have a
    // SwiGLU MLP where the MoE ones have experts.
    FamilyTraits t = make_llama(type);
    t.qk_norm = QkNormKind::per_head;
    if (type != "qwen3" && type != "qwen3_moe") t.shape = "qwen3_next";
    f[i++] = t;
  }
  {
    // models/minimax_m2/modular_minimax_m2.py: RMSNorms over the whole q and k projections
    // (use_qk_norm), a sigmoid router with e_score_correction_bias, experts intermediate_size wide.
    FamilyTraits t = make_llama("minimax_m2");
    t.qk_norm = QkNormKind::full_width;
    t.qk_norm_from_config = true;
    t.score_correction_bias = true;
    f[i++] = t;
  }
  {
    // models/olmoe/modeling_olmoe.py: q/k RMSNorms over the whole projection width.
    FamilyTraits t = make_llama("olmoe");
    t.qk_norm = QkNormKind::full_width;
    f[i++] = t;
  }
  {
    // models/exaone4/modeling_exaone4.py: post-attention and post-MLP norms only, per-head q/k
    // norms.
    FamilyTraits t = make_llama("exaone4");
    t.qk_norm = QkNormKind::per_head;
    f[i++] = t;
  }
  for (std::string_view type : {"glm4", "glm4_moe"}) {
    // models/glm4/modeling_glm4.py: q/k/v biases (attention_bias), fused gate_up_proj, post-
    // attention and post-MLP norms; GLM-4.5 (models/glm4_moe) has separate gate/up, optional
    // per-head q/k norms and DeepSeek-V3-style routing.
    FamilyTraits t = make_llama(type);
    t.bias_from_attention_bias = false;
    t.attention_bias_qkv_only = true;
    t.fused_gate_up = type != "glm4_moe";
    if (type == "glm4") t.norms_per_layer = 4;
    if (type == "glm4_moe") {
      t.qk_norm = QkNormKind::per_head;
      t.qk_norm_from_config = true;
      t.score_correction_bias = true;
    }
    f[i++] = t;
  }
  for (std::string_view type : {"cohere", "cohere2"}) {
    // models/cohere/modeling_cohere.py: one LayerNorm without bias per parallel block, tied head,
    // optional q/k LayerNorms over (heads, head_dim); Cohere2 adds sliding-window layers.
    FamilyTraits t = make_llama(type);
    t.norms_per_layer = 1;
    t.tie_word_embeddings = true;
    t.qk_norm = QkNormKind::full_width;
    t.qk_norm_from_config = true;
    f[i++] = t;
  }
  {
    // models/stablelm/modeling_stablelm.py: LayerNorm with bias, use_qkv_bias, optional per-head
    // q/k LayerNorms (qk_layernorm), one norm with a parallel residual.
    FamilyTraits t = make_llama("stablelm");
    t.norm = NormKind::layer_norm;
    t.bias_from_attention_bias = false;
    t.qk_norm = QkNormKind::full_width;
    t.qk_norm_from_config = true;
    f[i++] = t;
  }
  {
    // models/nemotron/modeling_nemotron.py: LayerNorm1P (weight and bias), squared-ReLU MLP of
    // up and down projections without biases.
    FamilyTraits t = make_llama("nemotron");
    t.norm = NormKind::layer_norm;
    t.gated_mlp = false;
    f[i++] = t;
  }
  {
    // models/phimoe/modeling_phimoe.py: LayerNorm with bias, biased attention, biased lm_head.
    FamilyTraits t = make_llama("phimoe");
    t.norm = NormKind::layer_norm;
    t.qkv_bias = t.o_bias = true;
    t.lm_head_bias = true;
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
  for (std::string_view type : {"gemma3n", "gemma3n_text"}) {
    // models/gemma3n/modeling_gemma3n.py: Gemma 3's layer (v_norm has no weight) plus per-layer
    // embeddings, AltUp and LAuReL (read into ModelSpec::gemma3n).
    FamilyTraits t = make_shape(type, "gemma3n");
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
}

constexpr std::array kFamilies = [] {
  std::array<FamilyTraits, 79> f{};
  size_t i = 0;
  add_llama_like(f, i);
  for (std::string_view type : {"llama4", "llama4_text"}) {
    // models/llama4/modeling_llama4.py: MoE with an always-on shared expert, chunked local
    // attention on RoPE layers, weightless L2 q/k norms.
    f[i++] = make_shape(type, "llama4");
  }
  // models/mllama/modeling_mllama.py: Llama 3.1 text layers with cross-attention layers between.
  f[i++] = make_shape("mllama", "mllama");
  // models/llava/modeling_llava.py: a CLIP ViT and a projector in front of a language model.
  f[i++] = make_shape("llava", "llava");
  for (std::string_view type :
       {"deepseek_v2", "deepseek_v3", "kimi_k2", "deepseek_v32", "glm_moe_dsa"}) {
    // models/deepseek_v3/modeling_deepseek_v3.py: MLA + MoE; Kimi K2 ships DeepSeek-V3's code;
    // DeepSeek-V3.2 (its inference/model.py) and GLM-5 (models/glm_moe_dsa) add the
    // sparse-attention indexer to every layer.
    FamilyTraits t = make_shape(type, "deepseek");
    t.score_correction_bias = type != "deepseek_v2";
    f[i++] = t;
  }
  {
    // models/gpt_oss/modeling_gpt_oss.py: biased attention, sinks, biased experts and router.
    f[i++] = make_shape("gpt_oss", "gpt_oss");
  }
  {
    // models/dbrx/modeling_dbrx.py: fused Wqkv, LayerNorms without bias, 16 experts.
    FamilyTraits t = make_shape("dbrx", "dbrx");
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/qwen (Qwen-7B's modeling_qwen.py): fused c_attn with bias, w1/w2/c_proj MLP.
    FamilyTraits t = make_shape("qwen", "qwen");
    t.fused_qkv = true;
    t.qkv_bias = true;
    t.bias_from_attention_bias = false;
    f[i++] = t;
  }
  {
    // THUDM ChatGLM2/3, GLM-4 (modeling_chatglm.py): fused query_key_value, fused SwiGLU
    // dense_h_to_4h, untied output_layer.
    FamilyTraits t = make_shape("chatglm", "chatglm");
    t.fused_qkv = true;
    t.fused_gate_up = true;
    f[i++] = t;
  }
  {
    // models/gpt2/modeling_gpt2.py: learned positions, biases everywhere, tied head.
    FamilyTraits t = make_plain("gpt2", "gpt2");
    t.learned_positions = true;
    t.tie_word_embeddings = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/gpt_bigcode/modeling_gpt_bigcode.py: GPT-2 with multi-query attention (one KV head).
    FamilyTraits t = make_plain("gpt_bigcode", "gpt_bigcode");
    t.learned_positions = true;
    t.tie_word_embeddings = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/opt/modeling_opt.py: positions offset by 2, ffn_dim, enable_bias, optional
    // project_in/out, tied head.
    FamilyTraits t = make_plain("opt", "opt");
    t.learned_positions = true;
    t.tie_word_embeddings = true;
    f[i++] = t;
  }
  {
    // models/gptj/modeling_gptj.py: parallel block with one LayerNorm, unbiased q/k/v/out,
    // biased MLP and lm_head.
    FamilyTraits t = make_plain("gptj", "gptj");
    t.qkv_bias = t.o_bias = false;
    t.norms_per_layer = 1;
    t.lm_head_bias = true;
    f[i++] = t;
  }
  {
    // models/mpt/modeling_mpt.py: ALiBi, fused Wqkv, expansion_ratio MLP; no_bias removes every
    // bias, LayerNorms included.
    FamilyTraits t = make_plain("mpt", "mpt");
    t.tie_word_embeddings = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/gpt_neox/modeling_gpt_neox.py: untied embed_out; attention_bias sets qkv/dense biases.
    FamilyTraits t = make_plain("gpt_neox", "gpt_neox");
    t.bias_from_attention_bias = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/bloom/modeling_bloom.py: LayerNorm after the embedding, ALiBi, tied head.
    FamilyTraits t = make_plain("bloom", "bloom");
    t.embedding_norm = true;
    t.tie_word_embeddings = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/falcon/modeling_falcon.py: fused MQA/GQA qkv, parallel attention; biases only when
    // the config's "bias" says so (read in the reader).
    FamilyTraits t = make_plain("falcon", "falcon");
    t.qkv_bias = t.o_bias = t.mlp_bias = false;
    t.tie_word_embeddings = true;
    t.fused_qkv = true;
    f[i++] = t;
  }
  {
    // models/phi/modeling_phi.py (Phi-1/2): one LayerNorm per parallel block, biased lm_head.
    FamilyTraits t = make_plain("phi", "phi");
    t.norms_per_layer = 1;
    t.lm_head_bias = true;
    f[i++] = t;
  }
  {
    // models/starcoder2/modeling_starcoder2.py: plain GELU MLP, "use_bias".
    FamilyTraits t = make_plain("starcoder2", "starcoder2");
    t.tie_word_embeddings = true;
    f[i++] = t;
  }
  for (std::string_view type : {"mamba", "falcon_mamba", "mamba2"}) {
    // models/mamba/modeling_mamba.py, models/falcon_mamba (weightless RMSNorms on B, C, dt),
    // models/mamba2/modeling_mamba2.py: one RMSNorm and one mixer per block, no MLP.
    FamilyTraits t = make_shape(type, type == "mamba2" ? "mamba2" : "mamba");
    t.norms_per_layer = 1;
    t.tie_word_embeddings = true;
    f[i++] = t;
  }
  {
    // models/jamba/modeling_jamba.py: Mamba and attention layers, MoE every other layer.
    f[i++] = make_shape("jamba", "jamba");
  }
  {
    // models/nemotron_h/modeling_nemotron_h.py (NemotronHBlock): each block is one RMSNorm and one
    // mixer - Mamba-2, attention without biases, a squared-ReLU MLP of up and down projections,
    // or squared-ReLU experts beside a shared expert with a routing-score correction bias.
    FamilyTraits t = make_shape("nemotron_h", "nemotron_h");
    t.norms_per_layer = 1;
    t.gated_mlp = false;
    t.score_correction_bias = true;
    f[i++] = t;
  }
  {
    // Kimi Linear (modeling_kimi.py, KimiLinearForCausalLM): Kimi Delta Attention layers and MLA
    // layers listed in linear_attn_config, DeepSeek-V3-style MoE after a dense first layer.
    FamilyTraits t = make_shape("kimi_linear", "kimi_linear");
    t.score_correction_bias = true;
    f[i++] = t;
  }
  {
    // models/granitemoehybrid/modeling_granitemoehybrid.py: Mamba-2 and attention layers, each
    // followed by a SwiGLU shared_mlp and, in the MoE models, routed experts; tied embeddings.
    FamilyTraits t = make_shape("granitemoehybrid", "granite_hybrid");
    t.tie_word_embeddings = true;
    f[i++] = t;
  }
  for (std::string_view type : {"bert", "roberta", "xlm-roberta"}) {
    // models/bert/modeling_bert.py, models/roberta, models/xlm_roberta: the same encoder.
    f[i++] = make_bert(type);
  }
  for (std::string_view type : {"t5", "mt5"}) {
    // models/t5/modeling_t5.py: no biases, weight-only RMS LayerNorm, relative position buckets;
    // mt5 (models/mt5) is T5 v1.1: a gated-GELU MLP and an untied head (feed_forward_proj).
    FamilyTraits t = make_shape(type, "t5");
    t.stacks = Stacks::encoder_decoder;
    t.bias_from_attention_bias = false;
    t.tie_word_embeddings = type == "t5";
    f[i++] = t;
  }
  {
    // models/bart/modeling_bart.py: post-LN, learned positions (offset 2) and an embedding
    // LayerNorm per stack, tied head with final_logits_bias.
    FamilyTraits t = make_plain("bart", "bart");
    t.stacks = Stacks::encoder_decoder;
    t.learned_positions = true;
    t.embedding_norm = true;
    t.tie_word_embeddings = true;
    t.lm_head_bias = true;
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

std::string_view stacks_name(Stacks stacks) {
  switch (stacks) {
    case Stacks::encoder:
      return "encoder";
    case Stacks::encoder_decoder:
      return "encoder_decoder";
    case Stacks::decoder:
      break;
  }
  return "decoder";
}

std::vector<const FamilyTraits*> known_families() {
  std::vector<const FamilyTraits*> families;
  for (const auto& family : kFamilies) families.push_back(&family);
  return families;
}

}  // namespace llm_sizer
