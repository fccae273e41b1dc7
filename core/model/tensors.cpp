#include "model/tensors.hpp"

namespace llm_sizer {
namespace {

class TensorList {
 public:
  TensorList(const ModelSpec& model, std::vector<TensorSpec>& out) : m_(model), out_(out) {}

  void matrix(std::string_view kind, Component c, int layer, int64_t in, int64_t out,
              int64_t matrices = 1) {
    out_.push_back({kind, c, layer, in, out, matrices, false, false});
  }
  void vector(std::string_view kind, Component c, int layer, int64_t width, int64_t matrices = 1) {
    out_.push_back({kind, c, layer, width, 1, matrices, true, false});
  }
  void bias(std::string_view kind, Component c, int layer, int64_t width, int64_t matrices = 1) {
    out_.push_back({kind, c, layer, width, 1, matrices, true, true});
  }
  // RMSNorm has a weight; LayerNorm a weight and a bias; OLMo's LayerNorm neither.
  void norm(std::string_view kind, Component c, int layer, int64_t width) {
    if (m_.norm == NormKind::non_parametric) return;
    vector(kind, c, layer, width);
    if (m_.norm == NormKind::layer_norm) bias(kind, c, layer, width);
  }
  // A linear layer, with its bias when the family has one.
  void linear(std::string_view kind, Component c, int layer, int64_t in, int64_t out, bool has_bias,
              int64_t matrices = 1) {
    matrix(kind, c, layer, in, out, matrices);
    if (has_bias) bias(kind, c, layer, out, matrices);
  }

  void layer_norms(int layer, Component c) {
    static constexpr std::string_view kNames[] = {"attn_norm", "ffn_norm", "attn_post_norm",
                                                  "ffn_post_norm"};
    for (int i = 0; i < m_.norms_per_layer && i < 4; ++i) norm(kNames[i], c, layer, m_.hidden_size);
  }

  void standard_attention(int layer, Component c) {
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
    if (m_.qk_norm == QkNormKind::per_head) {
      norm("attn_q_norm", c, layer, m_.head_dim);
      norm("attn_k_norm", c, layer, m_.head_dim);
    } else if (m_.qk_norm == QkNormKind::full_width) {
      norm("attn_q_norm", c, layer, m_.q_width());
      norm("attn_k_norm", c, layer, m_.kv_width());
    }
    if (m_.attention_sinks) vector("attn_sinks", c, layer, m_.num_heads);
  }

  // DeepSeek-V2 paper, section 2.1.2 (eqs. 9-19): low-rank joint KV compression, decoupled RoPE.
  void latent_attention(int layer, Component c) {
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
  }

  // Gated DeltaNet (Qwen3-Next modeling_qwen3_next.py, Qwen3NextGatedDeltaNet).
  void linear_attention(int layer, Component c) {
    const LinearAttentionSpec& la = m_.linear_attention;
    const int64_t h = m_.hidden_size;
    const int64_t key_dim = la.num_key_heads * la.key_head_dim;
    const int64_t value_dim = la.num_value_heads * la.value_head_dim;
    matrix("ssm_in", c, layer, h, 2 * key_dim + 2 * value_dim);  // in_proj_qkvz
    matrix("ssm_ba", c, layer, h, 2 * la.num_value_heads);       // in_proj_ba
    vector("ssm_conv1d", c, layer, (2 * key_dim + value_dim) * la.conv_kernel);
    vector("ssm_dt", c, layer, la.num_value_heads);  // dt_bias
    vector("ssm_a", c, layer, la.num_value_heads);   // A_log
    vector("ssm_norm", c, layer, la.value_head_dim);
    matrix("ssm_out", c, layer, value_dim, h);
  }

  void dense_ffn(int layer, Component c, int64_t width) {
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

  void moe_ffn(int layer, bool is_mtp) {
    const MoeSpec& moe = m_.moe;
    const int64_t h = m_.hidden_size;
    const int64_t e = moe.num_experts;
    const Component router = is_mtp ? Component::mtp : Component::router;
    const Component experts = is_mtp ? Component::mtp : Component::experts;
    const Component shared = is_mtp ? Component::mtp : Component::shared_experts;
    linear("ffn_gate_inp", router, layer, h, e, moe.router_bias);
    if (moe.score_correction_bias) vector("exp_probs_b", router, layer, e);
    const int64_t width = moe.expert_intermediate_size;
    linear("ffn_gate_exps", experts, layer, h, width, moe.expert_bias, e);
    linear("ffn_up_exps", experts, layer, h, width, moe.expert_bias, e);
    linear("ffn_down_exps", experts, layer, width, h, moe.expert_bias, e);
    if (moe.num_shared_experts > 0) {
      const int64_t shared_width = moe.num_shared_experts * moe.shared_intermediate_size;
      matrix("ffn_gate_shexp", shared, layer, h, shared_width);
      matrix("ffn_up_shexp", shared, layer, h, shared_width);
      matrix("ffn_down_shexp", shared, layer, shared_width, h);
      if (moe.shared_expert_gate) matrix("ffn_gate_inp_shexp", shared, layer, h, 1);
    }
  }

  void decoder_layer(int layer, const LayerSpec& spec, bool is_mtp) {
    const Component norms = is_mtp ? Component::mtp : Component::norms;
    const Component attention = is_mtp ? Component::mtp : Component::attention;
    layer_norms(layer, norms);
    if (spec.attention == AttentionKind::linear) {
      linear_attention(layer, attention);
    } else if (m_.mla) {
      latent_attention(layer, attention);
    } else {
      standard_attention(layer, attention);
    }
    if (spec.ffn == FfnKind::moe) {
      moe_ffn(layer, is_mtp);
    } else {
      dense_ffn(layer, is_mtp ? Component::mtp : Component::mlp, m_.intermediate_size);
    }
  }

  // SigLIP (transformers models/siglip/modeling_siglip.py, SiglipVisionTransformer): conv patch
  // embedding, learned positions, pre-LN encoder layers with biased projections, a final LayerNorm;
  // then Gemma 3's projector (modeling_gemma3.py, Gemma3MultiModalProjector): RMSNorm + matrix.
  void vision_encoder(const VisionSpec& v) {
    const Component c = Component::vision;
    const int64_t h = v.hidden_size;
    const int64_t patches = (v.image_size / v.patch_size) * (v.image_size / v.patch_size);
    linear("v.patch_embd", c, -1, v.num_channels * v.patch_size * v.patch_size, h, true);
    matrix("v.position_embd", c, -1, h, patches);
    for (int64_t layer = 0; layer < v.num_layers; ++layer) {
      const int index = static_cast<int>(layer);
      for (std::string_view kind : {"v.ln1", "v.ln2"}) {
        vector(kind, c, index, h);
        bias(kind, c, index, h);
      }
      for (std::string_view kind : {"v.attn_q", "v.attn_k", "v.attn_v", "v.attn_out"}) {
        linear(kind, c, index, h, h, true);
      }
      linear("v.ffn_up", c, index, h, v.intermediate_size, true);
      linear("v.ffn_down", c, index, v.intermediate_size, h, true);
    }
    vector("v.post_ln", c, -1, h);
    bias("v.post_ln", c, -1, h);
    vector("mm.soft_emb_norm", c, -1, h);
    matrix("mm.input_projection", c, -1, h, v.projector_width);
  }

 private:
  const ModelSpec& m_;
  std::vector<TensorSpec>& out_;
};

}  // namespace

std::vector<TensorSpec> list_tensors(const ModelSpec& m) {
  std::vector<TensorSpec> tensors;
  tensors.reserve(m.layers.size() * 16 + 8);
  TensorList list(m, tensors);
  const int64_t h = m.hidden_size;

  list.matrix("token_embd", Component::embedding, -1, h, m.vocab_size);
  if (m.learned_position_rows > 0) {
    list.matrix("position_embd", Component::position_embedding, -1, h, m.learned_position_rows);
  }
  if (m.embedding_norm) list.norm("token_embd_norm", Component::norms, -1, h);

  for (size_t i = 0; i < m.layers.size(); ++i) {
    list.decoder_layer(static_cast<int>(i), m.layers[i], false);
  }

  list.norm("output_norm", Component::norms, -1, h);
  if (!m.tie_word_embeddings)
    list.linear("output", Component::lm_head, -1, h, m.vocab_size, m.lm_head_bias);

  // DeepSeek-V3 report, section 2.2: each MTP module is an embedding projection M (2h -> h), two
  // RMSNorms, and one more decoder layer; the embedding and output head are shared with the model.
  for (int64_t k = 0; k < m.mtp_layers; ++k) {
    const int layer = static_cast<int>(m.layers.size() + k);
    list.norm("nextn.enorm", Component::mtp, layer, h);
    list.norm("nextn.hnorm", Component::mtp, layer, h);
    list.matrix("nextn.eh_proj", Component::mtp, layer, 2 * h, h);
    list.norm("nextn.shared_head_norm", Component::mtp, layer, h);
    list.decoder_layer(layer, m.layers.back(), true);
  }
  if (m.vision) list.vision_encoder(*m.vision);
  return tensors;
}

}  // namespace llm_sizer
