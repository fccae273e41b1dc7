#include "training/training_estimate.hpp"

namespace llm_sizer {

TrainingResult estimate_training(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                 const ParamBreakdown& params, const TrainingInput& in,
                                 const AcceleratorSpec& accelerator, Warnings& warnings) {
  TrainingResult r;
  const std::vector<LoraAdapter> adapters = in.parameter_efficient()
                                                ? lora_adapters(model, tensors, in.lora_modules)
                                                : std::vector<LoraAdapter>{};
  for (const auto& a : adapters) r.adapter_params += a.params(in.lora_rank);

  const double n_active = double(params.active);
  r.flops = training_flops(model, tensors, adapters, n_active, in);
  // parse_training checked that the device has a rate for this precision.
  r.time = training_time(r.flops, *accelerator.peak_flops_per_s(in.precision), in);
  r.memory = training_memory(model, tensors, adapters, in, accelerator);
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
