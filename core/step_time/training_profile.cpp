#include "step_time/training_profile.hpp"

#include <algorithm>

#include "model/flops.hpp"
#include "quantization/other_formats.hpp"

namespace llm_sizer {
namespace {

void add_max(Shares& to, const Shares& from) {
  to.dense = std::max(to.dense, from.dense);
  to.expert = std::max(to.expert, from.expert);
}

// Adds one tensor or adapter's parameters and states to a layer (or an outside part).
class ProfileBuilder {
 public:
  ProfileBuilder(const ModelSpec& m, const TrainingInput& in, const PrecisionBytes& bytes)
      : m_(m), in_(in), bytes_(bytes) {}

  void add_tensor(LayerProfile& to, const TensorSpec& t) const {
    const bool expert = t.component == Component::experts;
    Shares params;
    (expert ? params.expert : params.dense) = double(t.params());
    add_max(to.largest, params);
    if (!in_.parameter_efficient()) {
      add_trainable(to, t.rows, t.row_length, t.matrices, t.vector, expert);
    } else if (in_.method == TrainingMethod::qlora && quantizes_tensor(t, nf4_)) {
      // QLoRA stores the frozen base in NF4 with double quantization (Dettmers et al. 2023).
      to.nf4 += params;
      (expert ? to.nf4_bytes.expert : to.nf4_bytes.dense) +=
          double(checkpoint_tensor_bytes(t, nf4_));
      to.largest_nf4_matrix =
          std::max(to.largest_nf4_matrix, double(t.rows) * double(t.row_length));
    } else {
      to.frozen += params;
    }
    // DPO's reference copy is the model as loaded for training: 16-bit weights, NF4 under QLoRA.
    if (in_.reference_copy()) {
      const bool nf4 = in_.method == TrainingMethod::qlora && quantizes_tensor(t, nf4_);
      const double bytes =
          nf4 ? double(checkpoint_tensor_bytes(t, nf4_))
              : double(t.params()) *
                    (in_.parameter_efficient() ? bytes_.frozen_weight : bytes_.weight);
      (expert ? to.reference_bytes.expert : to.reference_bytes.dense) += bytes;
    }
    const double flops = token_matmul_flops(m_, t);
    to.matmul_flops += flops;
    // Training: backward = 2 x forward; a frozen matrix needs only its input gradient (1 x);
    // each log-probability pass (DPO's reference policy, GRPO's) adds a forward pass (1 x).
    to.matmul_train_flops +=
        flops * ((in_.parameter_efficient() ? 2.0 : 3.0) + in_.log_prob_passes());
  }

  void add_adapter(LayerProfile& to, const LoraAdapter& a) const {
    const int64_t r = in_.lora_rank;
    add_trainable(to, r, a.in, a.matrices, false, a.routed_expert);   // A: d_in -> r
    add_trainable(to, a.out, r, a.matrices, false, a.routed_expert);  // B: r -> d_out
    // x -> A x -> B (A x): 2 r (d_in + d_out) per token, for routed experts only k of E.
    const double matrices = a.routed_expert ? double(m_.moe.experts_per_token) : 1.0;
    const double flops = 2.0 * double(r) * double(a.in + a.out) * matrices;
    to.matmul_flops += flops;
    to.matmul_train_flops += 3.0 * flops;
  }

 private:
  void add_trainable(LayerProfile& to, int64_t rows, int64_t row_length, int64_t matrices,
                     bool vector, bool expert) const {
    const double params = double(rows) * double(row_length) * double(matrices);
    const double states = optimizer_state_bytes(in_.optimizer, bytes_.state_element, rows,
                                                row_length, matrices, vector);
    (expert ? to.trainable.expert : to.trainable.dense) += params;
    (expert ? to.states_bytes.expert : to.states_bytes.dense) += states;
  }

  const ModelSpec& m_;
  const TrainingInput& in_;
  const PrecisionBytes& bytes_;
  const WeightFormat nf4_ = parse_weight_format("nf4-dq", "training.method");
};

double kv_elements(const ModelSpec& m, const LayerSpec& layer) {
  if (layer.attention == AttentionKind::linear || layer.attention == AttentionKind::none) return 0;
  if (m.mla) {
    return double(m.num_heads) *
           double(m.mla->qk_nope_head_dim + m.mla->qk_rope_head_dim + m.mla->v_head_dim);
  }
  return 2.0 * double(m.kv_width());
}

}  // namespace

LayerProfile& LayerProfile::operator+=(const LayerProfile& o) {
  trainable += o.trainable;
  frozen += o.frozen;
  nf4 += o.nf4;
  nf4_bytes += o.nf4_bytes;
  states_bytes += o.states_bytes;
  reference_bytes += o.reference_bytes;
  add_max(largest, o.largest);
  largest_nf4_matrix = std::max(largest_nf4_matrix, o.largest_nf4_matrix);
  activation.outside_bytes += o.activation.outside_bytes;
  activation.inside_bytes += o.activation.inside_bytes;
  activation.score_bytes += o.activation.score_bytes;
  matmul_flops += o.matmul_flops;
  matmul_train_flops += o.matmul_train_flops;
  attention_flops += o.attention_flops;
  kv_elements += o.kv_elements;
  moe_layers += o.moe_layers;
  attention_layers += o.attention_layers;
  return *this;
}

double checkpoint_bytes(const TrainingProfile& p) {
  LayerProfile all = p.range(0, p.num_layers(), false);
  all += p.first_stage;
  all += p.last_stage;
  const double params = all.trainable.dense + all.trainable.expert;
  return params * (p.bytes.weight + p.bytes.master) + all.states_bytes.dense +
         all.states_bytes.expert;
}

LayerProfile TrainingProfile::range(int64_t begin, int64_t end, bool with_maxima) const {
  LayerProfile sum = prefix[size_t(end)];
  const LayerProfile& before = prefix[size_t(begin)];
  const auto minus = [](Shares& a, const Shares& b) {
    a.dense -= b.dense;
    a.expert -= b.expert;
  };
  minus(sum.trainable, before.trainable);
  minus(sum.frozen, before.frozen);
  minus(sum.nf4, before.nf4);
  minus(sum.nf4_bytes, before.nf4_bytes);
  minus(sum.states_bytes, before.states_bytes);
  minus(sum.reference_bytes, before.reference_bytes);
  sum.activation.outside_bytes -= before.activation.outside_bytes;
  sum.activation.inside_bytes -= before.activation.inside_bytes;
  sum.activation.score_bytes -= before.activation.score_bytes;
  sum.matmul_flops -= before.matmul_flops;
  sum.matmul_train_flops -= before.matmul_train_flops;
  sum.attention_flops -= before.attention_flops;
  sum.kv_elements -= before.kv_elements;
  sum.moe_layers -= before.moe_layers;
  sum.attention_layers -= before.attention_layers;
  // Maxima cannot be subtracted: the layers of the range give them.
  sum.largest = {};
  sum.largest_nf4_matrix = 0;
  for (int64_t i = begin; with_maxima && i < end; ++i) {
    add_max(sum.largest, layers[size_t(i)].largest);
    sum.largest_nf4_matrix = std::max(sum.largest_nf4_matrix, layers[size_t(i)].largest_nf4_matrix);
  }
  return sum;
}

TrainingProfile make_training_profile(const ModelSpec& m, const std::vector<TensorSpec>& tensors,
                                      const std::vector<LoraAdapter>& adapters,
                                      const TrainingInput& in) {
  TrainingProfile p;
  p.model = &m;
  p.bytes = precision_bytes(in);
  p.seq_len = double(in.seq_len);
  const ActivationSettings settings = activation_settings(in);
  p.element_bytes = settings.element_bytes;
  p.hidden = double(m.hidden_size);
  p.vocab = double(m.vocab_size);
  p.experts_per_token = double(m.moe.experts_per_token);
  p.flash_attention = in.flash_attention;
  p.dropout = in.dropout;
  p.layers.resize(m.layers.size());
  const ProfileBuilder builder(m, in, p.bytes);
  for (const auto& t : tensors) {
    if (t.component == Component::mtp) continue;
    (in.parameter_efficient() ? p.frozen_params : p.trainable_params) += double(t.params());
    // Megatron-style placement: layers by stage; the embedding (and an image encoder) on the
    // first stage, the final norm and LM head on the last, tied embeddings copied to the last.
    if (t.layer >= 0 && !is_media_encoder(t.component)) {
      builder.add_tensor(p.layers[size_t(t.layer)], t);
    } else if (t.kind == "output" || t.kind == "output_norm") {
      builder.add_tensor(p.last_stage, t);
    } else {
      builder.add_tensor(p.first_stage, t);
      if (t.kind == "token_embd" && m.tie_word_embeddings) builder.add_tensor(p.tied_copy, t);
    }
  }
  for (const auto& a : adapters) {
    builder.add_adapter(p.layers[size_t(a.layer)], a);
    p.trainable_params += a.params(in.lora_rank);
  }
  // The LM head is a matmul per token, reported apart from the layers (not recomputed).
  p.lm_head_flops = 2.0 * p.hidden * p.vocab;
  p.lm_head_train_flops =
      p.lm_head_flops * ((in.parameter_efficient() ? 2.0 : 3.0) + in.log_prob_passes());
  for (size_t i = 0; i < m.layers.size(); ++i) {
    LayerProfile& l = p.layers[i];
    const LayerSpec& spec = m.layers[i];
    l.activation = layer_activation_terms(m, spec, settings);
    l.attention_flops = layer_attention_flops(m, spec, p.seq_len);
    l.kv_elements = kv_elements(m, spec);
    l.moe_layers = spec.ffn == FfnKind::moe ? 1 : 0;
    l.attention_layers =
        spec.attention == AttentionKind::linear || spec.attention == AttentionKind::none ? 0 : 1;
  }
  p.prefix.assign(m.layers.size() + 1, LayerProfile{});
  for (size_t i = 0; i < m.layers.size(); ++i) {
    p.prefix[i + 1] = p.prefix[i];
    p.prefix[i + 1] += p.layers[i];
  }
  return p;
}

int64_t stage_layer_count(int64_t layers, int64_t pp, int64_t stage) {
  const int64_t per_stage = (layers + pp - 1) / pp;
  const int64_t short_stages = pp * per_stage - layers;
  // Stages in the order they give up a layer: 0, p - 1, 1, p - 2, ...
  const int64_t rank = stage <= pp - 1 - stage ? 2 * stage : 2 * (pp - 1 - stage) + 1;
  return per_stage - (rank < short_stages ? 1 : 0);
}

LayerRange stage_layers(int64_t layers, int64_t pp, int64_t stage) {
  int64_t begin = 0;
  for (int64_t k = 0; k < stage; ++k) begin += stage_layer_count(layers, pp, k);
  return {begin, begin + stage_layer_count(layers, pp, stage)};
}

double in_flight_micro_batches(const ParallelPlan& plan, int64_t stage) {
  const double p = double(plan.pp), k = double(stage), v = double(plan.virtual_stages);
  const double held = plan.schedule == PipelineSchedule::interleaved
                          ? ((p - k - 1) * 2 + (v - 1) * p + 1) / v
                          : p - k;
  return std::min(held, double(plan.grad_accumulation));
}

}  // namespace llm_sizer
