#include <algorithm>

#include "error.hpp"
#include "limits.hpp"
#include "model/config_aliases.hpp"
#include "model/readers/readers.hpp"

namespace llm_sizer {

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
  } else if (family.shape == "gpt_bigcode") {
    // GPTBigCodeConfig: multi_query (default true) shares one key/value head across all heads.
    kv_key = "multi_query";
    m.num_kv_heads = r.bool_or("multi_query", true) ? 1 : m.num_heads;
  } else if (family.shape == "chatglm") {
    // ChatGLMConfig: multi_query_attention with multi_query_group_num KV groups.
    kv_key = "multi_query_group_num";
    m.num_kv_heads = r.bool_or("multi_query_attention", false)
                         ? r.required_int("multi_query_group_num", limits::kHeads)
                         : m.num_heads;
  } else if (const Json* attn = r.find("attn_config");
             attn != nullptr && (family.shape == "dbrx" || family.shape == "mpt")) {
    // DbrxAttentionConfig / MPT's attn_config: kv_n_heads key/value heads (all heads if absent).
    const FieldReader nested(*attn, r.field("attn_config"));
    m.num_kv_heads = nested.optional_int("kv_n_heads", limits::kHeads).value_or(m.num_heads);
    if (m.num_heads % m.num_kv_heads != 0) {
      throw InputError(nested.field("kv_n_heads"),
                       Message{"error.divide_n_heads", json_object({{"heads", m.num_heads}})},
                       std::to_string(m.num_kv_heads));
    }
  } else {
    m.num_kv_heads = r.optional_int(kv_key, limits::kHeads).value_or(m.num_heads);
  }
  if (m.num_heads % m.num_kv_heads != 0) {
    throw InputError(r.field(kv_key),
                     Message{"error.divide_attention_heads", json_object({{"heads", m.num_heads}})},
                     std::to_string(m.num_kv_heads));
  }
  // ChatGLM and Qwen (V1) name the head width kv_channels.
  // NemotronHConfig (older files) name it attention_head_dim.
  const std::string_view head_key = r.has("head_dim")             ? "head_dim"
                                    : r.has("attention_head_dim") ? "attention_head_dim"
                                                                  : "kv_channels";
  if (auto head_dim = r.optional_int(head_key, limits::kHeadDim)) {
    m.head_dim = *head_dim;
  } else if (m.hidden_size % m.num_heads == 0) {
    m.head_dim = m.hidden_size / m.num_heads;
  } else {
    throw InputError(
        r.field(pick_alias(r, "num_attention_heads")),
        Message{"error.divide_hidden_size", json_object({{"hidden_size", m.hidden_size}})},
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

void read_sparse_indexer(const FieldReader& r, ModelSpec& m) {
  if (!r.has("index_topk")) return;
  SparseIndexerSpec indexer;
  indexer.num_heads = r.required_int("index_n_heads", limits::kHeads);
  indexer.head_dim = r.required_int("index_head_dim", limits::kHeadDim);
  indexer.top_k = r.required_int("index_topk", limits::kPositions);
  m.indexer = indexer;
}

namespace {

AttentionKind parse_layer_type(const FieldReader& r, const std::string& type) {
  if (type == "full_attention" || type == "attention") return AttentionKind::full;
  if (type == "sliding_attention" || type == "chunked_attention") return AttentionKind::sliding;
  if (type == "linear_attention") return AttentionKind::linear;
  if (type == "mamba") return AttentionKind::state_space;
  throw InputError(r.field("layer_types"), {"error.layer_type_mamba"}, "\"" + type + "\"");
}

// Every pattern-th layer is global, the others local: Gemma 3 (5:1), Cohere 2 and EXAONE 4 (3:1).
void local_except_every(int64_t pattern, std::vector<AttentionKind>& kinds) {
  for (size_t i = 0; i < kinds.size(); ++i) {
    if ((static_cast<int64_t>(i) + 1) % pattern != 0) kinds[i] = AttentionKind::sliding;
  }
}

// sliding_window_pattern as a number (every n-th layer global) or, in EXAONE 4, as letters
// repeated over the layers ("LLLG": three local, one global).
void read_window_pattern(const FieldReader& r, int64_t fallback,
                         std::vector<AttentionKind>& kinds) {
  const Json* pattern = r.find("sliding_window_pattern");
  if (pattern == nullptr || !pattern->is_string()) {
    local_except_every(r.int_or("sliding_window_pattern", fallback, limits::kLayerStep), kinds);
    return;
  }
  const std::string letters = pattern->get<std::string>();
  if (letters.empty() || letters.find_first_not_of("LG") != std::string::npos) {
    throw InputError(r.field("sliding_window_pattern"), {"error.sliding_window_pattern"},
                     describe_value(*pattern));
  }
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (letters[i % letters.size()] == 'L') kinds[i] = AttentionKind::sliding;
  }
}

}  // namespace

std::vector<AttentionKind> read_attention_pattern(const FieldReader& r, const FamilyTraits& family,
                                                  ModelSpec& m) {
  const auto layers = static_cast<size_t>(m.num_layers);
  const bool sliding_enabled = r.bool_or("use_sliding_window", true);
  m.sliding_window = sliding_enabled ? r.int_or("sliding_window", 0, limits::kPositionsOrNone) : 0;
  std::vector<AttentionKind> kinds(layers, AttentionKind::full);
  const std::string_view type = family.model_type;

  if (r.has("layer_types")) {
    const auto types = r.string_list("layer_types");
    if (types.size() != layers) {
      throw InputError(r.field("layer_types"),
                       Message{"error.entry_per_layer", json_object({{"layers", layers}})},
                       std::to_string(types.size()) + " entries");
    }
    for (size_t i = 0; i < layers; ++i) kinds[i] = parse_layer_type(r, types[i]);
  } else if (type == "gemma2") {
    // Gemma 2 alternates local and global layers, starting with a local one.
    local_except_every(2, kinds);
  } else if (type == "gemma3" || type == "gemma3_text") {
    read_window_pattern(r, 6, kinds);
  } else if ((type == "cohere2" || type == "exaone4") && m.sliding_window > 0) {
    // Cohere2Config / Exaone4Config: sliding_window_pattern 4 (three local layers, one global).
    read_window_pattern(r, 4, kinds);
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
  } else if (family.shape == "kimi_linear") {
    // KimiLinearConfig: linear_attn_config.kda_layers numbers the KDA layers from 1; the others
    // (full_attn_layers) are MLA.
    const FieldReader la(linear_attention_config(r), r.field("linear_attn_config"));
    for (int64_t number : la.int_list("kda_layers", limits::kLayerCount, layers)) {
      if (number < 1 || number > m.num_layers) {
        throw InputError(la.field("kda_layers"),
                         Message{"error.layer_numbers", json_object({{"max", m.num_layers}})},
                         std::to_string(number));
      }
      kinds[static_cast<size_t>(number - 1)] = AttentionKind::linear;
    }
  } else if (family.shape == "nemotron_h") {
    const std::string blocks = read_hybrid_blocks(r, layers);
    for (size_t i = 0; i < layers; ++i) {
      kinds[i] = blocks[i] == 'M'   ? AttentionKind::state_space
                 : blocks[i] == '*' ? AttentionKind::full
                                    : AttentionKind::none;
    }
  } else if (family.shape == "mamba" || family.shape == "mamba2") {
    std::fill(kinds.begin(), kinds.end(), AttentionKind::state_space);
  } else if (family.shape == "jamba") {
    // JambaConfig: attention in layers with i % attn_layer_period == attn_layer_offset, Mamba
    // elsewhere (Lieber et al. 2024, section 2: 1 attention layer in 8).
    const int64_t period = r.int_or("attn_layer_period", 8, limits::kLayerStep);
    const int64_t offset = r.int_or("attn_layer_offset", 4, 0, period - 1);
    for (size_t i = 0; i < layers; ++i) {
      if (static_cast<int64_t>(i) % period != offset) kinds[i] = AttentionKind::state_space;
    }
  } else if (family.shape == "mllama") {
    // MllamaTextConfig: the layers listed in cross_attention_layers attend to the image only.
    for (int64_t index : r.int_list("cross_attention_layers")) {
      if (index < 0 || index >= m.num_layers) {
        throw InputError(r.field("cross_attention_layers"),
                         Message{"error.layer_indices", json_object({{"max", m.num_layers - 1}})},
                         std::to_string(index));
      }
      kinds[static_cast<size_t>(index)] = AttentionKind::cross_only;
    }
  } else if (m.sliding_window > 0) {
    // Mistral 7B: every layer is local. Qwen2: layers from max_window_layers on.
    const int64_t first =
        r.has("max_window_layers") ? r.int_or("max_window_layers", 0, limits::kLayerCount) : 0;
    for (size_t i = static_cast<size_t>(std::min<int64_t>(first, m.num_layers)); i < layers; ++i) {
      kinds[i] = AttentionKind::sliding;
    }
  }

  const bool any_sliding = std::count(kinds.begin(), kinds.end(), AttentionKind::sliding) > 0;
  if (any_sliding && m.sliding_window == 0) {
    throw InputError(r.field("sliding_window"), {"error.required_for_sliding"}, "");
  }
  if (!any_sliding) m.sliding_window = 0;
  return kinds;
}

std::string read_hybrid_blocks(const FieldReader& r, size_t layers) {
  // NemotronHConfig: hybrid_override_pattern, one letter a block (M Mamba-2, * attention, - MLP,
  // E MoE), or layers_block_type, the same as words in newer configs.
  std::string blocks;
  std::string_view key = "hybrid_override_pattern";
  if (r.has("layers_block_type")) {
    key = "layers_block_type";
    for (const auto& word : r.string_list(key)) {
      blocks += word == "mamba"       ? 'M'
                : word == "attention" ? '*'
                : word == "mlp"       ? '-'
                : word == "moe"       ? 'E'
                                      : '?';
    }
  } else if (const Json* pattern = r.find(key); pattern != nullptr && pattern->is_string()) {
    blocks = pattern->get<std::string>();
  } else {
    throw InputError(r.field(key), {"error.required"}, pattern ? describe_value(*pattern) : "");
  }
  if (blocks.size() != layers || blocks.find_first_not_of("M*-E") != std::string::npos) {
    throw InputError(r.field(key),
                     Message{"error.hybrid_blocks", json_object({{"layers", layers}})},
                     describe_value(*r.find(key)));
  }
  return blocks;
}

const Json& linear_attention_config(const FieldReader& r) {
  const Json* nested = r.find("linear_attn_config");
  if (nested == nullptr) throw InputError(r.field("linear_attn_config"), {"error.required"}, "");
  if (!nested->is_object()) {
    throw InputError(r.field("linear_attn_config"), {"error.object"}, describe_value(*nested));
  }
  return *nested;
}

void read_linear_attention(const FieldReader& r, ModelSpec& m) {
  LinearAttentionSpec& la = m.linear_attention;
  if (r.has("linear_attn_config")) {
    // Kimi Delta Attention (KimiLinearConfig.linear_attn_config; fla's KimiDeltaAttention):
    // num_heads heads of head_dim for queries, keys and values alike.
    const FieldReader kda(linear_attention_config(r), r.field("linear_attn_config"));
    la.kimi_delta = true;
    la.num_key_heads = la.num_value_heads = kda.required_int("num_heads", limits::kHeads);
    la.key_head_dim = la.value_head_dim = kda.required_int("head_dim", limits::kHeadDim);
    la.conv_kernel = kda.int_or("short_conv_kernel_size", 4, limits::kConvKernel);
    return;
  }
  la.num_key_heads = r.required_int("linear_num_key_heads", limits::kHeads);
  la.num_value_heads = r.required_int("linear_num_value_heads", limits::kHeads);
  la.key_head_dim = r.required_int("linear_key_head_dim", limits::kHeadDim);
  la.value_head_dim = r.required_int("linear_value_head_dim", limits::kHeadDim);
  la.conv_kernel = r.required_int("linear_conv_kernel_dim", limits::kConvKernel);
}

}  // namespace llm_sizer
