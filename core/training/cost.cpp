#include "training/cost.hpp"

namespace llm_sizer {

TrainingCost training_cost(const CostInputs& in) {
  TrainingCost cost;
  if (in.usd_per_gpu_hour) cost.cost_usd = in.gpu_hours * *in.usd_per_gpu_hour * (1 - in.discount);
  if (in.tdp_w) {
    cost.energy_kwh = *in.tdp_w * in.gpu_hours * in.pue / 1000;
    if (in.usd_per_kwh) cost.energy_cost_usd = *cost.energy_kwh * *in.usd_per_kwh;
  }
  return cost;
}

}  // namespace llm_sizer
