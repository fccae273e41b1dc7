#include "training/compute.hpp"

#include <cmath>

#include "checked.hpp"
#include "units.hpp"

namespace llm_sizer {

TrainingTime training_time(const TrainingFlops& flops, double peak, const TrainingInput& in,
                           double mfu) {
  TrainingTime t;
  t.peak_flops_per_s = peak;
  t.utilisation = mfu;
  const double gpus = double(in.gpus());
  const double flops_total = flops.total;
  t.wall_s = flops_total / (gpus * peak * mfu);
  t.wall_s_6nd = flops.total_6nd / (gpus * peak * mfu);
  t.gpu_hours = gpus * t.wall_s / units::kSecondsPerHour;
  t.steps = in.tokens / in.global_batch_tokens();
  t.step_time_s = t.wall_s / t.steps;
  const ParallelPlan& plan = in.plan;
  t.pipeline_bubble = double(plan.pp - 1) / double(plan.virtual_stages * plan.grad_accumulation);
  if (in.target_days) {
    t.gpus_for_target_days_exact =
        flops_total / (*in.target_days * units::kSecondsPerDay * peak * mfu);
    t.gpus_for_target_days =
        checked_count(std::ceil(*t.gpus_for_target_days_exact), "training.target_days",
                      "a GPU count", describe_number(*in.target_days));
  }
  // The scenario's GPU count scaled by powers of two, for a days-versus-GPUs chart.
  for (int shift = -3; shift <= 3; ++shift) {
    const int64_t count = in.gpus();
    int64_t scaled = count;
    if (shift < 0) {
      const int64_t divisor = int64_t(1) << -shift;
      if (count % divisor != 0) continue;
      scaled = count / divisor;
    } else {
      scaled = count << shift;
    }
    t.days_vs_gpus.push_back(
        {scaled, flops_total / (double(scaled) * peak * mfu) / units::kSecondsPerDay});
  }
  return t;
}

ComputeOptimal compute_optimal(double budget) {
  ComputeOptimal c;
  c.budget_flops = budget;
  const double ratio = TrainingDefaults::chinchilla_tokens_per_param;
  c.params = std::sqrt(budget / (6 * ratio));
  c.tokens = ratio * c.params;
  return c;
}

}  // namespace llm_sizer
