#pragma once

#include <string>

#include "hardware/accelerator.hpp"
#include "step_time/training_settings.hpp"

namespace llm_sizer {

// What a training step reaches on a device: the rates the step-time model divides work by.
struct TrainingEfficiency {
  std::string device_class;    // the MAMF entry used: an id, an architecture or "unmeasured"
  double matmul_share = 0;     // measured best matmul rate over the dense peak (MAMF)
  double framework_share = 0;  // share of that a training framework's layers reach
  double compute = 0;          // fraction of the dense peak a transformer layer's matmuls reach
  double matmul_peak_flops_per_s = 0;     // at the training precision
  double low_precision_factor = 1;        // FP8 matmuls reach this share of `compute`
  double attention_peak_flops_per_s = 0;  // FlashAttention runs in 16-bit even in FP8 training
  double memory = 0;                      // fraction of bandwidth elementwise kernels reach
  double memory_bandwidth_bytes_per_s = 0;

  double matmul_flops_per_s() const {
    return matmul_peak_flops_per_s * compute * low_precision_factor;
  }
  double attention_flops_per_s() const { return attention_peak_flops_per_s * compute; }
  double memory_bytes_per_s() const { return memory_bandwidth_bytes_per_s * memory; }
};

// compute = the device's measured MAMF share x one framework share fitted to published training
// throughput, overridable by training.compute_efficiency (README, "Training parallelism
// planner").
TrainingEfficiency training_efficiency(const AcceleratorSpec& accelerator,
                                       const TrainingInput& settings);

}  // namespace llm_sizer
