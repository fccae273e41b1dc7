#pragma once

// The training section as the step-time model, the training estimate and the planner read it:
// the plan, the settings and their documented defaults (training/training_input.hpp parses it).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "field_reader.hpp"
#include "hardware/accelerator.hpp"
#include "step_time/goodput.hpp"

namespace llm_sizer {

enum class TrainingMethod { full, lora, qlora };
// What a step optimises: next-token prediction (pre-training, SFT), DPO's preference loss on
// chosen/rejected pairs against a frozen reference policy (Rafailov et al. 2023, eq. 7), or
// GRPO's group-relative policy gradient on answers the policy generated itself (Shao et al. 2024,
// DeepSeekMath, eq. 3), which needs no critic: each step first generates a group of answers to
// every prompt (the rollouts, core/post_training/), then trains on them; or PPO on such answers,
// one per prompt by default, with a critic of the policy's architecture whose value estimates
// give the advantages (Schulman et al. 2017; Ouyang et al. 2022, section 3.5).
enum class Objective { language_modeling, dpo, grpo, ppo };
// Where DPO's reference log-probabilities come from: a frozen copy of the model beside the policy,
// the policy's own base with its LoRA adapters switched off (TRL's DPOTrainer with a PEFT model),
// or computed once before training (TRL's precompute_ref_log_probs), costing no pass per step.
enum class DpoReference { model, adapters_off, precomputed };
enum class Recompute { none, selective, full };

// training.rl: one GRPO or PPO step's batch. `prompts_per_step` prompts, `group_size` answers to
// each (verl's data.train_batch_size and actor_rollout_ref.rollout.n), trained on in `mini_batches`
// optimizer steps per pass, `epochs` passes (verl's ppo_mini_batch_size, ppo_epochs).
struct RlSettings {
  int64_t prompts_per_step = 0;
  int64_t group_size = 0;
  int64_t prompt_tokens = 0;                   // mean
  int64_t response_tokens = 0;                 // mean of the generated answers
  std::optional<int64_t> response_tokens_p99;  // absent: every answer has the mean length
  int64_t mini_batches = 1;
  int64_t epochs = 1;
  bool kl_reference = true;   // a KL penalty against the frozen starting policy
  bool reward_model = false;  // a reward model of the policy's architecture scores the answers
                              // (false: a rule or verifier does, as in RL on verifiable rewards)
  int64_t steps = 0;          // steps in the run

  int64_t sequences() const { return prompts_per_step * group_size; }
  int64_t updates() const { return mini_batches * epochs; }
};
enum class Optimizer {
  adamw,
  adamw_8bit,
  paged_adamw_32bit,
  paged_adamw_8bit,
  sgd_momentum,
  adafactor
};
enum class Offload { none, optimizer, optimizer_and_params };
enum class PipelineSchedule { one_f_one_b, interleaved };

// How one training run is split over its GPUs: what the planner searches and a scenario may fix.
struct ParallelPlan {
  int64_t tp = 1;  // tensor parallel (Megatron, Shoeybi et al. 2019)
  int64_t pp = 1;  // pipeline stages
  int64_t dp = 1;  // data-parallel replicas
  int64_t cp = 1;  // context parallel: the sequence split over cp GPUs
  int64_t ep = 1;  // expert parallel: the routed experts split over ep of the dp replicas
  int zero_stage = 0;
  Offload offload = Offload::none;
  int64_t micro_batch = 1;
  int64_t grad_accumulation = 1;  // micro-batches per step: global = micro x accumulation x dp
  Recompute recompute = Recompute::none;
  bool sequence_parallel = false;
  PipelineSchedule schedule = PipelineSchedule::one_f_one_b;
  int64_t virtual_stages = 1;  // model chunks per pipeline stage (interleaved schedule)

  int64_t gpus() const { return tp * pp * dp * cp; }
};

// The documented defaults of the training section (README, "Training"). One set for everything.
struct TrainingDefaults {
  // Above every published run (MegaScale's 55.2%, Jiang et al. 2024): allowed, with a warning.
  static constexpr double suspicious_mfu = 0.7;
  // The global batch when the scenario gives none (rounded to whole accumulation steps of a
  // given plan; the planner's plans round theirs): 2^22
  // tokens, Llama 2's "4M tokens" (Touvron et al. 2023, section 2.2), or one sequence per 8 GPUs
  // when that is more (Llama 3 405B: 16M tokens of 8192 on 16,384 GPUs, Llama 3 paper Table 4).
  static constexpr double planner_global_batch_tokens = 4194304;
  static constexpr double planner_gpus_per_sequence = 8;
  // The goodput model (step_time/goodput.hpp). Llama 3 405B's pre-training had 466 job
  // interruptions in a 54-day snapshot on 16,384 H100 (Llama 3 paper, section 3.3.4): one per
  // 45,565 GPU-hours.
  static constexpr double gpu_mtbf_hours = 16384.0 * 54 * 24 / 466;
  // Its checkpoints went to Tectonic at 2 TB/s sustained (section 3.3.1): 122 MB/s per GPU.
  static constexpr double checkpoint_write_bytes_per_s = 2e12 / 16384;
  // The restart that gives that run its "higher than 90% effective training time" (section
  // 3.3.4) under the model, with its 14 bytes of states per parameter saved at that rate and
  // Daly's interval: 12.5 minutes to detect, reschedule, reload and warm up.
  static constexpr double restart_s = 750;
  // Hoffmann et al. 2022, Table 3: about 20 tokens per parameter at the compute-optimal frontier.
  static constexpr double chinchilla_tokens_per_param = 20.0;
  // LoRA and QLoRA start from a fine-tuning run, not a pre-training one: Guanaco's OASST1 run,
  // QLoRA's headline case, 1875 steps of 16 sequences of at most 16 + 512 tokens (Dettmers et al.
  // 2023; artidoro/qlora scripts/finetune_guanaco_{7b,13b,33b,65b}.sh): 15.84M tokens, an upper
  // bound since its sequences are padded, not packed.
  static constexpr double finetune_steps = 1875;
  static constexpr double finetune_sequences_per_step = 16;
  static constexpr double finetune_tokens_per_sequence = 16 + 512;
  static constexpr double finetune_tokens =
      finetune_steps * finetune_sequences_per_step * finetune_tokens_per_sequence;
  // Llama 2's pre-training context (Touvron et al. 2023, Table 1), capped at the model's own.
  static constexpr int64_t seq_len = 4096;
  // PEFT's LoraConfig default rank.
  static constexpr int64_t lora_rank = 8;
  // CUDA context with lazy module loading (default since CUDA 12.2): PyTorch PR #86509.
  static constexpr double cuda_context_bytes = 287047680;
  // Megatron-LM's theoretical_memory_usage.py adds 5% to activations for allocator slack.
  static constexpr double fragmentation = 0.05;
  // Google's fleet PUE 1.10 (2021) and LLaMA's 1.1 (Touvron et al. 2023, Table 15).
  static constexpr double pue = 1.1;
};

// training.rl's defaults (PPO: one answer per prompt, verl's rollout.n): verl's GRPO example
// (examples/grpo_trainer/run_qwen2-7b.sh, Qwen2-7B on GSM8K): 1,024 prompts a step, 5 answers each,
// prompts and answers of up to 512 tokens (taken at their caps), 256 prompts per optimizer step,
// one pass, a KL loss against the reference, and 15 epochs of GSM8K's 7,473 training problems, 7
// steps each (the last partial batch dropped).
struct RlDefaults {
  static constexpr int64_t prompts_per_step = 1024;
  static constexpr int64_t group_size = 5;
  static constexpr int64_t prompt_tokens = 512;
  static constexpr int64_t response_tokens = 512;
  static constexpr int64_t mini_batches = 1024 / 256;
  static constexpr int64_t steps = 15 * (7473 / 1024);
};

// A validated training section: every value resolved, defaults applied.
struct TrainingInput {
  TrainingMethod method = TrainingMethod::full;
  double tokens = 0;
  bool default_tokens = false;  // tokens not given: the method's default above
  // The utilisation of the dense peak applied to the executed FLOPs, when the scenario gives one;
  // absent, the step-time model (step_time/step_time.hpp) gives the time.
  std::optional<double> mfu;
  Precision precision = Precision::bf16;
  bool master_weights = true;  // fp32 master copy (mixed precision, Micikevicius et al. 2018)
  Optimizer optimizer = Optimizer::adamw;
  ParallelPlan plan;
  // True when the scenario names no plan field and no mfu: the planner picks the plan.
  bool plan_from_planner = false;
  int64_t seq_len = TrainingDefaults::seq_len;
  // training.global_batch_tokens as given, or the planner's default when it picks the plan.
  std::optional<double> requested_global_batch_tokens;
  bool flash_attention = true;
  bool dropout = false;
  bool overlap_dp_comm = true;  // gradient reduction overlaps the last backward pass
  // Count attention FLOPs of a causal model at half (NeMo's convention) instead of PaLM's full.
  bool causal_attention_flops = false;
  std::optional<double> compute_efficiency;  // overrides the accelerator class's default
  // Training time / wall time when the step-time model gives the time (a given mfu is end to
  // end): as given, or from the reliability settings (step_time/goodput.hpp).
  std::optional<double> goodput;
  GoodputSettings reliability;
  Objective objective = Objective::language_modeling;
  DpoReference dpo_reference = DpoReference::model;  // read only with Objective::dpo
  RlSettings rl;                                     // read only with GRPO and PPO
  int64_t lora_rank = 0;                             // 0 for full training
  std::vector<std::string> lora_modules;             // q, k, v, o, gate, up, down
  std::optional<double> target_days;
  double margin = 0;
  double compute_budget_flops = 0;  // for the compute-optimal split; defaults to 6 N D
  std::optional<double> price_per_gpu_hour_usd;
  Json price_source;  // where the price came from: the scenario or a named catalog entry
  double discount = 0;
  double pue = TrainingDefaults::pue;
  std::optional<double> electricity_usd_per_kwh;
  double cuda_context_bytes = TrainingDefaults::cuda_context_bytes;
  double fragmentation = TrainingDefaults::fragmentation;

  bool parameter_efficient() const { return method != TrainingMethod::full; }
  // Reinforcement learning on answers the policy generates each step (training.rl).
  bool reinforcement() const { return objective == Objective::grpo || objective == Objective::ppo; }
  // PPO trains a critic beside the policy.
  bool critic() const { return objective == Objective::ppo; }
  // DPO's reference policy runs a forward pass of every token in every step, as GRPO's does for
  // its KL penalty.
  bool reference_forward() const {
    if (reinforcement()) return rl.kl_reference;
    return objective == Objective::dpo && dpo_reference != DpoReference::precomputed;
  }
  // ... and, as a copy of the model, holds its own weights (GRPO under LoRA or QLoRA switches
  // the adapters off instead, as DPO's adapters_off does).
  bool reference_copy() const {
    if (reinforcement()) return rl.kl_reference && !parameter_efficient();
    return objective == Objective::dpo && dpo_reference == DpoReference::model;
  }
  // The importance ratio of GRPO and PPO needs the generating policy's log-probabilities: a
  // forward pass of the batch before the first update when the batch is trained on more than
  // once (with one update they equal the policy's own, detached: TRL's GRPOTrainer skips the
  // pass then).
  bool old_policy_forward() const { return reinforcement() && rl.updates() > 1; }
  // Forward passes per trained token besides the training's own: the reference, the old
  // policy, the reward model and PPO's critic estimating values. Each runs once per batch, which
  // is trained on `epochs` times.
  double log_prob_passes() const {
    const double passes = (reference_forward() ? 1.0 : 0.0) + (old_policy_forward() ? 1.0 : 0.0) +
                          (reinforcement() && rl.reward_model ? 1.0 : 0.0) + (critic() ? 1.0 : 0.0);
    return reinforcement() ? passes / double(rl.epochs) : passes;
  }
  int64_t gpus() const { return plan.gpus(); }
  double global_batch_tokens() const {
    return double(plan.micro_batch) * double(plan.grad_accumulation) * double(plan.dp) *
           double(seq_len);
  }
};

// The names the scenario spells each choice with, in the enums' order.
inline constexpr std::array kMethodNames = {"full", "lora", "qlora"};
inline constexpr std::array kRecomputeNames = {"none", "selective", "full"};
inline constexpr std::array kOptimizerNames = {
    "adamw", "adamw_8bit", "paged_adamw_32bit", "paged_adamw_8bit", "sgd_momentum", "adafactor"};
inline constexpr std::array kOffloadNames = {"none", "optimizer", "optimizer_and_params"};
inline constexpr std::array kScheduleNames = {"1f1b", "interleaved"};
inline constexpr std::array kObjectiveNames = {"language_modeling", "dpo", "grpo", "ppo"};
inline constexpr std::array kDpoReferenceNames = {"model", "adapters_off", "precomputed"};

inline std::string_view method_name(TrainingMethod method) {
  return kMethodNames[static_cast<size_t>(method)];
}
inline std::string_view objective_name(Objective objective) {
  return kObjectiveNames[static_cast<size_t>(objective)];
}
inline std::string_view dpo_reference_name(DpoReference reference) {
  return kDpoReferenceNames[static_cast<size_t>(reference)];
}
inline std::string_view recompute_name(Recompute recompute) {
  return kRecomputeNames[static_cast<size_t>(recompute)];
}
inline std::string_view optimizer_name(Optimizer optimizer) {
  return kOptimizerNames[static_cast<size_t>(optimizer)];
}
inline std::string_view offload_name(Offload offload) {
  return kOffloadNames[static_cast<size_t>(offload)];
}
inline std::string_view schedule_name(PipelineSchedule schedule) {
  return kScheduleNames[static_cast<size_t>(schedule)];
}

// The fields that fix the plan or its speed: with none of them given, the planner chooses the
// plan and the step-time model the speed; plan() ignores them.
inline constexpr std::array<std::string_view, 13> kPlanFields = {"tp",
                                                                 "pp",
                                                                 "dp",
                                                                 "cp",
                                                                 "ep",
                                                                 "zero_stage",
                                                                 "offload",
                                                                 "micro_batch",
                                                                 "recompute",
                                                                 "sequence_parallel",
                                                                 "pipeline_schedule",
                                                                 "virtual_stages",
                                                                 "mfu"};

}  // namespace llm_sizer
