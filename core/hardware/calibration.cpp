#include "hardware/calibration.hpp"

#include <algorithm>

#include "error.hpp"
#include "limits.hpp"

namespace llm_sizer {

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

}  // namespace llm_sizer
