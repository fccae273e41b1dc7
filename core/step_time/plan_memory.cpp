#include "step_time/plan_memory.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

constexpr double kBf16Bytes = 2;
constexpr int64_t kMicroBatchLimit = int64_t(1) << 30;

// A ZeRO stage shards dense parts over dp and routed experts over dp / ep (the experts' own
// data-parallel group). Returns the sharded bytes and the effective divisor for the formula.
struct Sharded {
  double bytes = 0;
  double divisor = 1;
};

Sharded shard(const Shares& bytes, const ParallelPlan& plan, bool sharded) {
  const double tp = double(plan.tp), ep = double(plan.ep), dp = double(plan.dp);
  const double dense_divisor = sharded ? dp : 1, expert_divisor = sharded ? dp / ep : 1;
  const double whole = bytes.per_gpu(tp, ep);
  Sharded out;
  out.bytes = bytes.dense / tp / dense_divisor + bytes.expert / (tp * ep) / expert_divisor;
  out.divisor = plan.ep == 1 || out.bytes == 0 ? dense_divisor : whole / out.bytes;
  return out;
}

Shares scaled(const Shares& s, double factor) {
  return {s.dense * factor, s.expert * factor};
}

void model_states(const TrainingProfile& p, const ParallelPlan& plan, const LayerProfile& w,
                  StageMemory& s) {
  const bool offload = plan.offload != Offload::none;
  const double tp = double(plan.tp), ep = double(plan.ep);
  const PrecisionBytes& b = p.bytes;
  s.trainable_params = w.trainable.per_gpu(tp, ep);
  s.frozen_params = w.frozen.per_gpu(tp, ep);
  s.nf4_params = w.nf4.per_gpu(tp, ep);
  s.nf4_bytes = w.nf4_bytes.per_gpu(tp, ep);
  s.optimizer_state_bytes = w.states_bytes.per_gpu(tp, ep);
  s.weights_offloaded = plan.offload == Offload::optimizer_and_params;
  s.optimizer_offloaded = offload;
  s.gradients_offloaded = offload && plan.zero_stage >= 2;  // ZeRO-Offload streams them out

  Shares weight_bytes = w.nf4_bytes;
  weight_bytes += scaled(w.frozen, b.frozen_weight);
  weight_bytes += scaled(w.trainable, b.weight);
  const Sharded weights = shard(weight_bytes, plan, plan.zero_stage >= 3);
  const Sharded gradients = shard(scaled(w.trainable, b.gradient), plan, plan.zero_stage >= 2);
  Shares optimizer_bytes = scaled(w.trainable, b.master);
  optimizer_bytes += w.states_bytes;
  const Sharded optimizer = shard(optimizer_bytes, plan, plan.zero_stage >= 1);
  s.weights_shard = weights.divisor;
  s.gradients_shard = gradients.divisor;
  s.optimizer_shard = optimizer.divisor;

  MemoryParts& parts = s.parts;
  parts.weights_bytes = s.weights_offloaded ? 0 : weights.bytes;
  parts.gradients_bytes = s.gradients_offloaded ? 0 : gradients.bytes;
  parts.optimizer_bytes = s.optimizer_offloaded ? 0 : optimizer.bytes;
  // DPO's reference copy: sharded as the weights are under ZeRO-3 (TRL prepares it with the
  // policy's DeepSpeed config), else whole on every data-parallel rank.
  parts.reference_weights_bytes = shard(w.reference_bytes, plan, plan.zero_stage >= 3).bytes;
  // DeepSpeed's CPU Adam keeps fp32 gradients beside the master weights and states (16 bytes
  // per parameter for mixed AdamW, 18 with the 16-bit parameters offloaded too).
  if (offload) {
    s.cpu_offload_bytes =
        optimizer.bytes + shard(scaled(w.trainable, kFp32Bytes), plan, plan.zero_stage >= 1).bytes;
    if (s.weights_offloaded) s.cpu_offload_bytes += weights.bytes;
  }
}

// Bytes one layer keeps per token under the plan's splits (Korthikanti et al. 2022, Table 2):
// selective recomputation drops the attention scores, full keeps only the layer input.
double activation_per_token(const TrainingProfile& p, const LayerActivationTerms& terms,
                            double layers, const ParallelPlan& plan, Recompute recompute) {
  const double tp = double(plan.tp), outside_split = plan.sequence_parallel ? tp : 1.0;
  if (recompute == Recompute::full) return layers * p.element_bytes * p.hidden / outside_split;
  const double scores = recompute == Recompute::selective ? 0.0 : terms.score_bytes;
  return terms.outside_bytes / outside_split + terms.inside_bytes / tp + scores / tp;
}

void activations(const TrainingProfile& p, const ParallelPlan& plan, int64_t stage,
                 const LayerProfile& w, double layers, double tokens, StageMemory& s) {
  const double tp = double(plan.tp), outside_split = plan.sequence_parallel ? tp : 1.0;
  s.in_flight = in_flight_micro_batches(plan, stage);
  s.layers_activation_bytes =
      tokens * activation_per_token(p, w.activation, layers, plan, plan.recompute);
  s.embedding_activation_bytes =
      stage == 0 && p.dropout ? tokens * kMaskBytes * p.hidden / outside_split : 0.0;
  // The last stage's final-norm input and output and the fp32 logits the loss keeps,
  // 4sbh(1 + V/h)/t (Megatron-LM theoretical_memory_usage.py).
  s.output_activation_bytes =
      stage + 1 == plan.pp ? tokens * (2 * p.element_bytes * p.hidden + 4.0 * p.vocab) / tp : 0.0;
  s.parts.activations_bytes =
      s.in_flight * (s.layers_activation_bytes + s.embedding_activation_bytes) +
      s.output_activation_bytes;
}

void buffers(const TrainingProfile& p, const TrainingInput& in, const ParallelPlan& plan,
             const LayerProfile& w, LayerRange range, double tokens, StageMemory& s) {
  const double tp = double(plan.tp), ep = double(plan.ep);
  if (plan.recompute == Recompute::full) {
    // Full recomputation rebuilds one layer at a time: its activations without recomputation.
    for (int64_t i = range.begin; i < range.end; ++i) {
      s.recompute_buffer_bytes = std::max(
          s.recompute_buffer_bytes, tokens * activation_per_token(p, p.layers[size_t(i)].activation,
                                                                  1, plan, Recompute::none));
    }
  }
  // DeepSpeed's ZeRO-3 working set: the largest layer's 16-bit params and grads (4 bytes per
  // parameter in mixed precision; "largest_layer_memory" in its memory-requirements doc).
  if (plan.zero_stage >= 3) {
    s.gather_buffer_bytes =
        2 * p.bytes.weight * std::max(w.largest.dense / tp, w.largest.expert / (tp * ep));
  }
  if (in.method == TrainingMethod::qlora)
    s.dequant_buffer_bytes = kBf16Bytes * w.largest_nf4_matrix / tp;
  s.parts.buffers_bytes = s.recompute_buffer_bytes + s.gather_buffer_bytes + s.dequant_buffer_bytes;
}

}  // namespace

StageMemory stage_memory(const TrainingProfile& p, const TrainingInput& in,
                         const ParallelPlan& plan, int64_t stage, int64_t micro_batch) {
  const LayerRange range = stage_layers(p.num_layers(), plan.pp, stage);
  // The largest tensors matter to ZeRO-3's gather buffer and QLoRA's dequantized matrix only.
  const bool maxima = plan.zero_stage >= 3 || in.method == TrainingMethod::qlora;
  LayerProfile w = p.range(range.begin, range.end, maxima);
  if (stage == 0) w += p.first_stage;
  if (stage + 1 == plan.pp) {
    w += p.last_stage;
    if (plan.pp > 1) w += p.tied_copy;
  }
  StageMemory s;
  s.stage = int(stage);
  model_states(p, plan, w, s);
  const double tokens = double(micro_batch) * p.seq_len / double(plan.cp);
  activations(p, plan, stage, w, double(range.count()), tokens, s);
  buffers(p, in, plan, w, range, tokens, s);
  MemoryParts& parts = s.parts;
  parts.overhead_bytes =
      in.cuda_context_bytes + in.fragmentation * (parts.activations_bytes + parts.buffers_bytes);
  return s;
}

StageMemory worst_stage_memory(const TrainingProfile& p, const TrainingInput& in,
                               const ParallelPlan& plan, int64_t micro_batch) {
  StageMemory worst = stage_memory(p, in, plan, 0, micro_batch);
  for (int64_t k = 1; k < plan.pp; ++k) {
    StageMemory s = stage_memory(p, in, plan, k, micro_batch);
    if (s.parts.total() > worst.parts.total()) worst = s;
  }
  return worst;
}

double worst_stage_bytes(const TrainingProfile& p, const TrainingInput& in,
                         const ParallelPlan& plan, int64_t micro_batch, double stop_above) {
  double worst = 0;
  for (int64_t i = 0; i < plan.pp && worst <= stop_above; ++i) {
    const int64_t stage = i == 0 ? 0 : i == 1 ? plan.pp - 1 : i - 1;
    worst = std::max(worst, stage_memory(p, in, plan, stage, micro_batch).parts.total());
  }
  return worst;
}

double usable_memory_bytes(const AcceleratorSpec& a) {
  // Apple silicon: the GPU may wire only part of the unified memory.
  if (a.unified_memory && a.gpu_working_set_fraction)
    return a.memory_bytes * *a.gpu_working_set_fraction;
  return a.memory_bytes;
}

TrainingMemory training_memory(const TrainingProfile& p, const TrainingInput& in,
                               const AcceleratorSpec& accelerator) {
  TrainingMemory out;
  out.bytes = p.bytes;
  out.trainable_params = p.trainable_params;
  out.frozen_params = p.frozen_params;
  out.stage = worst_stage_memory(p, in, in.plan, in.plan.micro_batch);
  out.available_bytes = usable_memory_bytes(accelerator);
  out.fits = out.stage.parts.total() <= out.available_bytes;

  const auto fits = [&](int64_t b) {
    return worst_stage_memory(p, in, in.plan, b).parts.total() <= out.available_bytes;
  };
  // Memory grows with the micro-batch on every stage, so search for the last one that fits.
  if (fits(1)) {
    int64_t low = 1, high = 2;
    while (high < kMicroBatchLimit && fits(high)) {
      low = high;
      high *= 2;
    }
    while (high - low > 1) {
      const int64_t mid = low + (high - low) / 2;
      (fits(mid) ? low : high) = mid;
    }
    out.max_micro_batch = fits(high) ? high : low;
  }
  return out;
}

}  // namespace llm_sizer
