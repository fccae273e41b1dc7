#include "step_time/efficiency.hpp"

#include <array>
#include <string_view>

#include "inference/efficiency.hpp"

namespace llm_sizer {
namespace {

// Maximum achievable matmul FLOPS (MAMF) as a share of the dense BF16 peak, measured by a
// brute-force search over matmul shapes: A100 SXM 85.9%, A100 PCIe 82.2%, GH200 83.0%, H100 SXM
// 80.1%, MI250X 76.7% (one GCD), MI300X 60.1% (Bekman, ml-engineering, "Maximum Achievable Matmul
// FLOPS comparison table"). Devices sharing a measured die share its figure.
struct MatmulShare {
  std::string_view key;  // an accelerator id, or an architecture name
  double share;
};
constexpr std::array kMeasuredIds = {
    MatmulShare{"a100-80gb-pcie", 0.822},
    MatmulShare{"gh200-96gb", 0.830},
    MatmulShare{"gh200-144gb", 0.830},
};
constexpr std::array kMeasuredArchitectures = {
    MatmulShare{"Ampere", 0.859},  // A100 SXM (datacenter Ampere: A100, A800)
    MatmulShare{"Hopper", 0.801},  // H100 SXM (H800, H200, H20 share the die)
    MatmulShare{"CDNA 2", 0.767},  // MI250X
    MatmulShare{"CDNA 3", 0.601},  // MI300X (MI325X shares the die)
};
// A device with no measurement: the median of the table (A100 PCIe's 82.2% and GH200's 83.0%).
constexpr double kUnmeasuredShare = 0.826;

// The share of MAMF a training framework's fully busy transformer layers reach once their
// matmul shapes, kernel launches, the optimizer and data loading are paid: fitted once to MosaicML
// llm-foundry's published training benchmarks on A100 and H100 (2048-token rows; `node
// tests/bench/training.mjs` prints the fit and its errors).
constexpr double kFrameworkShare = 0.70;

// FP8 training GEMMs (Transformer Engine, current or block scaling) reach this share of twice the
// 16-bit matmul rate, their casts and scaling included: fitted to Megatron-Bridge's published
// Llama 3 8B FP8 run on 8 H100 (14,451 tokens/s/GPU, 25.11 performance summary), the one row
// with neither tensor- nor pipeline-parallel traffic. Inference's FP8 prefill share
// (kLowPrecisionMatmulFactor, 0.6) is lower: its matmuls are smaller and its scales coarser.
constexpr double kTrainingFp8MatmulFactor = 0.87;

MatmulShare matmul_share(const AcceleratorSpec& a) {
  for (const auto& m : kMeasuredIds) {
    if (m.key == a.id) return m;
  }
  // Consumer and workstation Ampere cards are not the measured A100 die.
  for (const auto& m : kMeasuredArchitectures) {
    const bool consumer_ampere = m.key == "Ampere" && a.category != "datacenter";
    if (a.architecture.rfind(m.key, 0) == 0 && !consumer_ampere) return m;
  }
  return {"unmeasured", kUnmeasuredShare};
}

}  // namespace

TrainingEfficiency training_efficiency(const AcceleratorSpec& a, const TrainingInput& in) {
  TrainingEfficiency e;
  const MatmulShare share = matmul_share(a);
  e.device_class = std::string(share.key);
  e.matmul_share = share.share;
  e.framework_share = kFrameworkShare;
  e.compute = in.compute_efficiency.value_or(share.share * kFrameworkShare);
  // parse_training checked that the device has a rate for the precision.
  e.matmul_peak_flops_per_s = a.peak_flops_per_s(in.precision).value_or(0);
  const bool low_precision = in.precision == Precision::fp8;
  e.low_precision_factor = low_precision ? kTrainingFp8MatmulFactor : 1.0;
  e.attention_peak_flops_per_s =
      low_precision
          ? a.peak_flops_per_s(Precision::bf16)
                .value_or(a.peak_flops_per_s(Precision::fp16).value_or(e.matmul_peak_flops_per_s))
          : e.matmul_peak_flops_per_s;
  e.memory = streaming_memory_efficiency(a);
  e.memory_bandwidth_bytes_per_s = a.memory_bandwidth_bytes_per_s;
  return e;
}

}  // namespace llm_sizer
