#include "planner/planner.hpp"

#include <algorithm>
#include <cmath>

#include "step_time/plan_memory.hpp"
#include "step_time/training_flops.hpp"

namespace llm_sizer {
namespace {

double global_sequences(const TrainingInput& in) {
  const double tokens = in.requested_global_batch_tokens.value_or(in.global_batch_tokens());
  return std::max(1.0, std::round(tokens / double(in.seq_len)));
}

}  // namespace

Planner::Planner(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                 double params_active, const TrainingInput& settings,
                 const AcceleratorSpec& accelerator, const ClusterSpec& cluster)
    : adapters_(settings.parameter_efficient()
                    ? lora_adapters(model, tensors, settings.lora_modules)
                    : std::vector<LoraAdapter>{}),
      profile_(make_training_profile(model, tensors, adapters_, settings)),
      efficiency_(training_efficiency(accelerator, settings)),
      context_{profile_, settings, cluster, efficiency_} {
  context_.memory_available_bytes = usable_memory_bytes(accelerator);
  context_.global_sequences = global_sequences(settings);
  context_.model_flops_per_token =
      training_flops(model, tensors, adapters_, params_active, settings).model_per_token;
  context_.peak_flops_per_s = accelerator.peak_flops_per_s(settings.precision).value_or(0);
}

SearchResult Planner::search(int64_t gpus, const SearchSpace& space, size_t keep) const {
  return search_plans(context_, gpus, space, keep);
}

void choose_plan(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                 double params_active, const AcceleratorSpec& accelerator,
                 const ClusterSpec& cluster, int64_t gpus, TrainingInput& in, Warnings& warnings) {
  const Planner planner(model, tensors, params_active, in, accelerator, cluster);
  const SearchResult found = planner.search(gpus, SearchSpace{}, 1);
  if (!found.plans.empty() && found.plans.front().fits) {
    in.plan = found.plans.front().plan;
    return;
  }
  // Nothing fits: the plain data-parallel plan, with the planner's global batch.
  ParallelPlan& plan = in.plan;
  plan.grad_accumulation =
      std::max<int64_t>(1, std::llround(global_sequences(in) / double(plan.micro_batch * plan.dp)));
  warnings.push_back(
      {"training",
       {"warning.no_plan_fits_training",
        json_object({{"gpus", gpus}, {"device", accelerator.name}, {"tried", found.candidates}})}});
}

}  // namespace llm_sizer
