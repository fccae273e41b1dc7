#include "step_time/step_time.hpp"

#include <algorithm>

#include "hardware/collectives.hpp"

namespace llm_sizer {
namespace {

// Forward, backward and their gradients each pass over every stored activation once: a stored
// tensor is written in the forward and read in the backward, its gradient written and read.
constexpr double kElementwisePasses = 4;

// Collectives per layer and micro-batch: Megatron's 2 forward and 2 backward all-reduces of the
// layer's activations (with sequence parallelism, all-gather/reduce-scatter pairs of the same
// volume; Korthikanti et al. 2022, section 4.2.2); full recomputation repeats the forward's.
double tp_collectives(Recompute recompute) {
  return recompute == Recompute::full ? 6 : 4;
}

// Weights a stage's GPU holds before ZeRO-3 sharding, split dense / experts.
Shares weight_bytes(const TrainingProfile& p, const LayerProfile& w, double tp, double ep) {
  Shares bytes = w.nf4_bytes;
  bytes.dense += w.frozen.dense * p.bytes.frozen_weight + w.trainable.dense * p.bytes.weight;
  bytes.expert += w.frozen.expert * p.bytes.frozen_weight + w.trainable.expert * p.bytes.weight;
  return {bytes.dense / tp, bytes.expert / (tp * ep)};
}

class PlanStep {
 public:
  PlanStep(const StepContext& c, const ParallelPlan& plan)
      : c_(c),
        p_(c.profile),
        plan_(plan),
        tp_(double(plan.tp)),
        ep_(double(plan.ep)),
        tokens_(double(plan.micro_batch) * p_.seq_len / double(plan.cp)),
        gpn_(c.cluster.gpus_per_node) {}

  LayerProfile stage_work(int64_t k, int64_t begin, int64_t end) const {
    LayerProfile w = p_.range(begin, end, false);
    if (k == 0) w += p_.first_stage;
    if (k + 1 == plan_.pp) {
      w += p_.last_stage;
      if (plan_.pp > 1) w += p_.tied_copy;
    }
    return w;
  }

  StageTime stage(int64_t k, double layers, const LayerProfile& w) const {
    StageTime s;
    s.stage = k;
    s.layers = layers;
    compute(k, w, s);
    communication(k, layers, w, s);
    zero3(w, s);
    return s;
  }

  StageSync sync(const LayerProfile& w, const StageTime& s) const {
    StageSync y;
    const Group dp = group_of(plan_.dp, plan_.tp * plan_.cp, gpn_);
    const Group expert_dp = group_of(plan_.dp / plan_.ep, plan_.tp * plan_.cp * plan_.ep, gpn_);
    const Shares grads = {w.trainable.dense * p_.bytes.gradient / tp_,
                          w.trainable.expert * p_.bytes.gradient / (tp_ * ep_)};
    if (plan_.zero_stage <= 2 && plan_.dp > 1) {
      // ZeRO 0-2: one all-reduce of the gradients per step (ZeRO-1/2 reduce-scatter them and
      // all-gather the updated parameters: the same volume; Rajbhandari et al. 2020, 7.2).
      y.dp_bytes = grads.dense + grads.expert;
      y.dp_raw_s = all_reduce_s(grads.dense, dp, c_.cluster) +
                   all_reduce_s(grads.expert, expert_dp, c_.cluster);
      // Bucketed reduction overlaps the last micro-batch's backward pass (2/3 of its compute).
      y.dp_window_s = c_.settings.overlap_dp_comm ? s.compute_s * 2.0 / 3.0 : 0.0;
      y.dp_exposed_s = std::max(0.0, y.dp_raw_s - y.dp_window_s);
    }
    if (plan_.offload == Offload::none) {
      // AdamW-style update, memory-bound: the master copy (or the weights) and the states read
      // and written, the gradient read, the 16-bit weights written from the master copy
      // (Megatron-LM's fused Adam; the step time is the traffic over the streaming bandwidth).
      const double shard = plan_.zero_stage >= 1 ? double(plan_.dp) : 1.0;
      const double expert_shard = plan_.zero_stage >= 1 ? double(plan_.dp) / ep_ : 1.0;
      y.optimizer_params =
          w.trainable.dense / tp_ / shard + w.trainable.expert / (tp_ * ep_) / expert_shard;
      const PrecisionBytes& b = p_.bytes;
      const double updated = b.master > 0 ? b.master : b.weight;
      const double per_param = 2 * updated + b.gradient + (b.master > 0 ? b.weight : 0);
      const double trainable = w.trainable.dense + w.trainable.expert;
      const double states_per_param =
          trainable > 0 ? (w.states_bytes.dense + w.states_bytes.expert) / trainable : 0;
      y.optimizer_bytes = y.optimizer_params * (per_param + 2 * states_per_param);
      const double rate = c_.efficiency.memory_bytes_per_s();
      y.optimizer_s = rate > 0 ? y.optimizer_bytes / rate : 0;
    } else {
      // ZeRO-Offload: the gradient shard goes to the host and the updated 16-bit parameters
      // come back, once per step (Ren et al. 2021, section 4.1).
      const double shard = plan_.zero_stage >= 1 ? double(plan_.dp) : 1.0;
      const Shares weights = weight_bytes(p_, w, tp_, ep_);
      y.offload_bytes = (grads.dense + grads.expert + weights.dense + weights.expert) / shard;
      y.offload_s = send_s(y.offload_bytes, c_.cluster.host);
    }
    return y;
  }

 private:
  void compute(int64_t k, const LayerProfile& w, StageTime& s) const {
    const TrainingEfficiency& e = c_.efficiency;
    const Recompute recompute = plan_.recompute;
    const bool last = k + 1 == plan_.pp;
    const double matmuls = w.matmul_train_flops + (last ? p_.lm_head_train_flops : 0) +
                           (recompute == Recompute::full ? w.matmul_flops : 0);
    s.matmul_flops = tokens_ * matmuls / tp_;
    // Causal FlashAttention skips the blocks above the diagonal (Dao 2023, section 3.1);
    // unfused attention computes the whole s x s product. Backward = 2 x forward.
    const double executed = p_.flash_attention ? 0.5 : 1.0;
    // Backward = 2 x forward; recomputation and each log-probability pass add a forward.
    const double passes =
        3.0 + (recompute == Recompute::none ? 0.0 : 1.0) + c_.settings.log_prob_passes();
    s.attention_flops = tokens_ * w.attention_flops * executed * passes / tp_;
    const double outside_split = plan_.sequence_parallel ? tp_ : 1.0;
    const LayerActivationTerms& a = w.activation;
    const double stored =
        a.outside_bytes / outside_split + a.inside_bytes / tp_ + a.score_bytes / tp_;
    const double recomputed = recompute == Recompute::full        ? stored
                              : recompute == Recompute::selective ? a.score_bytes / tp_
                                                                  : 0.0;
    const double logits = last ? (2 * p_.element_bytes * p_.hidden + 4.0 * p_.vocab) / tp_ : 0.0;
    s.elementwise_bytes = tokens_ * (kElementwisePasses * (stored + logits) + recomputed);
    const double memory_rate = e.memory_bytes_per_s();
    s.compute_s = s.matmul_flops / e.matmul_flops_per_s() +
                  s.attention_flops / e.attention_flops_per_s() +
                  (memory_rate > 0 ? s.elementwise_bytes / memory_rate : 0.0);
  }

  void communication(int64_t k, double layers, const LayerProfile& w, StageTime& s) const {
    const ClusterSpec& cl = c_.cluster;
    const double e = p_.element_bytes;
    const double activation_bytes = tokens_ * p_.hidden * e;
    if (plan_.tp > 1) {
      s.tp_collectives = layers * tp_collectives(plan_.recompute);
      s.tp_bytes = activation_bytes;
      s.tp_collective_s = all_reduce_s(s.tp_bytes, group_of(plan_.tp, 1, gpn_), cl);
      s.tp_comm_s = s.tp_collectives * s.tp_collective_s;
    }
    if (plan_.cp > 1 && w.attention_layers > 0) {
      // Llama 3's context parallelism all-gathers K and V of the whole sequence before each
      // attention and reduce-scatters their gradients (Llama 3 paper, section 3.3.2).
      s.cp_collectives = w.attention_layers * (plan_.recompute == Recompute::full ? 3 : 2);
      s.cp_bytes =
          double(plan_.micro_batch) * p_.seq_len * w.kv_elements / w.attention_layers * e / tp_;
      s.cp_collective_s = all_gather_s(s.cp_bytes, group_of(plan_.cp, plan_.tp, gpn_), cl);
      s.cp_comm_s = s.cp_collectives * s.cp_collective_s;
    }
    if (plan_.ep > 1 && w.moe_layers > 0) {
      // Each token's hidden state goes to its k experts and comes back: dispatch and combine,
      // forward and backward (GShard, Lepikhin et al. 2020, section 2.2).
      s.ep_collectives = w.moe_layers * (plan_.recompute == Recompute::full ? 6 : 4);
      s.ep_bytes = tokens_ / tp_ * p_.experts_per_token * p_.hidden * e;
      s.ep_collective_s =
          all_to_all_s(s.ep_bytes, group_of(plan_.ep, plan_.tp * plan_.cp, gpn_), cl);
      s.ep_comm_s = s.ep_collectives * s.ep_collective_s;
    }
    if (plan_.pp > 1) {
      // Activations forward, gradients backward, split over the TP ranks (Megatron's
      // scatter/gather optimisation, Narayanan et al. 2021, section 4.1), once per model chunk.
      s.pp_sends =
          double((k > 0 ? 1 : 0) + (k + 1 < plan_.pp ? 1 : 0)) * double(plan_.virtual_stages);
      s.pp_bytes = activation_bytes / tp_;
      const bool same_node = 2 * plan_.tp * plan_.cp * plan_.dp <= gpn_;
      s.pp_send_s = send_s(s.pp_bytes, same_node ? cl.intra_node : cl.inter_node);
      s.pp_p2p_s = s.pp_sends * s.pp_send_s;
    }
  }

  void zero3(const LayerProfile& w, StageTime& s) const {
    const ClusterSpec& cl = c_.cluster;
    const Shares weights = weight_bytes(p_, w, tp_, ep_);
    if (plan_.zero_stage >= 3 && plan_.dp > 1) {
      // ZeRO-3 gathers each layer's parameters for the forward and again for the backward (and
      // the recomputed forward), and reduce-scatters the gradients, every micro-batch.
      const Group dp = group_of(plan_.dp, plan_.tp * plan_.cp, gpn_);
      const Group expert_dp = group_of(plan_.dp / plan_.ep, plan_.tp * plan_.cp * plan_.ep, gpn_);
      const double gathers = plan_.recompute == Recompute::full ? 3 : 2;
      s.zero_gather_raw_s = gathers * (all_gather_s(weights.dense, dp, cl) +
                                       all_gather_s(weights.expert, expert_dp, cl));
      s.zero_reduce_raw_s =
          all_gather_s(w.trainable.dense * p_.bytes.gradient / tp_, dp, cl) +
          all_gather_s(w.trainable.expert * p_.bytes.gradient / (tp_ * ep_), expert_dp, cl);
      s.zero_hidden_s = c_.settings.overlap_dp_comm ? s.compute_s : 0.0;
      const double raw = s.zero_gather_raw_s + s.zero_reduce_raw_s;
      const double exposed = std::max(0.0, raw - s.zero_hidden_s);
      s.zero_gather_s = raw > 0 ? exposed * s.zero_gather_raw_s / raw : 0.0;
      s.zero_reduce_s = exposed - s.zero_gather_s;
    }
    if (plan_.offload == Offload::optimizer_and_params) {
      // ZeRO-Infinity brings the parameter shard from host memory for the forward and the
      // backward (Rajbhandari et al. 2021, section 5).
      const double shard = plan_.zero_stage >= 3 ? double(plan_.dp) : 1.0;
      s.param_offload_bytes = (weights.dense + weights.expert) / shard;
      s.param_offload_s = 2 * send_s(s.param_offload_bytes, c_.cluster.host);
    }
  }

  const StepContext& c_;
  const TrainingProfile& p_;
  const ParallelPlan& plan_;
  const double tp_;
  const double ep_;
  const double tokens_;  // one GPU's tokens of one micro-batch (the sequence split by cp)
  const int64_t gpn_;
};

}  // namespace

StepEstimate estimate_step(const StepContext& c, const ParallelPlan& plan) {
  const PlanStep model(c, plan);
  StepEstimate out;
  out.micro_batches = double(plan.grad_accumulation);
  const int64_t layers = c.profile.num_layers();
  int64_t begin = 0;
  double slowest = -1;
  double longest_sync = -1;
  for (int64_t k = 0; k < plan.pp; ++k) {
    const int64_t count = stage_layer_count(layers, plan.pp, k);
    const LayerProfile w = model.stage_work(k, begin, begin + count);
    begin += count;
    const StageTime s = model.stage(k, double(count), w);
    out.stage_sum_s += s.total_s();
    if (s.total_s() > slowest) {
      slowest = s.total_s();
      out.slowest = s;
    }
    const StageSync y = model.sync(w, s);
    if (y.dp_exposed_s + y.offload_s + y.optimizer_s > longest_sync) {
      longest_sync = y.dp_exposed_s + y.offload_s + y.optimizer_s;
      out.sync = y;
    }
  }
  const StageTime& t = out.slowest;
  const double m = out.micro_batches;
  StepBreakdown& b = out.breakdown;
  b.compute_s = m * t.compute_s;
  b.tp_comm_s = m * t.tp_comm_s;
  b.cp_comm_s = m * t.cp_comm_s;
  b.ep_comm_s = m * t.ep_comm_s;
  b.pp_p2p_s = m * t.pp_p2p_s;
  b.zero_gather_s = m * t.zero_gather_s;
  b.pp_bubble_s = (out.stage_sum_s - t.total_s()) / double(plan.virtual_stages);
  out.dp_exposed_s = out.sync.dp_exposed_s;
  out.offload_s = out.sync.offload_s;
  out.optimizer_s = out.sync.optimizer_s;
  b.dp_comm_s = m * t.zero_reduce_s + out.dp_exposed_s;
  b.offload_s = m * t.param_offload_s + out.offload_s;
  b.optimizer_s = out.optimizer_s;
  out.step_time_s = b.total_s();
  const double global_tokens = double(plan.micro_batch) * m * double(plan.dp) * c.profile.seq_len;
  out.tokens_per_s = global_tokens / out.step_time_s;
  return out;
}

}  // namespace llm_sizer
