// Encoder-only (BERT, RoBERTa, XLM-RoBERTa) and encoder-decoder (T5, mT5, BART) models.
#include "error.hpp"
#include "limits.hpp"
#include "model/config_aliases.hpp"
#include "model/readers/readers.hpp"

namespace llm_sizer {
namespace {

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// A decoder-stack setting must equal its encoder twin: the layouts here share one width.
int64_t same_in_both_stacks(const FieldReader& r, std::string_view encoder_key,
                            std::string_view decoder_key, IntRange range) {
  const int64_t encoder = r.required_int(encoder_key, range);
  const int64_t decoder = r.int_or(decoder_key, encoder, range);
  if (decoder != encoder) {
    throw InputError(
        r.field(decoder_key),
        Message{"error.equal_other_stack",
                json_object({{"field", std::string(encoder_key)}, {"value", encoder}})},
        std::to_string(decoder));
  }
  return encoder;
}

void add_layers(ModelSpec& m, int64_t count, bool encoder) {
  for (int64_t i = 0; i < count; ++i) {
    LayerSpec layer;
    layer.encoder = encoder;
    layer.cross_attention = m.stacks == Stacks::encoder_decoder && !encoder;
    m.layers.push_back(layer);
  }
}

// BertConfig / RobertaConfig: which heads the checkpoint's class holds follows "architectures"
// (modeling_bert.py: BertForMaskedLM drops the pooler, BertForPreTraining adds the NSP head).
void read_bert(const FieldReader& r, ModelSpec& m) {
  m.hidden_size = r.required_int("hidden_size", limits::kWidth);
  m.num_layers = r.required_int("num_hidden_layers", limits::kLayers);
  m.num_heads = m.num_kv_heads = r.required_int("num_attention_heads", limits::kHeads);
  if (m.hidden_size % m.num_heads != 0) {
    throw InputError(
        r.field("num_attention_heads"),
        Message{"error.divide_encoder_hidden_size", json_object({{"hidden_size", m.hidden_size}})},
        std::to_string(m.num_heads));
  }
  m.head_dim = m.hidden_size / m.num_heads;
  m.intermediate_size = r.required_int("intermediate_size", limits::kWidth);
  m.vocab_size = r.required_int("vocab_size", limits::kVocab);
  m.max_position_embeddings = r.required_int("max_position_embeddings", limits::kPositions);
  m.learned_position_rows = m.max_position_embeddings;
  m.encoder.token_type_rows = r.int_or("type_vocab_size", 2, 0, 1024);
  m.final_norm = false;  // post-LN: every layer ends with its own LayerNorm
  const auto architectures =
      r.has("architectures") ? r.string_list("architectures") : std::vector<std::string>{};
  const std::string head = architectures.empty() ? "" : architectures.front();
  const bool masked_lm = ends_with(head, "ForMaskedLM") || ends_with(head, "ForCausalLM");
  const bool pretraining = ends_with(head, "ForPreTraining");
  m.encoder.mlm_head = masked_lm || pretraining;
  m.encoder.pooler = !masked_lm;
  m.encoder.next_sentence_head = pretraining;
  m.lm_head_bias = m.encoder.mlm_head;
  add_layers(m, m.num_layers, true);
}

// T5Config: d_kv-wide heads, relative position buckets, feed_forward_proj "relu" (T5) or
// "gated-gelu" (T5 v1.1, mT5, Flan-T5: wi_0, wi_1 and wo).
void read_t5(const FieldReader& r, ModelSpec& m) {
  m.hidden_size = r.required_int(pick_alias(r, "hidden_size"), limits::kWidth);
  m.num_heads = m.num_kv_heads = r.required_int("num_heads", limits::kHeads);
  m.head_dim = r.required_int("d_kv", limits::kHeadDim);
  m.intermediate_size = r.required_int("d_ff", limits::kWidth);
  m.vocab_size = r.required_int("vocab_size", limits::kVocab);
  m.max_position_embeddings =
      r.int_or(pick_alias(r, "max_position_embeddings"), 0, limits::kPositions);
  m.encoder.relative_attention_buckets = r.int_or("relative_attention_num_buckets", 32, 1, 4096);
  const std::string projection = r.optional_string("feed_forward_proj").value_or("relu");
  m.gated_mlp = projection.rfind("gated-", 0) == 0;
  const int64_t encoder_layers = r.required_int("num_layers", limits::kLayers);
  const int64_t decoder_layers = r.int_or("num_decoder_layers", encoder_layers, limits::kLayers);
  m.num_layers = encoder_layers + decoder_layers;
  add_layers(m, encoder_layers, true);
  add_layers(m, decoder_layers, false);
}

// BartConfig: post-LN layers with biases and no final LayerNorm.
void read_bart(const FieldReader& r, ModelSpec& m) {
  m.hidden_size = r.required_int(pick_alias(r, "hidden_size"), limits::kWidth);
  m.num_heads = m.num_kv_heads =
      same_in_both_stacks(r, "encoder_attention_heads", "decoder_attention_heads", limits::kHeads);
  if (m.hidden_size % m.num_heads != 0) {
    throw InputError(r.field("encoder_attention_heads"),
                     Message{"error.divide_d_model", json_object({{"d_model", m.hidden_size}})},
                     std::to_string(m.num_heads));
  }
  m.head_dim = m.hidden_size / m.num_heads;
  m.intermediate_size =
      same_in_both_stacks(r, "encoder_ffn_dim", "decoder_ffn_dim", limits::kWidth);
  m.vocab_size = r.required_int("vocab_size", limits::kVocab);
  m.max_position_embeddings = r.required_int("max_position_embeddings", limits::kPositions);
  m.learned_position_rows = m.max_position_embeddings + 2;  // BartLearnedPositionalEmbedding
  m.final_norm = false;
  const int64_t encoder_layers = r.required_int("encoder_layers", limits::kLayers);
  const int64_t decoder_layers = r.required_int("decoder_layers", limits::kLayers);
  m.num_layers = encoder_layers + decoder_layers;
  add_layers(m, encoder_layers, true);
  add_layers(m, decoder_layers, false);
}

}  // namespace

void read_encoder_model(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  m.norm = family.norm;
  m.norms_per_layer = family.norms_per_layer;
  m.embedding_norm = family.embedding_norm;
  m.qkv_bias = family.qkv_bias;
  m.o_bias = family.o_bias;
  m.mlp_bias = family.mlp_bias;
  m.gated_mlp = family.gated_mlp;
  m.lm_head_bias = family.lm_head_bias;
  m.tie_word_embeddings = r.bool_or("tie_word_embeddings", family.tie_word_embeddings);
  if (family.shape == "bert") {
    read_bert(r, m);
  } else if (family.shape == "t5") {
    read_t5(r, m);
  } else {
    read_bart(r, m);
  }
}

}  // namespace llm_sizer
