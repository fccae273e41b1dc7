#pragma once

#include <cstdint>

#include "hardware/cluster.hpp"
#include "step_time/efficiency.hpp"
#include "step_time/training_profile.hpp"
#include "step_time/training_settings.hpp"

namespace llm_sizer {

// One micro-batch's forward and backward pass on one GPU of one pipeline stage.
struct StageTime {
  int64_t stage = 0;
  double layers = 0;
  // Work, per GPU: executed matmul FLOPs (recomputation included), attention FLOPs as executed
  // (FlashAttention skips the masked half of a causal mask), bytes elementwise kernels move.
  double matmul_flops = 0;
  double attention_flops = 0;
  double elementwise_bytes = 0;
  double compute_s = 0;
  // Tensor parallel: collectives per layer and the activation bytes of each.
  double tp_collectives = 0;
  double tp_bytes = 0;
  double tp_collective_s = 0;
  double tp_comm_s = 0;
  // Context parallel: K/V all-gathers (and their gradients' reduce-scatters).
  double cp_collectives = 0;
  double cp_bytes = 0;
  double cp_collective_s = 0;
  double cp_comm_s = 0;
  // Expert parallel: all-to-alls (dispatch and combine, forward and backward).
  double ep_collectives = 0;
  double ep_bytes = 0;
  double ep_collective_s = 0;
  double ep_comm_s = 0;
  // Pipeline: activation sends to the next stage and gradient sends to the previous one.
  double pp_sends = 0;
  double pp_bytes = 0;
  double pp_send_s = 0;
  double pp_p2p_s = 0;
  // ZeRO-3: parameter all-gathers and gradient reduce-scatters each micro-batch, hidden behind
  // the micro-batch's compute when overlap_dp_comm is on.
  double zero_gather_raw_s = 0;
  double zero_reduce_raw_s = 0;
  double zero_hidden_s = 0;  // compute they can hide behind (0 without overlap)
  double zero_gather_s = 0;  // exposed
  double zero_reduce_s = 0;  // exposed
  // ZeRO-Infinity parameter offload: the stage's parameter shard from host memory, twice.
  // (param_offload_bytes is the shard; it crosses the host link for the forward and backward.)
  double param_offload_bytes = 0;
  double param_offload_s = 0;

  double total_s() const {
    return compute_s + tp_comm_s + cp_comm_s + ep_comm_s + pp_p2p_s + zero_gather_s +
           zero_reduce_s + param_offload_s;
  }
};

// Once per step, per stage: the data-parallel gradient synchronisation (ZeRO 0-2) and the
// optimizer-offload transfers.
struct StageSync {
  double dp_bytes = 0;     // gradient bytes per GPU (dense over dp, experts over dp / ep)
  double dp_raw_s = 0;     // all-reduce time (ZeRO-1/2: reduce-scatter + all-gather)
  double dp_window_s = 0;  // the last micro-batch's backward it overlaps (0 without overlap)
  double dp_exposed_s = 0;
  double offload_bytes = 0;  // gradients to the host, updated parameters back
  double offload_s = 0;
  // The optimizer step on the GPU: each parameter of this GPU's shard read and written with its
  // master copy and states, and its gradient read (0 when the optimizer runs on the host).
  double optimizer_params = 0;
  double optimizer_bytes = 0;
  double optimizer_s = 0;
};

// The parts of one optimizer step; they add up to step_time_s.
struct StepBreakdown {
  double compute_s = 0;
  double tp_comm_s = 0;
  double pp_bubble_s = 0;
  double pp_p2p_s = 0;
  double dp_comm_s = 0;
  double ep_comm_s = 0;
  double cp_comm_s = 0;
  double zero_gather_s = 0;
  double offload_s = 0;
  double optimizer_s = 0;

  double total_s() const {
    return compute_s + tp_comm_s + pp_bubble_s + pp_p2p_s + dp_comm_s + ep_comm_s + cp_comm_s +
           zero_gather_s + offload_s + optimizer_s;
  }
};

struct StepEstimate {
  double micro_batches = 0;  // per pipeline per step (gradient accumulation)
  double stage_sum_s = 0;    // sum over stages of one micro-batch's time
  StageTime slowest;         // the stage that sets the pipeline's pace
  StageSync sync;            // the stage whose step-end synchronisation takes longest
  double dp_exposed_s = 0;   // the longest exposed synchronisation over stages
  double offload_s = 0;      // the longest optimizer-offload transfer over stages
  double optimizer_s = 0;    // the longest optimizer step over stages
  StepBreakdown breakdown;
  double step_time_s = 0;
  double tokens_per_s = 0;
};

// What a step costs besides the plan: the model and settings, the links, the device's rates.
struct StepContext {
  const TrainingProfile& profile;
  const TrainingInput& settings;
  const ClusterSpec& cluster;
  const TrainingEfficiency& efficiency;
};

// The step time of one plan. Pipeline: m micro-batches through p stages take
// m t_max + (sum_k t_k - t_max) / v, which for equal stages is the bubble (p - 1) / (v m) of
// 1F1B and of the interleaved schedule (Narayanan et al. 2021, section 2.2); uneven stages pace
// the pipeline by the slowest. Then the exposed data-parallel synchronisation and offload.
StepEstimate estimate_step(const StepContext& context, const ParallelPlan& plan);

}  // namespace llm_sizer
