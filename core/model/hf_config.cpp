#include "model/hf_config.hpp"

#include <algorithm>

#include "error.hpp"
#include "limits.hpp"
#include "model/config_aliases.hpp"
#include "model/families.hpp"
#include "model/model_size.hpp"

namespace llm_sizer {
namespace {

// Gemma3TextConfig's class defaults (transformers models/gemma3/configuration_gemma3.py): the
// published Gemma 3 config.json files rely on them and omit these fields from text_config.
constexpr std::string_view kGemma3TextDefaults = R"({
  "vocab_size": 262208, "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
  "max_position_embeddings": 131072, "sliding_window": 4096, "sliding_window_pattern": 6})";

// A multimodal config nests the language model under text_config; its fields win.
Json flatten_text_config(const Json& config, const Json& text) {
  Json merged = config;
  merged.erase("text_config");
  for (const auto& [key, value] : text.items()) merged[key] = value;
  return merged;
}

Json with_defaults(const Json& config, std::string_view defaults_text) {
  Json merged = Json::parse(defaults_text);
  for (const auto& [key, value] : config.items()) {
    if (!value.is_null()) merged[key] = value;
  }
  return merged;
}

void read_attention_heads(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  m.num_heads = r.required_int(pick_alias(r, "num_attention_heads"), limits::kHeads);
  std::string_view kv_key = pick_alias(r, "num_key_value_heads");
  if (family.shape == "falcon") {
    // FalconConfig: the new decoder architecture reads num_kv_heads; otherwise multi_query (the
    // default) means one shared KV head.
    if (r.bool_or("new_decoder_architecture", false)) {
      m.num_kv_heads = r.optional_int(kv_key, limits::kHeads).value_or(m.num_heads);
    } else {
      m.num_kv_heads = r.bool_or("multi_query", true) ? 1 : m.num_heads;
    }
  } else {
    m.num_kv_heads = r.optional_int(kv_key, limits::kHeads).value_or(m.num_heads);
  }
  if (m.num_heads % m.num_kv_heads != 0) {
    throw InputError(r.field(kv_key),
                     "must divide num_attention_heads (" + std::to_string(m.num_heads) + ")",
                     std::to_string(m.num_kv_heads));
  }
  if (auto head_dim = r.optional_int("head_dim", limits::kHeadDim)) {
    m.head_dim = *head_dim;
  } else if (m.hidden_size % m.num_heads == 0) {
    m.head_dim = m.hidden_size / m.num_heads;
  } else {
    throw InputError(r.field(pick_alias(r, "num_attention_heads")),
                     "must divide hidden_size (" + std::to_string(m.hidden_size) +
                         ") when head_dim is not given",
                     std::to_string(m.num_heads));
  }
}

void read_latent_attention(const FieldReader& r, ModelSpec& m) {
  if (!r.has("kv_lora_rank")) return;
  MlaSpec mla;
  mla.kv_lora_rank = r.required_int("kv_lora_rank", limits::kWidth);
  mla.q_lora_rank = r.optional_int("q_lora_rank", limits::kWidth).value_or(0);
  mla.qk_rope_head_dim = r.required_int("qk_rope_head_dim", limits::kHeadDim);
  mla.qk_nope_head_dim = r.required_int("qk_nope_head_dim", limits::kHeadDim);
  mla.v_head_dim = r.required_int("v_head_dim", limits::kHeadDim);
  // Attention itself runs with per-head keys of width nope + rope (DeepSeek-V2 eq. 17).
  m.head_dim = mla.qk_nope_head_dim + mla.qk_rope_head_dim;
  m.num_kv_heads = m.num_heads;
  m.mla = mla;
}

void read_biases(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  m.qkv_bias = family.qkv_bias;
  m.o_bias = family.o_bias;
  m.mlp_bias = family.mlp_bias;
  m.lm_head_bias = family.lm_head_bias;
  if (family.bias_from_attention_bias) {
    if (auto bias = r.optional_bool("attention_bias")) m.qkv_bias = m.o_bias = *bias;
  }
  if (auto bias = r.optional_bool("mlp_bias")) m.mlp_bias = *bias;
  if (family.shape == "falcon") m.qkv_bias = m.o_bias = m.mlp_bias = r.bool_or("bias", false);
  if (family.shape == "starcoder2") {
    m.qkv_bias = m.o_bias = m.mlp_bias = r.bool_or("use_bias", true);
  }
}

void read_norms(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  m.norm = family.norm;
  m.norms_per_layer = family.norms_per_layer;
  m.qk_norm = family.qk_norm;
  m.embedding_norm = family.embedding_norm;
  if (family.shape == "falcon") {
    // FalconDecoderLayer: ln_attn + ln_mlp in the new architecture, one shared input_layernorm
    // with parallel attention, input + post-attention norms otherwise.
    if (r.bool_or("new_decoder_architecture", false)) {
      m.norms_per_layer = static_cast<int>(r.int_or("num_ln_in_parallel_attn", 2, 1, 2));
    } else {
      m.norms_per_layer = r.bool_or("parallel_attn", true) ? 1 : 2;
    }
  }
}

void read_moe(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  const std::string_view experts_key = pick_alias(r, "num_experts");
  const int64_t experts = r.int_or(experts_key, 0, limits::kExperts);
  if (experts == 0) return;
  MoeSpec& moe = m.moe;
  moe.num_experts = experts;
  const std::string_view top_k_key = pick_alias(r, "num_experts_per_tok");
  moe.experts_per_token = r.optional_int(top_k_key, IntRange{1, experts}).value_or(0);
  if (moe.experts_per_token == 0) {
    throw InputError(r.field(top_k_key), "is required for a mixture-of-experts model", "");
  }
  // Llama 4's expert width is intermediate_size (its dense width is intermediate_size_mlp).
  const int64_t default_width = family.shape == "llama4"
                                    ? r.int_or("intermediate_size", 0, limits::kWidth)
                                    : m.intermediate_size;
  moe.expert_intermediate_size =
      r.optional_int("moe_intermediate_size", limits::kWidth).value_or(default_width);
  if (moe.expert_intermediate_size == 0) {
    throw InputError(r.field("moe_intermediate_size"),
                     "is required for a mixture-of-experts model (or intermediate_size)", "");
  }
  if (auto shared = r.optional_int("n_shared_experts", limits::kExperts)) {
    // DeepseekV3MoE: the shared experts form one MLP of width n_shared * moe_intermediate_size.
    moe.num_shared_experts = *shared;
    moe.shared_intermediate_size = moe.expert_intermediate_size;
  }
  const IntRange shared_width{0, limits::kWidth.max, limits::kWidth.reason};
  if (auto width = r.optional_int("shared_expert_intermediate_size", shared_width);
      width && *width > 0) {
    moe.num_shared_experts = 1;  // Qwen2-MoE / Qwen3-Next: one shared expert behind a sigmoid gate
    moe.shared_intermediate_size = *width;
    moe.shared_expert_gate = true;
  }
  if (family.shape == "llama4") {
    // Llama4TextMoe: one shared expert of the routed experts' width, always applied.
    moe.num_shared_experts = 1;
    moe.shared_intermediate_size = moe.expert_intermediate_size;
  }
  moe.router_bias = family.shape == "gpt_oss";
  moe.expert_bias = family.shape == "gpt_oss";
  moe.score_correction_bias = family.model_type == "deepseek_v3" ||
                              r.optional_string("topk_method").value_or("") == "noaux_tc";
}

bool layer_is_moe(const FieldReader& r, const ModelSpec& m, int64_t layer,
                  const std::vector<int64_t>& mlp_only_layers) {
  if (!m.is_moe()) return false;
  if (std::find(mlp_only_layers.begin(), mlp_only_layers.end(), layer) != mlp_only_layers.end()) {
    return false;
  }
  // Qwen2-MoE/Qwen3-MoE: decoder_sparse_step; Llama 4: interleave_moe_layer_step; DeepSeek:
  // first_k_dense_replace, moe_layer_freq.
  const int64_t sparse_step =
      r.int_or("decoder_sparse_step", r.int_or("interleave_moe_layer_step", 1, limits::kLayerStep),
               limits::kLayerStep);
  const int64_t first_dense = r.int_or("first_k_dense_replace", 0, limits::kLayerCount);
  const int64_t frequency = r.int_or("moe_layer_freq", 1, limits::kLayerStep);
  return (layer + 1) % sparse_step == 0 && layer >= first_dense && layer % frequency == 0;
}

AttentionKind parse_layer_type(const FieldReader& r, const std::string& type) {
  if (type == "full_attention" || type == "attention") return AttentionKind::full;
  if (type == "sliding_attention" || type == "chunked_attention") return AttentionKind::sliding;
  if (type == "linear_attention" || type == "mamba") return AttentionKind::linear;
  throw InputError(r.field("layer_types"),
                   "entries must be full_attention, sliding_attention or linear_attention",
                   "\"" + type + "\"");
}

std::vector<AttentionKind> read_attention_pattern(const FieldReader& r, const FamilyTraits& family,
                                                  ModelSpec& m) {
  const auto layers = static_cast<size_t>(m.num_layers);
  const bool sliding_enabled = r.bool_or("use_sliding_window", true);
  const IntRange window{0, limits::kPositions.max, limits::kPositions.reason};
  m.sliding_window = sliding_enabled ? r.int_or("sliding_window", 0, window) : 0;
  std::vector<AttentionKind> kinds(layers, AttentionKind::full);

  if (r.has("layer_types")) {
    const auto types = r.string_list("layer_types");
    if (types.size() != layers) {
      throw InputError(r.field("layer_types"),
                       "must have one entry per layer (" + std::to_string(layers) + ")",
                       std::to_string(types.size()) + " entries");
    }
    for (size_t i = 0; i < layers; ++i) kinds[i] = parse_layer_type(r, types[i]);
  } else if (family.model_type == "gemma2") {
    // Gemma 2 alternates local and global layers, starting with a local one.
    for (size_t i = 0; i < layers; ++i) {
      if ((i + 1) % 2 != 0) kinds[i] = AttentionKind::sliding;
    }
  } else if (family.model_type == "gemma3" || family.model_type == "gemma3_text") {
    const int64_t pattern =
        r.int_or("sliding_window_pattern", 6, limits::kLayerStep);  // 5 local : 1 global
    for (size_t i = 0; i < layers; ++i) {
      if ((static_cast<int64_t>(i) + 1) % pattern != 0) kinds[i] = AttentionKind::sliding;
    }
  } else if (family.shape == "llama4" && r.has("attention_chunk_size")) {
    // Llama 4: RoPE layers attend within chunks of attention_chunk_size tokens; every fourth
    // layer (no_rope_layers = 0) is global. A chunk caps the KV cache like a window does.
    m.sliding_window = r.required_int("attention_chunk_size", limits::kPositions);
    auto rope_layers = r.int_list("no_rope_layers");
    for (size_t i = 0; i < layers; ++i) {
      const bool uses_rope = i < rope_layers.size() ? rope_layers[i] != 0 : (i + 1) % 4 != 0;
      if (uses_rope) kinds[i] = AttentionKind::sliding;
    }
  } else if (family.shape == "qwen3_next") {
    const int64_t interval =
        r.int_or("full_attention_interval", 4, limits::kLayerStep);  // 3 linear : 1 full
    for (size_t i = 0; i < layers; ++i) {
      if ((static_cast<int64_t>(i) + 1) % interval != 0) kinds[i] = AttentionKind::linear;
    }
  } else if (m.sliding_window > 0) {
    // Mistral 7B: every layer is local. Qwen2: layers from max_window_layers on.
    const int64_t first = r.int_or("max_window_layers", 0, limits::kLayerCount);
    for (size_t i = static_cast<size_t>(std::min<int64_t>(first, m.num_layers)); i < layers; ++i) {
      kinds[i] = AttentionKind::sliding;
    }
  }

  const bool any_sliding = std::count(kinds.begin(), kinds.end(), AttentionKind::sliding) > 0;
  if (any_sliding && m.sliding_window == 0) {
    throw InputError(r.field("sliding_window"),
                     "is required (a positive integer) when layers use sliding-window attention",
                     "");
  }
  if (!any_sliding) m.sliding_window = 0;
  return kinds;
}

void read_linear_attention(const FieldReader& r, ModelSpec& m) {
  LinearAttentionSpec& la = m.linear_attention;
  la.num_key_heads = r.required_int("linear_num_key_heads", limits::kHeads);
  la.num_value_heads = r.required_int("linear_num_value_heads", limits::kHeads);
  la.key_head_dim = r.required_int("linear_key_head_dim", limits::kHeadDim);
  la.value_head_dim = r.required_int("linear_value_head_dim", limits::kHeadDim);
  la.conv_kernel = r.required_int("linear_conv_kernel_dim", limits::kConvKernel);
}

// Gemma 3's SigLIP image encoder is counted (official totals include it); other image encoders
// and projectors are named in a warning instead.
void read_vision(const FieldReader& outer, ParsedModel& parsed) {
  const Json* vision = outer.find("vision_config");
  if (vision == nullptr) return;
  const FieldReader v(*vision, outer.field("vision_config"));
  const std::string type = v.optional_string("model_type").value_or("unknown");
  const bool counted = type == "siglip_vision_model" &&
                       outer.optional_string("model_type").value_or("") == "gemma3" &&
                       !v.bool_or("vision_use_head", true);
  if (!counted) {
    parsed.warnings.push_back({v.path(), "the " + type +
                                             " image encoder is not counted; the parameters are "
                                             "the language model's"});
    return;
  }
  VisionSpec spec;
  spec.hidden_size = v.required_int("hidden_size", limits::kWidth);
  spec.intermediate_size = v.required_int("intermediate_size", limits::kWidth);
  spec.num_layers = v.required_int("num_hidden_layers", limits::kLayers);
  spec.patch_size = v.required_int("patch_size", limits::kPatchPixels);
  spec.image_size = v.required_int("image_size", limits::kImagePixels);
  spec.num_channels = v.int_or("num_channels", 3, limits::kChannels);
  spec.projector_width = parsed.spec.hidden_size;
  parsed.spec.vision = spec;
}

}  // namespace

ParsedModel parse_hf_config(const Json& input, const std::string& path) {
  ParsedModel parsed;
  ModelSpec& m = parsed.spec;

  const FieldReader outer(input, path);
  Json config = input;
  std::string config_path = path;
  if (const Json* text = outer.find("text_config")) {
    config_path = outer.field("text_config");
    const FieldReader text_reader(*text, config_path);
    config = flatten_text_config(input, text_reader.json());
    config.erase("vision_config");
  }

  const auto model_type = FieldReader(config, config_path).optional_string("model_type");
  const FamilyTraits* family = model_type ? find_family(*model_type) : nullptr;
  if (family == nullptr) {
    parsed.warnings.push_back(
        {FieldReader(config, config_path).field("model_type"),
         (model_type ? "unknown model_type \"" + *model_type + "\"" : std::string("missing")) +
             "; counted with the Llama layout (gated MLP, RMSNorm, no biases)"});
    family = &llama_family();
  }
  if (family->model_type == "gemma3_text") config = with_defaults(config, kGemma3TextDefaults);
  const FieldReader r(config, config_path);

  m.model_type = model_type.value_or("");
  m.shape = family->shape;
  m.hidden_size = r.required_int(pick_alias(r, "hidden_size"), limits::kWidth);
  m.num_layers = r.required_int(pick_alias(r, "num_hidden_layers"), limits::kLayers);
  m.vocab_size = r.required_int("vocab_size", limits::kVocab);
  m.max_position_embeddings =
      r.int_or(pick_alias(r, "max_position_embeddings"), 0, limits::kPositions);
  read_attention_heads(r, *family, m);
  read_latent_attention(r, m);

  m.gated_mlp = family->gated_mlp;
  m.fused_qkv = family->fused_qkv;
  m.fused_gate_up = family->fused_gate_up;
  m.tie_word_embeddings = r.bool_or("tie_word_embeddings", family->tie_word_embeddings);
  m.attention_output_gate = family->shape == "qwen3_next";
  m.attention_sinks = family->shape == "gpt_oss";
  read_biases(r, *family, m);
  read_norms(r, *family, m);

  // Plain (non-gated) MLPs default to 4h (GPT2Config n_inner=None, BLOOM, FalconConfig).
  // Llama 4 names its dense MLP width intermediate_size_mlp; intermediate_size is the experts'.
  const std::string_view width_key =
      family->shape == "llama4" ? "intermediate_size_mlp" : pick_alias(r, "intermediate_size");
  m.intermediate_size =
      r.optional_int(width_key, limits::kWidth).value_or(m.gated_mlp ? 0 : 4 * m.hidden_size);
  if (family->learned_positions) {
    m.learned_position_rows =
        r.required_int(pick_alias(r, "max_position_embeddings"), limits::kPositions);
  }
  read_moe(r, *family, m);
  m.mtp_layers = r.int_or("num_nextn_predict_layers", 0, limits::kLayerCount);

  const auto attention = read_attention_pattern(r, *family, m);
  const auto mlp_only_layers =
      r.int_list("mlp_only_layers", limits::kLayerCount, size_t(limits::kLayers.max));
  m.layers.resize(static_cast<size_t>(m.num_layers));
  for (size_t i = 0; i < m.layers.size(); ++i) {
    m.layers[i].attention = attention[i];
    m.layers[i].ffn = layer_is_moe(r, m, static_cast<int64_t>(i), mlp_only_layers) ? FfnKind::moe
                                                                                   : FfnKind::dense;
  }
  const bool any_dense = std::any_of(m.layers.begin(), m.layers.end(),
                                     [](const LayerSpec& l) { return l.ffn == FfnKind::dense; });
  if (any_dense && m.intermediate_size == 0) {
    throw InputError(r.field(width_key), "is required (a positive integer)", "");
  }
  const bool any_linear = std::any_of(m.layers.begin(), m.layers.end(), [](const LayerSpec& l) {
    return l.attention == AttentionKind::linear;
  });
  if (any_linear) read_linear_attention(r, m);
  read_vision(outer, parsed);
  check_model_size(m, path);
  return parsed;
}

std::vector<std::string_view> config_fields_read() {
  return {"model_type",
          "hidden_size",
          "n_embd",
          "n_embed",
          "d_model",
          "num_hidden_layers",
          "n_layer",
          "num_layers",
          "num_attention_heads",
          "n_head",
          "num_heads",
          "num_key_value_heads",
          "num_kv_heads",
          "n_head_kv",
          "head_dim",
          "intermediate_size",
          "n_inner",
          "ffn_hidden_size",
          "intermediate_size_mlp",
          "vocab_size",
          "max_position_embeddings",
          "n_positions",
          "n_ctx",
          "seq_length",
          "tie_word_embeddings",
          "attention_bias",
          "mlp_bias",
          "bias",
          "use_bias",
          "multi_query",
          "new_decoder_architecture",
          "parallel_attn",
          "num_ln_in_parallel_attn",
          "sliding_window",
          "use_sliding_window",
          "max_window_layers",
          "layer_types",
          "sliding_window_pattern",
          "attention_chunk_size",
          "no_rope_layers",
          "full_attention_interval",
          "num_experts",
          "num_local_experts",
          "n_routed_experts",
          "num_experts_per_tok",
          "experts_per_token",
          "moe_top_k",
          "moe_intermediate_size",
          "n_shared_experts",
          "shared_expert_intermediate_size",
          "first_k_dense_replace",
          "moe_layer_freq",
          "decoder_sparse_step",
          "mlp_only_layers",
          "interleave_moe_layer_step",
          "topk_method",
          "q_lora_rank",
          "kv_lora_rank",
          "qk_rope_head_dim",
          "qk_nope_head_dim",
          "v_head_dim",
          "num_nextn_predict_layers",
          "linear_num_key_heads",
          "linear_num_value_heads",
          "linear_key_head_dim",
          "linear_value_head_dim",
          "linear_conv_kernel_dim",
          "text_config",
          "vision_config"};
}

}  // namespace llm_sizer
