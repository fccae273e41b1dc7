#include "planner/planner.hpp"

#include <algorithm>
#include <cmath>

#include "error.hpp"
#include "limits.hpp"
#include "training/compute.hpp"
#include "training/memory.hpp"

namespace llm_sizer {
namespace {

constexpr int kScalingPoints = 12;
constexpr int kScalingBelow = 6;  // powers of two below the scenario's count, at most
constexpr int64_t kMaxTop = 100;
constexpr size_t kMaxScalingPoints = 32;

std::vector<int64_t> default_scaling(int64_t count) {
  int below = 0;
  while (below < kScalingBelow && count % (int64_t(1) << (below + 1)) == 0) ++below;
  std::vector<int64_t> out;
  for (int k = -below; k < kScalingPoints - below; ++k) {
    out.push_back(k < 0 ? count >> -k : count << k);
  }
  return out;
}

double global_sequences(const TrainingInput& in) {
  const double tokens = in.requested_global_batch_tokens.value_or(in.global_batch_tokens());
  return std::max(1.0, std::round(tokens / double(in.seq_len)));
}

}  // namespace

PlannerInput parse_planner(const Json* section, int64_t gpu_count) {
  const Json empty = Json::object();
  const FieldReader r(section ? *section : empty, "planner");
  r.reject_unknown({"top", "scaling_gpus", "scaling_curve", "tp_across_nodes", "offload"});
  PlannerInput p;
  p.top = r.int_or("top", p.top, 0, kMaxTop);
  p.scaling_curve = r.bool_or("scaling_curve", true);
  if (r.has("scaling_gpus")) {
    p.scaling_gpus = r.int_list("scaling_gpus");
    const bool bad_size = p.scaling_gpus.size() > kMaxScalingPoints;
    const bool bad_value = std::any_of(p.scaling_gpus.begin(), p.scaling_gpus.end(),
                                       [](int64_t n) { return !limits::kDevices.contains(n); });
    if (bad_size || bad_value) {
      throw InputError(r.field("scaling_gpus"),
                       Message{"error.scaling_gpus", json_object({{"points", kMaxScalingPoints},
                                                                  {"max", limits::kDevices.max}})},
                       describe_value(*r.find("scaling_gpus")));
    }
  } else {
    p.scaling_gpus = default_scaling(gpu_count);
  }
  p.space.tp_across_nodes = r.bool_or("tp_across_nodes", false);
  p.space.offload = r.bool_or("offload", true);
  return p;
}

Json planner_input_to_json(const PlannerInput& p) {
  return json_object({{"top", p.top},
                      {"scaling_gpus", p.scaling_gpus},
                      {"scaling_curve", p.scaling_curve},
                      {"tp_across_nodes", p.space.tp_across_nodes},
                      {"offload", p.space.offload}});
}

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
