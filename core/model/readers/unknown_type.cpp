// A model_type this calculator does not know is counted with the Llama layout only when every
// field that decides the layout is one the Llama layout reads; otherwise it is refused, naming
// the field, so that no pasted config yields a silently wrong count.
#include "error.hpp"
#include "model/readers/readers.hpp"

namespace llm_sizer {
namespace {

struct ForeignField {
  std::string_view key;
  std::string_view meaning;    // what the field changes, in a few words
  bool harmless_when = false;  // a boolean field with this value changes nothing
};

// Fields of other layouts that change the parameter count, and what they mean there.
constexpr ForeignField kForeignFields[] = {
    {"multi_query", "multi-query attention (one key/value head, GPT-BigCode and Falcon)"},
    {"multi_query_attention", "grouped key/value heads under ChatGLM's names"},
    {"multi_query_group_num", "grouped key/value heads under ChatGLM's names"},
    {"num_kv_heads", "key/value heads under Falcon's name"},
    {"n_head_kv", "key/value heads under another name"},
    {"n_embd", "the hidden size under GPT-2's name (learned positions, biased LayerNorms)"},
    {"n_embed", "the hidden size under another name"},
    {"d_model", "the hidden size under T5/BART/MPT names"},
    {"n_layer", "the depth under GPT-2's name"},
    {"n_layers", "the depth under MPT's name"},
    {"num_layers", "the depth under another name (T5's encoder depth, ChatGLM)"},
    {"n_head", "the head count under GPT-2's name"},
    {"n_heads", "the head count under MPT's name"},
    {"num_heads", "the head count under another name (T5, Mamba-2)"},
    {"n_inner", "the MLP width under GPT-2's name (a plain, non-gated MLP)"},
    {"ffn_dim", "the MLP width under OPT's name (a plain MLP with biases)"},
    {"d_ff", "the MLP width under T5's name"},
    {"ffn_hidden_size", "the MLP width under another name"},
    {"expansion_ratio", "the MLP width as a ratio (MPT)"},
    {"d_kv", "the head width under T5's name"},
    {"kv_channels", "the head width under ChatGLM/Qwen names"},
    {"n_positions", "a learned position table (GPT-2 style)"},
    {"position_embedding_type", "a learned position table (BERT style)"},
    {"type_vocab_size", "segment embeddings (BERT style)"},
    {"padded_vocab_size", "the vocabulary under ChatGLM's name"},
    {"word_embed_proj_dim", "embedding projections (OPT)"},
    {"is_encoder_decoder", "an encoder-decoder"},
    {"encoder_layers", "an encoder-decoder"},
    {"num_decoder_layers", "an encoder-decoder"},
    {"attn_config", "nested attention settings (MPT, DBRX)"},
    {"ffn_config", "nested MLP/expert settings (DBRX)"},
    {"parallel_attn", "parallel attention and MLP sharing norms"},
    {"use_parallel_residual", "parallel attention and MLP sharing norms"},
    {"layer_norm_eps", "LayerNorm (weight and bias) instead of RMSNorm"},
    {"layer_norm_epsilon", "LayerNorm (weight and bias) instead of RMSNorm"},
    {"norm_type", "a norm other than RMSNorm"},
    {"bias", "biases under another name"},
    {"use_bias", "biases under another name"},
    {"no_bias", "biases under another name", true},
    {"enable_bias", "biases under another name"},
    {"qkv_bias", "q/k/v biases under another name"},
    {"use_qkv_bias", "q/k/v biases under another name"},
    {"add_qkv_bias", "q/k/v biases under another name"},
    {"add_bias_linear", "biases under another name"},
    {"qk_layernorm", "q/k norms"},
    {"use_qk_norm", "q/k norms"},
    {"qk_norm", "q/k norms"},
    {"state_size", "state-space (Mamba) layers"},
    {"ssm_cfg", "state-space (Mamba) layers"},
    {"mamba_d_state", "state-space (Mamba) layers"},
    {"attn_layer_period", "alternating attention and state-space layers"},
    {"moe_num_experts", "experts under another name"},
    {"moe_k", "experts under another name"},
    {"moe_topk", "experts under another name"},
    {"num_shared_expert", "shared experts under another name"},
    {"moe_num_shared_experts", "shared experts under another name"},
    {"cross_attention_layers", "cross-attention layers"},
    {"vision_config", "an image encoder"},
    {"audio_config", "an audio encoder"},
};

// Fields the Llama layout needs, with what stands in when one is absent.
constexpr std::string_view kRequired[] = {"hidden_size", "num_hidden_layers", "num_attention_heads",
                                          "vocab_size"};

}  // namespace

void check_unknown_type(const FieldReader& r, const FieldReader& outer,
                        const std::string& model_type, Warnings& warnings) {
  const std::string shown = model_type.empty() ? "(none)" : model_type;
  for (const auto& foreign : kForeignFields) {
    const bool nested_model = foreign.key == "vision_config" || foreign.key == "audio_config";
    const FieldReader& where = nested_model ? outer : r;
    const Json* value = where.find(foreign.key);
    if (value == nullptr) continue;
    if (value->is_boolean() && value->get<bool>() == foreign.harmless_when) continue;
    throw InputError(
        where.field(foreign.key),
        Message{"error.unknown_type_foreign_field",
                json_object({{"meaning", std::string(foreign.meaning)}, {"model_type", shown}})},
        describe_value(*value));
  }
  for (std::string_view key : kRequired) {
    if (!r.has(key)) {
      throw InputError(r.field(key),
                       Message{"error.unknown_type_required", json_object({{"model_type", shown}})},
                       "");
    }
  }
  if (!r.has("intermediate_size") && !r.has("moe_intermediate_size")) {
    throw InputError(r.field("intermediate_size"),
                     Message{"error.unknown_type_required", json_object({{"model_type", shown}})},
                     "");
  }
  warnings.push_back({r.field("model_type"),
                      {"warning.unknown_model_type", json_object({{"model_type", shown}})}});
}

}  // namespace llm_sizer
