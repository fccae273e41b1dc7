#include "post_training/rl_step.hpp"

#include <algorithm>

#include "inference/runtime_profile.hpp"
#include "json_object.hpp"
#include "quantization/weight_format.hpp"
#include "serving/serving_load.hpp"
#include "step_time/plan_memory.hpp"
#include "units.hpp"

namespace llm_sizer {
namespace {

// Colocated, the trained weights reach the sleeping engine through CUDA IPC handles in 2 GB
// buckets, tensor by tensor (verl's hybrid engine): a software-bound copy, fitted to verl's logs
// of Qwen2-7B-Instruct on 8 GPUs, FSDP, vLLM TP 2 (diqiuzhuanzhuan/verldata, qwen2-7b_math.log:
// timing_s/reshard 4.56 s median over 168 steps for 7.6 GB per rollout GPU).
constexpr double kColocatedHandOverBytesPerS = 15.23e9 / 2 / 4.56;

// The rollout engine's warnings that concern the step: answers no KV pool holds, a batch the
// simulation could not finish. (Truncated answers are what max_response_length does.)
void forward_rollout_warnings(const Warnings& engine, Warnings& out) {
  for (const auto& w : engine) {
    const std::string_view code = w.message.code.code();
    if (code == "warning.serving_rejected" || code == "warning.serving_unsettled") {
      out.push_back({"training.rollout", w.message});
    }
  }
}

RlMemory rl_memory(const TrainingInput& training, const RolloutInput& rollout,
                   const AcceleratorSpec& device, const TrainingResult& trained) {
  RlMemory m;
  const MemoryParts& parts = trained.memory.stage.parts;
  // PPO's critic (the policy's architecture, sharded alike) keeps its weights and optimizer
  // states on the GPU while the policy trains and while the engine runs; a reward model keeps
  // its weights. The two trainings take turns, so one holds activations at a time.
  if (training.critic()) m.critic_states_bytes = parts.weights_bytes + parts.optimizer_bytes;
  if (training.rl.reward_model) m.reward_model_bytes = parts.weights_bytes;
  const double companions = m.critic_states_bytes + m.reward_model_bytes;
  m.training_bytes = parts.total() + companions;
  // Through the rollout the optimizer keeps its states and the model its weights; gradients and
  // activations are freed (zero_grad sets them to None).
  m.resident_states_bytes = parts.weights_bytes + parts.optimizer_bytes +
                            parts.reference_weights_bytes + parts.overhead_bytes + companions;
  // vLLM's gpu_memory_utilization and SGLang's mem_fraction_static are shares of the device.
  m.rollout_bytes =
      rollout.serving.instance.gpu_memory_fraction * usable_device_memory_bytes(device);
  m.available_bytes = usable_memory_bytes(device);
  const bool colocated = rollout.placement == RolloutPlacement::colocated;
  m.rollout_phase_bytes = colocated ? m.resident_states_bytes + m.rollout_bytes : m.rollout_bytes;
  m.peak_bytes = std::max(m.training_bytes, m.rollout_phase_bytes);
  m.fits = m.peak_bytes <= m.available_bytes && trained.memory.fits;
  return m;
}

void explain(const RlStep& s, const RolloutInput& rollout, Explanations& out) {
  const std::string ref = "grpo-2024";
  out.emplace_back("training.rl.generation_s",
                   Explanation{"{generated_tokens} / {rollout_tokens_per_s}",
                               {{"generated_tokens", s.generated_tokens, "unit.tokens"},
                                {"rollout_tokens_per_s", s.generated_tokens / s.generation_s,
                                 "unit.tokens_per_s"}},
                               "continuous-batching"});
  out.emplace_back("training.rl.update_s",
                   Explanation{"{optimizer_steps} * {optimizer_step}",
                               {{"optimizer_steps", s.optimizer_steps, "unit.steps"},
                                {"optimizer_step", s.optimizer_step_s, "unit.s"}},
                               "grpo-2024"});
  out.emplace_back("training.rl.train_s", Explanation{"{update} - {log_prob_passes}",
                                                      {{"update", s.update_s, "unit.s"},
                                                       {"log_prob_passes", s.log_prob_s, "unit.s"}},
                                                      "grpo-2024"});
  if (s.critic_s > 0) {
    out.emplace_back("training.rl.critic_s",
                     Explanation{"{train}", {{"train", s.train_s, "unit.s"}}, "ppo-2017"});
  }
  out.emplace_back("training.rl.reshard_s",
                   Explanation{"{bytes} / {rate}",
                               {{"bytes", s.reshard_bytes, "unit.bytes_per_gpu"},
                                {"rate", s.reshard_bytes_per_s, "unit.bytes_per_s"}},
                               "hybridflow-2024"});
  // PPO adds its critic's training to the policy's update.
  const bool critic = s.critic_s > 0;
  std::vector<Term> parts = {{"generation", s.generation_s, "unit.s"},
                             {"update", s.update_s, "unit.s"}};
  if (critic) parts.push_back({"critic", s.critic_s, "unit.s"});
  parts.push_back({"reshard", s.reshard_s, "unit.s"});
  const std::string updates = critic ? "{update} + {critic}" : "{update}";
  out.emplace_back("training.rl.step_s",
                   Explanation{s.overlapped ? "max({generation}, " + updates + ") + {reshard}"
                                            : "{generation} + " + updates + " + {reshard}",
                               parts, "hybridflow-2024"});
  out.emplace_back("training.rl.tokens_per_s_per_gpu",
                   Explanation{"{tokens} / ({step} * {gpus})",
                               {{"tokens", s.tokens, "unit.tokens"},
                                {"step", s.step_s, "unit.s"},
                                {"gpus", double(s.gpus), "unit.gpus"}},
                               ref});
  out.emplace_back("training.rl.gpu_hours",
                   Explanation{"{steps} * {step} / {goodput} * {gpus} / 3600",
                               {{"steps", double(s.steps), "unit.steps"},
                                {"step", s.step_s, "unit.s"},
                                {"goodput", s.goodput, "unit.utilisation"},
                                {"gpus", double(s.gpus), "unit.gpus"}},
                               "goodput-daly-2006"});
  out.emplace_back(
      "training.rl.memory.peak_bytes",
      rollout.placement == RolloutPlacement::colocated
          ? Explanation{"max({training}, {resident} + {engine})",
                        {{"training", s.memory.training_bytes, "unit.bytes_per_gpu"},
                         {"resident", s.memory.resident_states_bytes, "unit.bytes_per_gpu"},
                         {"engine", s.memory.rollout_bytes, "unit.bytes_per_gpu"}},
                        "hybridflow-2024"}
          : Explanation{"max({training}, {engine})",
                        {{"training", s.memory.training_bytes, "unit.bytes_per_gpu"},
                         {"engine", s.memory.rollout_bytes, "unit.bytes_per_gpu"}},
                        "hybridflow-2024"});
}

}  // namespace

RlStepResult estimate_rl_step(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                              const TrainingInput& training, const RolloutInput& rollout,
                              const AcceleratorSpec& device, const ClusterSpec& cluster,
                              const TrainingResult& trained, Explanations& explanations,
                              Warnings& warnings) {
  RlStepResult result;
  const RlSettings& rl = training.rl;
  const ServingInput& engine = rollout.serving;
  const WeightsSizer sizer(model, tensors);
  // The engine's own explanations and warnings are of the serving section; only its answer is
  // the step's.
  Explanations engine_explanations;
  Warnings engine_warnings;
  const ServingLoadResult generated = estimate_serving_load(
      model, tensors, sizer, device, engine.instance, engine, engine_explanations, engine_warnings);
  if (!generated.load) {
    result.unavailable = generated.unavailable;
    return result;
  }
  forward_rollout_warnings(engine_warnings, warnings);
  const ServingLoad& load = *generated.load;

  RlStep s;
  s.sequences = rl.sequences();
  s.tokens = double(s.sequences) * double(rl.prompt_tokens + rl.response_tokens);
  const bool separate = rollout.placement == RolloutPlacement::separate;
  s.gpus = training.gpus() + (separate ? rollout.gpus : 0);
  s.generation_s = load.duration_s;
  s.generated_tokens = load.output_tokens * double(load.replicas);
  s.rollout_replicas = load.replicas;
  s.rollout_tp = engine.instance.tp;
  s.rollout_mean_batch = load.mean_batch;
  s.rollout_peak_batch = load.peak_batch;
  s.rollout_preemptions = load.preemptions;
  s.rollout_kv_pool_tokens = load.kv_pool_tokens;

  // The batch's epochs over its mini-batches, each optimizer step of global_batch_tokens.
  s.optimizer_step_s = trained.time.step_time_s;
  s.optimizer_steps = double(rl.epochs) * double(s.sequences) * double(training.seq_len) /
                      training.global_batch_tokens();
  s.update_s = s.optimizer_steps * s.optimizer_step_s;
  // The log-probability passes' share of the compute the optimizer steps do.
  const TrainingFlops& f = trained.flops;
  s.log_prob_s = s.optimizer_steps * trained.step.breakdown.compute_s *
                 (f.per_token > 0 ? f.reference_per_token / f.per_token : 0.0);
  s.train_s = s.update_s - s.log_prob_s;

  // Every rollout GPU receives its tensor-parallel share of the new weights.
  s.reshard_bytes = sizer(engine.instance.weights).bytes / double(s.rollout_tp);
  s.reshard_bytes_per_s = separate ? cluster.inter_node.bytes_per_s : kColocatedHandOverBytesPerS;
  s.reshard_s = s.reshard_bytes / s.reshard_bytes_per_s;
  // PPO's critic trains on the same tokens with the same plan and architecture: the policy's
  // training passes again (its value estimates are among the log-probability passes).
  if (training.critic()) s.critic_s = s.train_s;
  s.overlapped = separate && rollout.async;
  const double updates_s = s.update_s + s.critic_s;
  s.step_s = (s.overlapped ? std::max(s.generation_s, updates_s) : s.generation_s + updates_s) +
             s.reshard_s;
  s.tokens_per_s_per_gpu = s.tokens / (s.step_s * double(s.gpus));
  s.memory = rl_memory(training, rollout, device, trained);

  s.steps = rl.steps;
  s.goodput = training.mfu ? 1.0 : trained.goodput.fraction;
  s.wall_s = double(s.steps) * s.step_s / s.goodput;
  s.gpu_hours = s.wall_s * double(s.gpus) / units::kSecondsPerHour;
  s.cost = training_cost({s.gpu_hours, training.price_per_gpu_hour_usd, training.discount,
                          device.tdp_w, training.pue, training.electricity_usd_per_kwh});
  if (!s.memory.fits) {
    warnings.push_back(
        {"training.rollout.gpu_memory_fraction",
         {"warning.rl_memory", json_object({{"peak_bytes", s.memory.peak_bytes},
                                            {"available_bytes", s.memory.available_bytes}})}});
  }
  explain(s, rollout, explanations);
  result.step = s;
  return result;
}

}  // namespace llm_sizer
