#include "training/training_estimate.hpp"

#include "error.hpp"
#include "json_object.hpp"
#include "ranges.hpp"
#include "step_time/training_profile.hpp"

namespace llm_sizer {
namespace {

// Below this share of wall time spent training a run does not finish in any sense a person
// plans for (a millionth: a day's work takes 2,700 years).
constexpr double kLeastGoodput = 1e-6;

}  // namespace

TrainingResult estimate_training(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                 const ParamBreakdown& params, const TrainingInput& in,
                                 const AcceleratorSpec& accelerator, const ClusterSpec& cluster,
                                 Warnings& warnings) {
  TrainingResult r;
  const std::vector<LoraAdapter> adapters = in.parameter_efficient()
                                                ? lora_adapters(model, tensors, in.lora_modules)
                                                : std::vector<LoraAdapter>{};
  for (const auto& a : adapters) r.adapter_params += a.params(in.lora_rank);

  const double n_active = double(params.active);
  r.flops = training_flops(model, tensors, adapters, n_active, in);
  const TrainingProfile profile = make_training_profile(model, tensors, adapters, in);
  r.efficiency = training_efficiency(accelerator, in);
  r.step = estimate_step({profile, in, cluster, r.efficiency}, in.plan);
  // parse_training checked that the device has a rate for this precision.
  const double peak = *accelerator.peak_flops_per_s(in.precision);
  const double gpus = double(in.gpus());
  // PaLM's MFU (appendix B): model FLOPs per token x tokens per second over the peak.
  r.mfu_estimated = r.flops.model_per_token * r.step.tokens_per_s / (gpus * peak);
  r.hfu_estimated = r.flops.per_token * r.step.tokens_per_s / (gpus * peak);
  // Without a given MFU the run's wall time is the modelled steps over its goodput.
  r.goodput = in.goodput ? given_goodput(*in.goodput)
                         : estimate_goodput(in.reliability, gpus, checkpoint_bytes(profile),
                                            cluster.host.bytes_per_s);
  if (!(r.goodput.fraction >= kLeastGoodput)) {
    throw InputError("training.restart_s",
                     {"error.goodput_no_progress",
                      json_object({{"mtbf_s", describe_number(r.goodput.cluster_mtbf_s)}})},
                     describe_number(in.reliability.restart_s));
  }
  r.time = training_time(r.flops, peak, in, in.mfu.value_or(r.hfu_estimated * r.goodput.fraction));
  if (!in.mfu) r.time.step_time_s = r.step.step_time_s;
  r.memory = training_memory(profile, in, accelerator);
  r.cost = training_cost({r.time.gpu_hours, in.price_per_gpu_hour_usd, in.discount,
                          accelerator.tdp_w, in.pue, in.electricity_usd_per_kwh});
  r.chinchilla_tokens = TrainingDefaults::chinchilla_tokens_per_param * n_active;
  r.compute_optimal = compute_optimal(in.compute_budget_flops);
  if (model.is_moe()) {
    warnings.push_back({"training.chinchilla_tokens", {"warning.chinchilla_moe"}});
  }
  return r;
}

}  // namespace llm_sizer
