#include "error.hpp"
#include "limits.hpp"
#include "model/config_aliases.hpp"
#include "model/readers/readers.hpp"

namespace llm_sizer {
namespace {

bool is_shape(const FamilyTraits& f, std::string_view shape) {
  return f.shape == shape;
}

// The dense MLP width under each family's name. Plain (non-gated) MLPs default to 4h
// (GPT2Config n_inner=None, BLOOM, FalconConfig, GPT-J); MPT gives a ratio; Qwen (V1) gives the
// width of w1 and w2 together; Llama 4 names the dense width intermediate_size_mlp.
int64_t read_mlp_width(const FieldReader& r, const FamilyTraits& family, const ModelSpec& m,
                       std::string_view& key) {
  if (is_shape(family, "mamba") || is_shape(family, "mamba2")) return 0;
  if (is_shape(family, "dbrx")) {
    // DbrxFFNConfig: the experts' width is ffn_config.ffn_hidden_size.
    const Json* ffn = r.find("ffn_config");
    if (ffn == nullptr) throw InputError(r.field("ffn_config"), {"error.required_for_dbrx"}, "");
    key = "ffn_config";
    return FieldReader(*ffn, r.field("ffn_config")).required_int("ffn_hidden_size", limits::kWidth);
  }
  if (is_shape(family, "mpt")) {
    key = "expansion_ratio";
    return r.int_or(key, 4, limits::kWidthRatio) * m.hidden_size;
  }
  key = is_shape(family, "llama4") ? "intermediate_size_mlp"
        : is_shape(family, "opt")  ? "ffn_dim"
                                   : pick_alias(r, "intermediate_size");
  if (is_shape(family, "gemma3n")) return read_uniform_width(r, key);
  const int64_t fallback = m.gated_mlp ? 0 : 4 * m.hidden_size;
  const int64_t width = r.optional_int(key, limits::kWidth).value_or(fallback);
  if (is_shape(family, "qwen")) {
    // QWenMLP: w1 and w2 are each intermediate_size / 2 wide.
    if (width % 2 != 0) {
      throw InputError(r.field(key), {"error.qwen_width_even"}, std::to_string(width));
    }
    return width / 2;
  }
  return width;
}

void read_biases(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  m.qkv_bias = family.qkv_bias;
  m.o_bias = family.o_bias;
  m.mlp_bias = family.mlp_bias;
  m.lm_head_bias = family.lm_head_bias;
  const auto all = [&](bool bias) { m.qkv_bias = m.o_bias = m.mlp_bias = bias; };
  if (family.bias_from_attention_bias) {
    if (auto bias = r.optional_bool("attention_bias")) m.qkv_bias = m.o_bias = *bias;
  }
  if (family.attention_bias_qkv_only) {
    // GlmConfig and Glm4Config default attention_bias to true, Glm4MoeConfig to false.
    m.qkv_bias = r.bool_or("attention_bias", family.model_type != "glm4_moe");
  }
  if (auto bias = r.optional_bool("mlp_bias")) m.mlp_bias = *bias;
  const std::string_view shape = family.shape;
  const std::string_view type = family.model_type;
  if (shape == "falcon") all(r.bool_or("bias", false));
  if (shape == "starcoder2") all(r.bool_or("use_bias", true));
  if (shape == "opt") all(r.bool_or("enable_bias", true));
  if (shape == "mpt") all(!r.bool_or("no_bias", true));
  if (shape == "chatglm") {
    m.qkv_bias = r.bool_or("add_qkv_bias", false);
    m.o_bias = m.mlp_bias = r.bool_or("add_bias_linear", false);
  }
  if (shape == "qwen") m.o_bias = m.mlp_bias = !r.bool_or("no_bias", true);
  if (type == "internlm2") m.qkv_bias = m.o_bias = r.bool_or("bias", false);
  if (type == "internlm3") {
    m.qkv_bias = r.bool_or("qkv_bias", false);
    m.o_bias = m.mlp_bias = r.bool_or("bias", false);
  }
  if (type == "stablelm") m.qkv_bias = r.bool_or("use_qkv_bias", false);
  if (type == "ernie4_5_moe") all(r.bool_or("use_bias", false));
}

void read_norms(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  m.norm = family.norm;
  m.norms_per_layer = family.norms_per_layer;
  m.qk_norm = family.qk_norm;
  m.embedding_norm = family.embedding_norm;
  const std::string_view shape = family.shape;
  if (shape == "falcon") {
    // FalconDecoderLayer: ln_attn + ln_mlp in the new architecture, one shared input_layernorm
    // with parallel attention, input + post-attention norms otherwise.
    if (r.bool_or("new_decoder_architecture", false)) {
      m.norms_per_layer = static_cast<int>(r.int_or("num_ln_in_parallel_attn", 2, 1, 2));
    } else {
      m.norms_per_layer = r.bool_or("parallel_attn", true) ? 1 : 2;
    }
  }
  // MPT with no_bias: LayerNorms without bias (a weight only, counted like RMSNorm).
  if (shape == "mpt" && r.bool_or("no_bias", true)) m.norm = NormKind::rms;
  if (shape == "chatglm") {
    m.norm = r.bool_or("rmsnorm", true) ? NormKind::rms : NormKind::layer_norm;
    m.final_norm = r.bool_or("post_layer_norm", true);
  }
  if (shape == "opt") {
    if (!r.bool_or("layer_norm_elementwise_affine", true)) m.norm = NormKind::non_parametric;
    m.final_norm =
        r.bool_or("do_layer_norm_before", true) && !r.bool_or("_remove_final_layer_norm", false);
  }
  if (family.model_type == "stablelm" && r.bool_or("use_parallel_residual", false)) {
    m.norms_per_layer = 1;
  }
  if (family.qk_norm_from_config) {
    const std::string_view key = family.model_type == "stablelm" ? "qk_layernorm" : "use_qk_norm";
    if (!r.bool_or(key, false)) m.qk_norm = QkNormKind::none;
  }
}

}  // namespace

void read_dimensions(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  m.hidden_size = r.required_int(pick_alias(r, "hidden_size"), limits::kWidth);
  m.num_layers = r.required_int(pick_alias(r, "num_hidden_layers"), limits::kLayers);
  m.vocab_size = r.required_int(is_shape(family, "chatglm") ? "padded_vocab_size" : "vocab_size",
                                limits::kVocab);
  m.max_position_embeddings =
      r.int_or(pick_alias(r, "max_position_embeddings"), 0, limits::kPositions);
  if (is_shape(family, "mamba") || is_shape(family, "mamba2")) {
    m.num_heads = m.num_kv_heads = m.head_dim = 0;  // no attention layers
  } else {
    read_attention_heads(r, family, m);
    read_latent_attention(r, m);
    read_sparse_indexer(r, m);
  }
  m.gated_mlp = family.gated_mlp;
  m.fused_qkv = family.fused_qkv;
  m.fused_gate_up = family.fused_gate_up;
  m.tie_word_embeddings = r.bool_or("tie_word_embeddings", family.tie_word_embeddings);
  m.attention_output_gate = is_shape(family, "qwen3_next");
  m.attention_sinks = is_shape(family, "gpt_oss");
  read_biases(r, family, m);
  read_norms(r, family, m);

  std::string_view width_key;
  m.intermediate_size = read_mlp_width(r, family, m, width_key);
  if (family.learned_positions) {
    const std::string_view key = pick_alias(r, "max_position_embeddings");
    // OPTLearnedPositionalEmbedding keeps 2 rows more than max_position_embeddings.
    m.learned_position_rows =
        r.required_int(key, limits::kPositions) + (is_shape(family, "opt") ? 2 : 0);
  }
  if (is_shape(family, "opt")) {
    const int64_t width = r.int_or("word_embed_proj_dim", m.hidden_size, limits::kWidth);
    if (width != m.hidden_size) m.embedding_width = width;
  }
  if (is_shape(family, "mllama")) {
    // MllamaTextModel: embed_tokens has vocab_size + 8 rows (image and padding tokens), and each
    // cross-attention layer has an attention gate and an MLP gate.
    m.embedding_rows = m.vocab_size + 8;
    m.cross_layer_gates = 2;
  }
}

}  // namespace llm_sizer
