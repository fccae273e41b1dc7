#include "inference/calibration.hpp"

namespace llm_sizer {
namespace {

// The bench's own dequantizing kernels stand for the integer weight-only formats (AWQ/GPTQ-like
// packing, group 128); other formats keep the default factor.
std::optional<double> measured_memory_factor(const DeviceCalibration& c,
                                             const WeightFormat& format) {
  const bool integer_weight_only = format.scheme == WeightScheme::int_weight_only ||
                                   format.scheme == WeightScheme::gptq ||
                                   format.scheme == WeightScheme::awq;
  if (!integer_weight_only) return std::nullopt;
  if (format.bits == 8) return c.int8_memory_factor;
  if (format.bits == 4) return c.int4_memory_factor;
  return std::nullopt;
}

}  // namespace

void apply_calibration(const DeviceCalibration& c, const InferenceInput& in,
                       const AcceleratorSpec& device, Efficiency& e) {
  bool used = false;
  if (c.memory_efficiency) {
    e.memory = *c.memory_efficiency *
               measured_memory_factor(c, in.weights).value_or(format_memory_factor(in.weights));
    used = true;
  }
  if (!runs_llama_cpp(in.runtime)) {
    if (c.layer_overhead_s) {
      e.layer_overhead_s = *c.layer_overhead_s;
      used = true;
    }
    if (const auto& measured = c.compute_efficiency[size_t(e.precision)]) {
      // Measured on this precision's own matmuls: only dequantizing weights first still costs.
      const bool native = runs_natively(in.weights, device);
      e.compute =
          *measured *
          (native ? 1.0 : format_compute_factor(in.weights, device, e.precision, in.runtime));
      used = true;
    }
  }
  if (used) e.calibration_file = c.file;
}

}  // namespace llm_sizer
