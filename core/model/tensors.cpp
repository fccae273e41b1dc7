#include "model/tensors.hpp"

#include "model/tensor_list.hpp"

namespace llm_sizer {

void TensorList::layer_norms(int layer, Component c) {
  static constexpr std::string_view kNames[] = {"attn_norm", "ffn_norm", "attn_post_norm",
                                                "ffn_post_norm"};
  for (int i = 0; i < m_.norms_per_layer && i < 4; ++i) norm(kNames[i], c, layer, m_.hidden_size);
}

void TensorList::standard_attention(int layer, Component c) {
  const int64_t h = m_.hidden_size;
  // Qwen3-Next's gated attention: q_proj emits the query and a same-sized output gate.
  const int64_t q_out = m_.q_width() * (m_.attention_output_gate ? 2 : 1);
  if (m_.fused_qkv) {
    linear("attn_qkv", c, layer, h, q_out + 2 * m_.kv_width(), m_.qkv_bias);
  } else {
    linear("attn_q", c, layer, h, q_out, m_.qkv_bias);
    linear("attn_k", c, layer, h, m_.kv_width(), m_.qkv_bias);
    linear("attn_v", c, layer, h, m_.kv_width(), m_.qkv_bias);
  }
  linear("attn_output", c, layer, m_.q_width(), h, m_.o_bias);
  // q/k norms carry a weight only in every family that has them (RMSNorm, or LayerNorm without
  // bias in Cohere and StableLM 2).
  if (m_.qk_norm == QkNormKind::per_head) {
    vector("attn_q_norm", c, layer, m_.head_dim);
    vector("attn_k_norm", c, layer, m_.head_dim);
  } else if (m_.qk_norm == QkNormKind::full_width) {
    vector("attn_q_norm", c, layer, m_.q_width());
    vector("attn_k_norm", c, layer, m_.kv_width());
  }
  if (m_.attention_sinks) vector("attn_sinks", c, layer, m_.num_heads);
}

// DeepSeek-V2 paper, section 2.1.2 (eqs. 9-19): low-rank joint KV compression, decoupled RoPE.
void TensorList::latent_attention(int layer, Component c) {
  const MlaSpec& mla = *m_.mla;
  const int64_t h = m_.hidden_size;
  const int64_t q_head = mla.qk_nope_head_dim + mla.qk_rope_head_dim;
  if (mla.q_lora_rank > 0) {
    matrix("attn_q_a", c, layer, h, mla.q_lora_rank);
    norm("attn_q_a_norm", c, layer, mla.q_lora_rank);
    matrix("attn_q_b", c, layer, mla.q_lora_rank, m_.num_heads * q_head);
  } else {
    matrix("attn_q", c, layer, h, m_.num_heads * q_head);
  }
  matrix("attn_kv_a_mqa", c, layer, h, mla.kv_lora_rank + mla.qk_rope_head_dim);
  norm("attn_kv_a_norm", c, layer, mla.kv_lora_rank);
  matrix("attn_kv_b", c, layer, mla.kv_lora_rank,
         m_.num_heads * (mla.qk_nope_head_dim + mla.v_head_dim));
  matrix("attn_output", c, layer, m_.num_heads * mla.v_head_dim, h);
  if (m_.indexer) sparse_indexer(layer, c);
}

// DeepSeek-V3.2's lightning indexer (DeepSeek-V3.2-Exp inference/model.py, class Indexer): its
// queries from the compressed query (wq_b), one shared key (wk) with a LayerNorm, and a per-head
// weight (weights_proj).
void TensorList::sparse_indexer(int layer, Component c) {
  const SparseIndexerSpec& ix = *m_.indexer;
  const int64_t q_input = m_.mla && m_.mla->q_lora_rank > 0 ? m_.mla->q_lora_rank : m_.hidden_size;
  matrix("indexer.attn_q_b", c, layer, q_input, ix.num_heads * ix.head_dim);
  matrix("indexer.attn_k", c, layer, m_.hidden_size, ix.head_dim);
  layer_norm("indexer.k_norm", c, layer, ix.head_dim);
  matrix("indexer.proj", c, layer, m_.hidden_size, ix.num_heads);
}

// An encoder-decoder's decoder attends to the encoder output (Vaswani et al. 2017, section 3.2.3;
// T5's EncDecAttention, BART's encoder_attn): its own q, k, v, o and a norm before them.
void TensorList::cross_attention(int layer, Component c) {
  const int64_t h = m_.hidden_size;
  norm("cross_attn_norm", Component::norms, layer, h);
  linear("cross_attn_q", c, layer, h, m_.q_width(), m_.qkv_bias);
  // Keys and values are projected once from the encoder output and cached, so they run per
  // input token, like the encoder.
  encoder_ = true;
  linear("cross_attn_k", c, layer, h, m_.kv_width(), m_.qkv_bias);
  linear("cross_attn_v", c, layer, h, m_.kv_width(), m_.qkv_bias);
  encoder_ = false;
  linear("cross_attn_o", c, layer, m_.q_width(), h, m_.o_bias);
}

// Llama 3.2 Vision's cross-attention decoder layer (transformers models/mllama/modeling_mllama.py,
// MllamaTextCrossAttention and MllamaCrossAttentionDecoderLayer): q/k/v/o without biases, per-head
// RMSNorms on q and k, and tanh gates on the attention and MLP outputs.
void TensorList::image_cross_attention(int layer, Component c) {
  const int64_t h = m_.hidden_size;
  matrix("cross_attn_q", c, layer, h, m_.q_width());
  matrix("cross_attn_k", c, layer, h, m_.kv_width());
  matrix("cross_attn_v", c, layer, h, m_.kv_width());
  matrix("cross_attn_o", c, layer, m_.q_width(), h);
  vector("cross_attn_q_norm", c, layer, m_.head_dim);
  vector("cross_attn_k_norm", c, layer, m_.head_dim);
  for (int64_t gate = 0; gate < m_.cross_layer_gates; ++gate) {
    vector("cross_attn_gate", c, layer, 1);
  }
}

void TensorList::dense_ffn(int layer, Component c, int64_t width) {
  const int64_t h = m_.hidden_size;
  if (!m_.gated_mlp) {
    linear("ffn_up", c, layer, h, width, m_.mlp_bias);
  } else if (m_.fused_gate_up) {
    linear("ffn_up", c, layer, h, 2 * width, m_.mlp_bias);
  } else {
    linear("ffn_gate", c, layer, h, width, m_.mlp_bias);
    linear("ffn_up", c, layer, h, width, m_.mlp_bias);
  }
  linear("ffn_down", c, layer, width, h, m_.mlp_bias);
}

void TensorList::moe_ffn(int layer, bool is_mtp) {
  const MoeSpec& moe = m_.moe;
  const int64_t h = m_.hidden_size;
  const int64_t e = moe.num_experts;
  const Component router = is_mtp ? Component::mtp : Component::router;
  const Component experts = is_mtp ? Component::mtp : Component::experts;
  const Component shared = is_mtp ? Component::mtp : Component::shared_experts;
  linear("ffn_gate_inp", router, layer, h, e, moe.router_bias);
  if (moe.score_correction_bias) vector("exp_probs_b", router, layer, e);
  const int64_t width = moe.expert_intermediate_size;
  if (moe.gated_experts) linear("ffn_gate_exps", experts, layer, h, width, moe.expert_bias, e);
  linear("ffn_up_exps", experts, layer, h, width, moe.expert_bias, e);
  linear("ffn_down_exps", experts, layer, width, h, moe.expert_bias, e);
  if (moe.num_shared_experts > 0) {
    const int64_t shared_width = moe.num_shared_experts * moe.shared_intermediate_size;
    if (moe.gated_experts) matrix("ffn_gate_shexp", shared, layer, h, shared_width);
    matrix("ffn_up_shexp", shared, layer, h, shared_width);
    matrix("ffn_down_shexp", shared, layer, shared_width, h);
    if (moe.shared_expert_gate) matrix("ffn_gate_inp_shexp", shared, layer, h, 1);
  }
}

void TensorList::layer(int index, const LayerSpec& spec, bool is_mtp) {
  const Component norms = is_mtp ? Component::mtp : Component::norms;
  const Component attention = is_mtp ? Component::mtp : Component::attention;
  layer_norms(index, norms);
  switch (spec.attention) {
    case AttentionKind::linear:
      linear_attention(index, attention);
      break;
    case AttentionKind::state_space:
      state_space_mixer(index, attention);
      break;
    case AttentionKind::cross_only:
      image_cross_attention(index, attention);
      break;
    case AttentionKind::none:
      break;
    case AttentionKind::full:
    case AttentionKind::sliding:
      if (m_.mla) {
        latent_attention(index, attention);
      } else {
        standard_attention(index, attention);
      }
      break;
  }
  // T5: the first layer of each stack holds the relative position bias shared by its stack
  // (Raffel et al. 2020, section 2.1; modeling_t5.py has_relative_attention_bias).
  const auto i = static_cast<size_t>(index);
  const bool first_of_stack =
      i < m_.layers.size() && (i == 0 || m_.layers[i - 1].encoder != spec.encoder);
  if (m_.encoder.relative_attention_buckets > 0 && first_of_stack) {
    matrix("attn_rel_b", attention, index, m_.num_heads, m_.encoder.relative_attention_buckets);
  }
  if (spec.cross_attention) cross_attention(index, attention);
  if (m_.gemma3n && !is_mtp) gemma3n_layer_extras(index);
  switch (spec.ffn) {
    case FfnKind::moe:
      moe_ffn(index, is_mtp);
      break;
    case FfnKind::dense:
      dense_ffn(index, is_mtp ? Component::mtp : Component::mlp, m_.intermediate_size);
      break;
    case FfnKind::none:
      break;
  }
}

namespace {

// Token, segment and position tables, and the norms and projections around them.
void embeddings(const ModelSpec& m, TensorList& list) {
  const int64_t h = m.hidden_size;
  const int64_t width = m.embedding_width > 0 ? m.embedding_width : h;
  const int64_t rows = m.embedding_rows > 0 ? m.embedding_rows : m.vocab_size;
  list.matrix("token_embd", Component::embedding, -1, width, rows);
  if (m.encoder.token_type_rows > 0) {
    list.matrix("token_types", Component::embedding, -1, h, m.encoder.token_type_rows);
  }
  // BART keeps a position table and an embedding norm per stack (modeling_bart.py).
  const bool two_stacks = m.stacks == Stacks::encoder_decoder;
  for (bool encoder : two_stacks ? std::vector<bool>{true, false} : std::vector<bool>{false}) {
    list.set_encoder(encoder);
    if (m.learned_position_rows > 0) {
      list.matrix("position_embd", Component::position_embedding, -1, h, m.learned_position_rows);
    }
    if (m.embedding_norm) list.norm("token_embd_norm", Component::norms, -1, h);
  }
  list.set_encoder(false);
  // OPT-350m: word_embed_proj_dim-wide embeddings, projected in and out (modeling_opt.py).
  if (width != h) list.matrix("proj_in", Component::embedding, -1, width, h);
}

// Final norms, BERT's heads and the output head.
void output_side(const ModelSpec& m, TensorList& list) {
  const int64_t h = m.hidden_size;
  const int64_t width = m.embedding_width > 0 ? m.embedding_width : h;
  if (m.final_norm) {
    if (m.stacks == Stacks::encoder_decoder) {
      list.set_encoder(true);
      list.norm("enc.output_norm", Component::norms, -1, h);
      list.set_encoder(false);
    }
    list.norm("output_norm", Component::norms, -1, h);
  }
  if (width != h) list.matrix("proj_out", Component::embedding, -1, h, width);
  // BERT (modeling_bert.py): BertPooler, BertPredictionHeadTransform (dense + LayerNorm), the
  // next-sentence classifier; the MLM decoder is tied to the embeddings and adds its own bias.
  const EncoderSpec& e = m.encoder;
  if (e.pooler) list.linear("cls.pooler", Component::lm_head, -1, h, h, true);
  if (e.mlm_head) {
    list.linear("cls.transform", Component::lm_head, -1, h, h, true);
    list.layer_norm("cls.transform_norm", Component::lm_head, -1, h);
  }
  if (e.next_sentence_head) list.linear("cls.next_sentence", Component::lm_head, -1, h, 2, true);
  if (!m.tie_word_embeddings) {
    list.linear("output", Component::lm_head, -1, width, m.vocab_size, m.lm_head_bias);
  } else if (m.lm_head_bias) {
    // A bias on the tied head: BERT's cls.predictions.bias, BART's final_logits_bias.
    list.bias("output", Component::lm_head, -1, m.vocab_size);
  }
}

}  // namespace

std::vector<TensorSpec> list_tensors(const ModelSpec& m) {
  std::vector<TensorSpec> tensors;
  tensors.reserve(m.layers.size() * 16 + 8);
  TensorList list(m, tensors);
  const int64_t h = m.hidden_size;

  embeddings(m, list);
  if (m.gemma3n) list.gemma3n_inputs();
  for (size_t i = 0; i < m.layers.size(); ++i) {
    list.set_encoder(m.layers[i].encoder);
    list.layer(static_cast<int>(i), m.layers[i], false);
  }
  list.set_encoder(false);
  output_side(m, list);

  // DeepSeek-V3 report, section 2.2: each MTP module is an embedding projection M (2h -> h), two
  // RMSNorms, and one more decoder layer; the embedding and output head are shared with the model.
  for (int64_t k = 0; k < m.mtp_layers; ++k) {
    const int layer = static_cast<int>(m.layers.size() + k);
    list.norm("nextn.enorm", Component::mtp, layer, h);
    list.norm("nextn.hnorm", Component::mtp, layer, h);
    list.matrix("nextn.eh_proj", Component::mtp, layer, 2 * h, h);
    list.norm("nextn.shared_head_norm", Component::mtp, layer, h);
    list.layer(layer, m.layers.back(), true);
  }
  if (m.vision) list.vision_encoder(*m.vision);
  if (m.audio) list.audio_encoder(*m.audio);
  return tensors;
}

}  // namespace llm_sizer
