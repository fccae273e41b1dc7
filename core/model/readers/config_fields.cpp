// The config.json keys each layout reads, for presets() and the page's field editor.
#include <algorithm>

#include "model/readers/readers.hpp"

namespace llm_sizer {
namespace {

struct ShapeFields {
  std::string_view shape;
  std::vector<std::string_view> fields;
};

// Keys every decoder reads (attention pattern, MoE and MLA keys are read when present).
const std::vector<std::string_view>& decoder_fields() {
  static const std::vector<std::string_view> fields = {"model_type",
                                                       "hidden_size",
                                                       "num_hidden_layers",
                                                       "num_attention_heads",
                                                       "num_key_value_heads",
                                                       "head_dim",
                                                       "intermediate_size",
                                                       "vocab_size",
                                                       "tie_word_embeddings",
                                                       "max_position_embeddings",
                                                       "attention_bias",
                                                       "mlp_bias",
                                                       "sliding_window",
                                                       "use_sliding_window",
                                                       "max_window_layers",
                                                       "layer_types",
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
                                                       "topk_method",
                                                       "q_lora_rank",
                                                       "kv_lora_rank",
                                                       "qk_rope_head_dim",
                                                       "qk_nope_head_dim",
                                                       "v_head_dim",
                                                       "num_nextn_predict_layers",
                                                       "text_config",
                                                       "vision_config"};
  return fields;
}

// What each layout reads beyond the decoder keys (or instead of them, for encoders and Mamba).
const std::vector<ShapeFields>& shape_fields() {
  static const std::vector<ShapeFields> table = {
      {"gpt2", {"n_embd", "n_layer", "n_head", "n_inner", "n_positions", "n_ctx"}},
      {"gpt_bigcode", {"n_embd", "n_layer", "n_head", "n_inner", "n_positions", "multi_query"}},
      {"gptj", {"n_embd", "n_layer", "n_head", "n_inner", "n_positions"}},
      {"opt",
       {"ffn_dim", "word_embed_proj_dim", "do_layer_norm_before", "_remove_final_layer_norm",
        "enable_bias", "layer_norm_elementwise_affine"}},
      {"mpt",
       {"d_model", "n_heads", "n_layers", "max_seq_len", "expansion_ratio", "no_bias",
        "attn_config"}},
      {"dbrx", {"d_model", "n_heads", "n_layers", "max_seq_len", "attn_config", "ffn_config"}},
      {"chatglm",
       {"num_layers", "kv_channels", "multi_query_attention", "multi_query_group_num",
        "ffn_hidden_size", "padded_vocab_size", "seq_length", "add_qkv_bias", "add_bias_linear",
        "rmsnorm", "post_layer_norm"}},
      {"qwen", {"kv_channels", "seq_length", "no_bias"}},
      {"falcon",
       {"multi_query", "new_decoder_architecture", "parallel_attn", "num_kv_heads", "n_head_kv",
        "num_ln_in_parallel_attn", "bias"}},
      {"starcoder2", {"use_bias"}},
      {"llama4",
       {"intermediate_size_mlp", "attention_chunk_size", "no_rope_layers",
        "interleave_moe_layer_step"}},
      {"qwen3_next",
       {"full_attention_interval", "linear_num_key_heads", "linear_num_value_heads",
        "linear_key_head_dim", "linear_value_head_dim", "linear_conv_kernel_dim",
        "mtp_num_hidden_layers"}},
      {"mllama", {"cross_attention_layers"}},
      {"gemma3n",
       {"vocab_size_per_layer_input", "hidden_size_per_layer_input", "altup_num_inputs",
        "laurel_rank", "num_kv_shared_layers", "audio_config"}},
      {"kimi_linear", {"linear_attn_config", "num_experts_per_token", "num_shared_experts"}},
      {"nemotron_h",
       {"hybrid_override_pattern", "layers_block_type", "attention_head_dim", "mamba_num_heads",
        "mamba_head_dim", "ssm_state_size", "n_groups", "conv_kernel", "use_conv_bias", "use_bias",
        "moe_shared_expert_intermediate_size"}},
      {"granite_hybrid",
       {"shared_intermediate_size", "mamba_n_heads", "mamba_d_head", "mamba_d_state",
        "mamba_n_groups", "mamba_d_conv", "mamba_conv_bias", "mamba_proj_bias"}},
      {"mamba",
       {"state_size", "conv_kernel", "expand", "time_step_rank", "use_conv_bias", "use_bias"}},
      {"mamba2",
       {"state_size", "conv_kernel", "expand", "num_heads", "head_dim", "n_groups", "use_conv_bias",
        "use_bias"}},
      {"jamba",
       {"attn_layer_period", "attn_layer_offset", "expert_layer_period", "expert_layer_offset",
        "mamba_d_state", "mamba_d_conv", "mamba_expand", "mamba_dt_rank", "mamba_conv_bias",
        "mamba_proj_bias"}},
      {"bert", {"type_vocab_size", "architectures"}},
      {"t5",
       {"d_model", "d_kv", "d_ff", "num_layers", "num_decoder_layers", "num_heads",
        "relative_attention_num_buckets", "feed_forward_proj", "n_positions"}},
      {"bart",
       {"d_model", "encoder_layers", "decoder_layers", "encoder_attention_heads",
        "decoder_attention_heads", "encoder_ffn_dim", "decoder_ffn_dim"}},
  };
  return table;
}

// Family-specific keys of llama-shaped families.
const std::vector<ShapeFields>& type_fields() {
  static const std::vector<ShapeFields> table = {
      {"internlm2", {"bias"}},
      {"internlm3", {"qkv_bias", "bias"}},
      {"stablelm", {"use_qkv_bias", "qk_layernorm", "use_parallel_residual"}},
      {"cohere", {"use_qk_norm"}},
      {"cohere2", {"use_qk_norm", "sliding_window_pattern"}},
      {"exaone4", {"sliding_window_pattern"}},
      {"gemma3", {"sliding_window_pattern"}},
      {"gemma3_text", {"sliding_window_pattern"}},
      {"glm4_moe", {"use_qk_norm"}},
      {"deepseek_v32", {"index_n_heads", "index_head_dim", "index_topk"}},
      {"glm_moe_dsa", {"index_n_heads", "index_head_dim", "index_topk"}},
      {"minimax_m2", {"use_qk_norm"}},
      {"ernie4_5_moe",
       {"use_bias", "moe_num_experts", "moe_k", "moe_num_shared_experts", "moe_layer_start_index",
        "moe_layer_end_index", "moe_layer_interval"}},
      {"jamba", {"num_experts", "num_experts_per_tok"}},
  };
  return table;
}

const std::vector<std::string_view>* lookup(const std::vector<ShapeFields>& table,
                                            std::string_view key) {
  for (const auto& row : table) {
    if (row.shape == key) return &row.fields;
  }
  return nullptr;
}

void append_unique(std::vector<std::string_view>& out, const std::vector<std::string_view>& in) {
  for (auto field : in) {
    if (std::find(out.begin(), out.end(), field) == out.end()) out.push_back(field);
  }
}

}  // namespace

std::vector<std::string_view> fields_read_by(const FamilyTraits& family) {
  std::vector<std::string_view> fields = {"model_type"};
  if (family.stacks == Stacks::decoder && family.shape != "mamba" && family.shape != "mamba2") {
    append_unique(fields, decoder_fields());
  } else {
    append_unique(fields, {"hidden_size", "num_hidden_layers", "vocab_size", "tie_word_embeddings",
                           "max_position_embeddings"});
    if (family.shape == "bert") {
      append_unique(fields, {"num_attention_heads", "intermediate_size"});
    }
  }
  if (const auto* extra = lookup(shape_fields(), family.shape)) append_unique(fields, *extra);
  if (const auto* extra = lookup(type_fields(), family.model_type)) append_unique(fields, *extra);
  return fields;
}

std::vector<std::string_view> config_fields_read() {
  std::vector<std::string_view> fields;
  for (const FamilyTraits* family : known_families())
    append_unique(fields, fields_read_by(*family));
  return fields;
}

}  // namespace llm_sizer
