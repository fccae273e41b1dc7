#include "post_training/rl_json.hpp"

#include "units.hpp"

namespace llm_sizer {

Json rl_step_to_json(const RlStepResult& result) {
  if (!result.step) return json_object({{"unavailable", result.unavailable}});
  const RlStep& s = *result.step;
  const RlMemory& m = s.memory;
  Json out = json_object(
      {{"sequences", s.sequences},
       {"tokens", s.tokens},
       {"gpus", s.gpus},
       {"generation_s", s.generation_s},
       {"update_s", s.update_s},
       {"log_prob_s", s.log_prob_s},
       {"train_s", s.train_s},
       {"critic_s", s.critic_s},
       {"reshard_s", s.reshard_s},
       {"step_s", s.step_s},
       {"overlapped", s.overlapped},
       {"tokens_per_s_per_gpu", s.tokens_per_s_per_gpu},
       {"rollout", json_object({{"generated_tokens", s.generated_tokens},
                                {"tokens_per_s", s.generated_tokens / s.generation_s},
                                {"replicas", s.rollout_replicas},
                                {"tp", s.rollout_tp},
                                {"mean_batch", s.rollout_mean_batch},
                                {"peak_batch", s.rollout_peak_batch},
                                {"preemptions", s.rollout_preemptions},
                                {"kv_pool_tokens", s.rollout_kv_pool_tokens}})},
       {"update", json_object({{"optimizer_steps", s.optimizer_steps},
                               {"optimizer_step_s", s.optimizer_step_s}})},
       {"reshard",
        json_object({{"bytes_per_gpu", s.reshard_bytes}, {"bytes_per_s", s.reshard_bytes_per_s}})},
       {"memory", json_object({{"training_bytes", m.training_bytes},
                               {"resident_states_bytes", m.resident_states_bytes},
                               {"critic_states_bytes", m.critic_states_bytes},
                               {"reward_model_bytes", m.reward_model_bytes},
                               {"rollout_bytes", m.rollout_bytes},
                               {"rollout_phase_bytes", m.rollout_phase_bytes},
                               {"peak_bytes", m.peak_bytes},
                               {"available_bytes", m.available_bytes},
                               {"fits", m.fits}})},
       {"steps", s.steps},
       {"goodput", s.goodput},
       {"wall_s", s.wall_s},
       {"wall_days", s.wall_s / units::kSecondsPerDay},
       {"gpu_hours", s.gpu_hours}});
  if (s.cost.cost_usd) out["cost_usd"] = *s.cost.cost_usd;
  if (s.cost.energy_kwh) out["energy_kwh"] = *s.cost.energy_kwh;
  if (s.cost.energy_cost_usd) out["energy_cost_usd"] = *s.cost.energy_cost_usd;
  return out;
}

}  // namespace llm_sizer
