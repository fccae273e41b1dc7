#pragma once

// The core's predictions for what the bench measures, through the same entry point the CLI and
// the page use (estimate_json): the bench never re-derives the speed model.
#include <optional>
#include <string_view>

#include "bench_types.hpp"
#include "catalog/catalog.hpp"

namespace llm_sizer::bench {

class CorePredictor {
 public:
  // `accelerator` is what a scenario's hardware.accelerator takes: a catalog id or a device
  // described in SI units.
  CorePredictor(const Catalog& catalog, Json accelerator);

  const Json& accelerator() const { return accelerator_; }
  // The device as the core read it (result.hardware.accelerator).
  const Json& device() const { return device_; }
  double bandwidth_bytes_per_s() const;

  // The core's inference block for one decode step of `batch` sequences at `context` tokens
  // of 16-bit KV cache, with the weights in this storage (generic CUDA-graph runtime, 1 device).
  Json decode(const Json& model, WeightType type, int64_t batch, int64_t context) const;

  // inference.assumptions for a weight format (efficiencies, peak, compute precision), or null
  // when the core gives no speed for it on this device.
  Json assumptions(const Json& model, std::string_view format) const;

  // The roofline of one kernel with the core's efficiencies for `format`:
  // max(bytes / (bandwidth x memory_efficiency), flops / (peak x compute_efficiency)).
  std::optional<double> kernel_seconds(const Json& model, std::string_view format, double bytes,
                                       double flops) const;

  // The dense FLOP/s the core expects a GEMM in this precision to reach (peak x compute
  // efficiency), or none when the core runs that precision's format in another precision here.
  std::optional<double> gemm_flops_per_s(const Json& model, GemmPrecision precision) const;
  std::optional<double> peak_flops_per_s(GemmPrecision precision) const;

 private:
  Json run(const Json& model, const Json& inference) const;

  const Catalog& catalog_;
  Json accelerator_;
  Json device_;
};

}  // namespace llm_sizer::bench
