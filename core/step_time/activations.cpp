#include "step_time/activations.hpp"

namespace llm_sizer {
namespace {

constexpr double kSoftmaxStatBytes = 4;  // FlashAttention's log-sum-exp is fp32

// Elements a Mamba mixer keeps for its backward pass, per token: the in_proj output, the
// convolution output, the dt/B/C projections, the scan output and its gated product (the scan
// saves its inputs and recomputes the states: Gu & Dao 2023, section 3.3.2).
double state_space_inside_elements(const SsmSpec& s) {
  const double inner = double(s.inner_size);
  if (s.version == 1) {
    return 6.0 * inner + double(s.dt_rank) + 2.0 * double(s.state_size);
  }
  const double bc = 2.0 * double(s.n_groups * s.state_size);
  return (2.0 * inner + bc + double(s.num_heads)) + (inner + bc) + 2.0 * inner;
}

// Elements the attention block keeps inside the tensor-parallel region, per token.
double attention_inside_elements(const ModelSpec& m, const LayerSpec& layer) {
  if (layer.attention == AttentionKind::none) return 0;
  if (layer.attention == AttentionKind::state_space) return state_space_inside_elements(m.ssm);
  if (layer.attention == AttentionKind::cross_only) {
    return 2.0 * double(m.q_width());  // the query and the attention output; image K/V per image
  }
  if (layer.attention == AttentionKind::linear) {
    // Gated DeltaNet: the fused q/k/v/z projection output, the convolved q/k/v, the core output
    // and its gated norm (the out-projection input), and the beta/alpha projection.
    const LinearAttentionSpec& la = m.linear_attention;
    const double key_dim = double(la.num_key_heads) * la.key_head_dim;
    const double value_dim = double(la.num_value_heads) * la.value_head_dim;
    return (2 * key_dim + 2 * value_dim) + (2 * key_dim + value_dim) + 2 * value_dim +
           2.0 * la.num_value_heads;
  }
  if (m.mla) {
    // MLA: the compressed latents and their norms, then Q and K at (nope + rope) per head, V and
    // the out-projection input at v_head_dim per head (DeepSeek-V2, eqs. 9-19).
    const MlaSpec& a = *m.mla;
    const double heads = double(m.num_heads);
    const double latents = (a.q_lora_rank > 0 ? 2.0 * a.q_lora_rank : 0.0) + 2.0 * a.kv_lora_rank +
                           double(a.qk_rope_head_dim);
    const double qk = heads * double(a.qk_nope_head_dim + a.qk_rope_head_dim);
    const double v = heads * double(a.v_head_dim);
    return latents + 2 * qk + 2 * v;
  }
  // Q and K for QK^T, V for the weighted sum, the out-projection input (GPT-3: 4h elements).
  const double q = double(m.q_width()), kv = double(m.kv_width());
  double elements = 2 * q + 2 * kv;
  if (m.qk_norm != QkNormKind::none) elements += q + kv;  // the q/k norm inputs
  if (m.attention_output_gate) elements += 2 * q;         // gate input and the gated product
  if (layer.cross_attention) elements += 2 * q + 2 * kv;  // the same again over the encoder
  return elements;
}

// Elements the feed-forward block keeps inside the tensor-parallel region, per token.
double ffn_inside_elements(const ModelSpec& m, const LayerSpec& layer) {
  // GeLU MLP: GeLU input and output (8h bytes each for width 4h in Korthikanti's 19sbh). Gated:
  // SiLU input, up output, SiLU output and the product that enters the down projection.
  const auto mlp = [&](double width, bool gated) { return (gated ? 4.0 : 2.0) * width; };
  if (layer.ffn == FfnKind::none) return 0;
  if (layer.ffn == FfnKind::dense) return mlp(double(m.intermediate_size), m.gated_mlp);
  const MoeSpec& moe = m.moe;
  const double h = double(m.hidden_size);
  const double routed =
      double(moe.experts_per_token) * (h + mlp(double(moe.expert_intermediate_size), true));
  const double shared =
      mlp(double(moe.num_shared_experts) * double(moe.shared_intermediate_size), true);
  return double(moe.num_experts) + routed + shared;  // router probabilities, experts, shared
}

}  // namespace

ActivationSettings activation_settings(const TrainingInput& in) {
  ActivationSettings s;
  s.seq_len = in.seq_len;
  s.micro_batch = in.plan.micro_batch;
  s.tp = in.plan.tp;
  s.sequence_parallel = in.plan.sequence_parallel;
  s.flash_attention = in.flash_attention;
  s.dropout = in.dropout;
  s.recompute = in.plan.recompute;
  s.element_bytes = in.precision == Precision::fp32 || in.precision == Precision::tf32 ? 4.0 : 2.0;
  return s;
}

LayerActivationTerms layer_activation_terms(const ModelSpec& m, const LayerSpec& layer,
                                            const ActivationSettings& s) {
  const double e = s.element_bytes;
  const double h = double(m.hidden_size);
  LayerActivationTerms t;
  // Each norm's input, the attention block's input (the QKV matmul input), the MLP's input, and
  // the two dropout masks after attention and after the MLP: 10h bytes for GPT-3. A decoder
  // layer of an encoder-decoder adds the cross-attention's norm, input and mask.
  const double blocks = (layer.attention != AttentionKind::none ? 1.0 : 0.0) +
                        (layer.ffn != FfnKind::none ? 1.0 : 0.0) +
                        (layer.cross_attention ? 1.0 : 0.0);
  const double norms = double(m.norms_per_layer) + (layer.cross_attention ? 1.0 : 0.0);
  t.outside_bytes = e * (norms * h + blocks * h) + (s.dropout ? blocks * kMaskBytes * h : 0);
  t.inside_bytes = e * (attention_inside_elements(m, layer) + ffn_inside_elements(m, layer));
  const bool attends = layer.attention != AttentionKind::linear &&
                       layer.attention != AttentionKind::state_space &&
                       layer.attention != AttentionKind::none;
  if (attends) {
    const double heads = double(m.num_heads) * (layer.cross_attention ? 2.0 : 1.0);
    // Llama 3.2 Vision's cross-attention layers score the image tokens, not the sequence.
    const double keys = layer.attention == AttentionKind::cross_only && m.vision
                            ? double(m.vision->tokens_per_image)
                            : double(s.seq_len);
    if (s.flash_attention) {
      t.score_bytes = heads * kSoftmaxStatBytes;
    } else {
      // Softmax output (2as^2b); with dropout its mask (as^2b) and output (2as^2b): 5as per
      // token. The eager kernels materialise the full s x s matrix even under a sliding window.
      const double per_score = e + (s.dropout ? kMaskBytes + e : 0);
      t.score_bytes = heads * keys * per_score;
    }
  }
  return t;
}

double layer_activation_bytes(const ModelSpec& m, const LayerSpec& layer,
                              const ActivationSettings& s, Recompute recompute) {
  const double tokens = double(s.seq_len) * double(s.micro_batch);
  const double t = double(s.tp);
  const double outside_split = s.sequence_parallel ? t : 1.0;
  if (recompute == Recompute::full) {
    return tokens * s.element_bytes * double(m.hidden_size) / outside_split;
  }
  const LayerActivationTerms terms = layer_activation_terms(m, layer, s);
  const double scores = recompute == Recompute::selective ? 0.0 : terms.score_bytes;
  return tokens * (terms.outside_bytes / outside_split + terms.inside_bytes / t + scores / t);
}

double output_layer_activation_bytes(const ModelSpec& m, const ActivationSettings& s) {
  const double tokens = double(s.seq_len) * double(s.micro_batch);
  return tokens * (2 * s.element_bytes * double(m.hidden_size) + 4.0 * double(m.vocab_size)) /
         double(s.tp);
}

double embedding_activation_bytes(const ModelSpec& m, const ActivationSettings& s) {
  if (!s.dropout) return 0;
  const double tokens = double(s.seq_len) * double(s.micro_batch);
  return tokens * kMaskBytes * double(m.hidden_size) / (s.sequence_parallel ? double(s.tp) : 1.0);
}

}  // namespace llm_sizer
