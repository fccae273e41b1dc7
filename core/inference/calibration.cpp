#include "inference/calibration.hpp"

#include <algorithm>

#include "error.hpp"
#include "limits.hpp"

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

DeviceCalibration parse_calibration(const FieldReader& r, const std::string& file) {
  DeviceCalibration c;
  c.accelerator = r.optional_string("id").value_or("");
  c.file = file;
  c.source = r.optional_string("source").value_or("");
  c.memory_efficiency = r.optional_number("memory_efficiency", limits::kEfficiency);
  c.layer_overhead_s = r.optional_number("layer_overhead_s", limits::kLayerOverheadS);
  if (const Json* factors = r.find("weight_only_memory_factor")) {
    const FieldReader f(*factors, r.field("weight_only_memory_factor"));
    f.reject_unknown({"int8", "int4"});
    c.int8_memory_factor = f.optional_number("int8", limits::kMemoryFactor);
    c.int4_memory_factor = f.optional_number("int4", limits::kMemoryFactor);
    // The product is a share of the datasheet bandwidth, so it cannot exceed 1.
    const double streaming = c.memory_efficiency.value_or(1.0);
    for (const auto& [key, factor] :
         {std::pair{"int8", c.int8_memory_factor}, std::pair{"int4", c.int4_memory_factor}}) {
      if (factor && *factor * streaming > 1.0) {
        throw InputError(f.field(key), {"error.factor_times_efficiency"}, describe_value(*factor));
      }
    }
  }
  if (const Json* compute = r.find("compute_efficiency")) {
    const FieldReader peaks(*compute, r.field("compute_efficiency"));
    for (const auto& [key, value] : compute->items()) {
      const auto it = std::find(kPrecisionNames.begin(), kPrecisionNames.end(), key);
      if (it == kPrecisionNames.end()) {
        Json allowed = Json::array();
        for (std::string_view name : kPrecisionNames) allowed.push_back(std::string(name));
        throw InputError(peaks.field(key), {"error.one_of", json_object({{"allowed", allowed}})},
                         describe_value(value));
      }
      c.compute_efficiency[size_t(it - kPrecisionNames.begin())] =
          peaks.optional_number(key, limits::kEfficiency);
    }
  }
  return c;
}

void apply_calibration(const DeviceCalibration& c, const InferenceInput& in,
                       const AcceleratorSpec& device, Efficiency& e) {
  bool used = false;
  if (c.memory_efficiency) {
    e.memory = *c.memory_efficiency *
               measured_memory_factor(c, in.weights).value_or(format_memory_factor(in.weights));
    used = true;
  }
  if (in.runtime != Runtime::llama_cpp) {
    if (c.layer_overhead_s) {
      e.layer_overhead_s = *c.layer_overhead_s;
      used = true;
    }
    if (const auto& measured = c.compute_efficiency[size_t(e.precision)]) {
      // Measured on this precision's own matmuls: only dequantizing weights first still costs.
      const bool native = runs_natively(in.weights, device);
      e.compute =
          *measured * (native ? 1.0 : format_compute_factor(in.weights, device, e.precision));
      used = true;
    }
  }
  if (used) e.calibration_file = c.file;
}

}  // namespace llm_sizer
