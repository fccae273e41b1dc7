#include "scenario/planner_input.hpp"

#include <algorithm>

#include "error.hpp"
#include "limits.hpp"

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

}  // namespace llm_sizer
