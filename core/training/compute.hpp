#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "step_time/training_flops.hpp"
#include "step_time/training_settings.hpp"

namespace llm_sizer {

struct GpuDays {
  int64_t gpus = 0;
  double wall_days = 0;
};

struct TrainingTime {
  double peak_flops_per_s = 0;  // one device, dense, at the training precision
  double wall_s = 0;
  double wall_s_6nd = 0;  // the same utilisation applied to the 6 N D count
  double gpu_hours = 0;
  double steps = 0;  // optimizer steps: tokens / global batch tokens
  double step_time_s = 0;
  double utilisation = 0;      // of the dense peak, applied to the executed FLOPs
  double pipeline_bubble = 0;  // (p - 1) / (v m) of the schedule (the step model applies it)
  std::optional<double> gpus_for_target_days_exact;  // before rounding up
  std::optional<int64_t> gpus_for_target_days;
  std::vector<GpuDays> days_vs_gpus;  // the same run on other GPU counts, same MFU
};

// wall = FLOPs / (GPUs x peak x utilisation), the utilisation applied to the executed FLOPs:
// the scenario's mfu, or what the step-time model gives (training_estimate.cpp).
TrainingTime training_time(const TrainingFlops& flops, double peak_flops_per_s,
                           const TrainingInput& input, double utilisation);

// Hoffmann et al. 2022: D = 20 N at the compute-optimal frontier, so C = 6 N D = 120 N^2.
struct ComputeOptimal {
  double budget_flops = 0;
  double params = 0;
  double tokens = 0;
};
ComputeOptimal compute_optimal(double budget_flops);

}  // namespace llm_sizer
