#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "explain/explanation.hpp"
#include "hardware/accelerator.hpp"
#include "hardware/cluster.hpp"
#include "model/model_spec.hpp"
#include "model/tensors.hpp"
#include "post_training/rollout_input.hpp"
#include "training/cost.hpp"
#include "training/training_estimate.hpp"
#include "warning.hpp"

namespace llm_sizer {

// What one GPU holds in each phase of a GRPO step.
struct RlMemory {
  double training_bytes = 0;         // the update: the plan's memory (training/)
  double resident_states_bytes = 0;  // what stays through the rollout: weights, optimizer
                                     // states, the reference copy, the CUDA context (and PPO's
                                     // critic, a reward model)
  double critic_states_bytes = 0;    // PPO: the critic's weights and optimizer states
  double reward_model_bytes = 0;     // a reward model's weights
  double rollout_bytes = 0;          // the engine's budget: gpu_memory_fraction of the device
  double rollout_phase_bytes = 0;    // colocated: resident states + the engine's budget
  double peak_bytes = 0;
  double available_bytes = 0;
  bool fits = false;
};

// One GRPO or PPO step and the run of training.rl.steps of them.
struct RlStep {
  int64_t sequences = 0;  // answers generated and trained on
  double tokens = 0;      // prompt + answer tokens of the step (unpadded)
  int64_t gpus = 0;       // training GPUs, and the rollout pool's when separate
  // Generation: the step's answers as one offline batch through the engine (serving/).
  double generation_s = 0;
  double generated_tokens = 0;
  int64_t rollout_replicas = 0;
  int64_t rollout_tp = 0;
  double rollout_mean_batch = 0;
  int64_t rollout_peak_batch = 0;
  int64_t rollout_preemptions = 0;
  double rollout_kv_pool_tokens = 0;  // per replica
  // The policy update: the optimizer steps of the batch on the step-time model, the reference
  // and old-policy log-probability passes among them.
  double optimizer_steps = 0;
  double optimizer_step_s = 0;
  double update_s = 0;
  double log_prob_s = 0;  // part of update_s
  double train_s = 0;     // the rest of update_s: the policy's training passes
  // PPO: the critic's own training on the batch (its value estimates are among the log-prob
  // passes above).
  double critic_s = 0;
  // Handing the new weights to the engine.
  double reshard_bytes = 0;  // per rollout GPU
  double reshard_bytes_per_s = 0;
  double reshard_s = 0;
  bool overlapped = false;  // separate pools, one step off-policy: generation beside the update
  double step_s = 0;
  double tokens_per_s_per_gpu = 0;  // verl's and NeMo-RL's throughput: all tokens / (step x GPUs)
  RlMemory memory;
  // The run.
  int64_t steps = 0;
  double goodput = 1;
  double wall_s = 0;
  double gpu_hours = 0;
  TrainingCost cost;
};

struct RlStepResult {
  std::optional<RlStep> step;
  std::string unavailable;  // the rollout engine's answer when it has none (serving/)
};

// A GRPO or PPO step of `training` (its update already estimated in `trained`) with its rollouts
// on `rollout`: generation + update (+ PPO's critic) + weight hand-over, on-policy (Shao et al.
// 2024; verl's hybrid engine, Sheng et al. 2024); with separate pools and rollout.async,
// generation overlaps the updates one step off-policy (NeMo-RL's async GRPO).
RlStepResult estimate_rl_step(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                              const TrainingInput& training, const RolloutInput& rollout,
                              const AcceleratorSpec& device, const ClusterSpec& cluster,
                              const TrainingResult& trained, Explanations& explanations,
                              Warnings& warnings);

}  // namespace llm_sizer
