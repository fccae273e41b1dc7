#include "inference/speculative.hpp"

#include <algorithm>

#include "inference/kv_cache.hpp"

namespace llm_sizer {
namespace {

// Expected tokens a step yields when each of k drafts is accepted with probability a, in order,
// plus the target's own token (Leviathan et al. 2023, equation 1).
double expected_tokens(double a, int64_t k) {
  double power = 1;
  for (int64_t i = 0; i <= k; ++i) power *= a;
  return (1 - power) / (1 - a);
}

// The draft as the step model prices it: its weights, one layer's worth of fixed cost per layer
// it has, and its own KV cache.
struct Draft {
  double weights_bytes = 0;  // whole draft (before a tensor-parallel split)
  double params = 0;
  double kv_bytes_per_token = 0;  // whole draft
  double layers = 0;
};

Draft head_draft(const StepModel& s, const SpeculativeInput& in) {
  const WeightsSize& w = s.weights;
  const ModelSpec& m = s.model;
  Draft d;
  // The head's own weights: one MTP module, or one decoder layer without its routed experts
  // (EAGLE's head is one transformer layer over the target's features, Li et al. 2024, section
  // 4). Each draft step also reads the output head.
  double head = 0;
  if (in.method == SpeculativeMethod::mtp) {
    head = w.component(Component::mtp) / double(std::max<int64_t>(1, m.mtp_layers));
  } else if (!w.layer_bytes.empty()) {
    double dense = 0;
    for (size_t i = 0; i < w.layer_bytes.size(); ++i) {
      dense += w.layer_bytes[i] - w.layer_expert_bytes[i];
    }
    head = dense / double(w.layer_bytes.size());
  }
  const double lm_head =
      m.tie_word_embeddings ? w.component(Component::embedding) : w.component(Component::lm_head);
  d.weights_bytes = head + lm_head;
  d.params = w.bits_per_weight > 0 ? d.weights_bytes * 8 / w.bits_per_weight : 0;
  const KvLayout kv = kv_layout(m, s.input.kv_cache);
  d.kv_bytes_per_token = kv.bytes_per_token() / double(std::max<int64_t>(1, m.num_layers));
  d.layers = 1;
  return d;
}

StepCost head_step(const StepModel& s, const Draft& d, int64_t batch, int64_t context) {
  StepCost c;
  const double tp = double(s.input.tp);
  c.bytes = d.weights_bytes / tp + double(batch) * double(context) * d.kv_bytes_per_token / tp;
  c.flops = double(batch) * 2 * d.params / tp;
  c.memory_s = c.bytes / (s.device.memory_bandwidth_bytes_per_s * s.efficiency.memory);
  c.compute_s = c.flops / (s.efficiency.peak_flops_per_s * s.efficiency.compute);
  c.fixed_s = d.layers * s.efficiency.layer_overhead_s;
  return c;
}

struct DraftModel {
  std::vector<TensorSpec> tensors;
  WeightsSize weights;
};

}  // namespace

std::optional<Speculation> estimate_speculation(const StepModel& s, const PlacedMemory& placed,
                                                const SpeculativeInput& in) {
  if (placed.verdict != Verdict::fits_on_device || !s.has_figures() || placed.offloaded) {
    return std::nullopt;
  }
  std::optional<DraftModel> small;
  if (in.method == SpeculativeMethod::draft_model) {
    small.emplace();
    small->tensors = list_tensors(*in.draft);
    small->weights = weights_size(*in.draft, small->tensors, s.input.weights);
  }
  const int64_t context = s.flops.decode_context;
  const int64_t k = in.draft_tokens;
  const KvLayout target_kv = kv_layout(s.model, s.input.kv_cache);
  const auto draft_step = [&](int64_t batch) {
    if (!small) return head_step(s, head_draft(s, in), batch, context).seconds();
    const ForwardFlops per_token =
        forward_flops_per_token(*in.draft, small->tensors, double(context));
    return decode_step(*in.draft, small->weights, s.device, s.input, s.efficiency, batch, context,
                       per_token)
        .seconds();
  };
  const auto verify_step = [&](int64_t batch) {
    MixedBatch b;
    b.decode_tokens = batch * (k + 1);
    b.decode_kv_bytes = double(batch) * kv_read_bytes_per_sequence(target_kv, context);
    const ForwardFlops& f = s.flops.at_decode_context;
    b.decode_flops = double(b.decode_tokens) * f.decode_step();
    b.attention_flops = double(b.decode_tokens) * (f.attention - f.encoder_attention);
    return mixed_step(s.model, s.weights, s.device, s.input, s.efficiency, b).seconds();
  };
  Speculation out;
  out.tokens_per_step = expected_tokens(in.acceptance_rate, k);
  const auto point = [&](int64_t batch) {
    const double plain = s.decode(placed, batch, context).seconds();
    const double speculative = verify_step(batch) + double(k) * draft_step(batch);
    return SpeculativePoint{batch, out.tokens_per_step * plain / speculative,
                            out.tokens_per_step / speculative};
  };
  const int64_t batch = s.input.batch;
  out.target_step_s = s.decode(placed, batch, context).seconds();
  out.verify_step_s = verify_step(batch);
  out.draft_step_s = draft_step(batch);
  const SpeculativePoint here = point(batch);
  out.speedup = here.speedup;
  out.decode_tokens_per_s = here.tokens_per_s_per_user;
  for (int64_t b = 1; b <= 1024; b *= 2) out.by_batch.push_back(b == batch ? here : point(b));
  if (std::none_of(out.by_batch.begin(), out.by_batch.end(),
                   [&](const SpeculativePoint& p) { return p.batch == batch; })) {
    out.by_batch.push_back(here);
    std::sort(
        out.by_batch.begin(), out.by_batch.end(),
        [](const SpeculativePoint& a, const SpeculativePoint& b) { return a.batch < b.batch; });
  }

  // Memory beside the target: the draft's weights and its KV cache for the batch.
  const double tp = double(s.input.tp);
  const double allocated = double(s.input.context_tokens) * double(batch);
  if (small) {
    out.draft_weights_bytes = small->weights.bytes / tp;
    out.draft_kv_cache_bytes =
        kv_bytes_per_sequence(kv_layout(*in.draft, s.input.kv_cache), s.input.context_tokens) *
        double(batch) * kv_share_per_device(*in.draft, s.input.tp);
  } else {
    const Draft d = head_draft(s, in);
    // The output head is the target's own; only the head's layer is new.
    const double lm_head = s.model.tie_word_embeddings ? s.weights.component(Component::embedding)
                                                       : s.weights.component(Component::lm_head);
    out.draft_weights_bytes = (d.weights_bytes - lm_head) / tp;
    out.draft_kv_cache_bytes = allocated * d.kv_bytes_per_token / tp;
  }
  const InferenceMemory& device = placed.device;
  out.fits = device.per_device.total() + out.draft_weights_bytes + out.draft_kv_cache_bytes <=
             device.usable_bytes * s.input.gpu_memory_fraction;
  return out;
}

}  // namespace llm_sizer
