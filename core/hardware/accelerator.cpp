#include "hardware/accelerator.hpp"

#include "error.hpp"
#include "limits.hpp"

namespace llm_sizer {

std::string_view precision_name(Precision precision) {
  return kPrecisionNames[static_cast<size_t>(precision)];
}

AcceleratorSpec parse_accelerator(const FieldReader& r) {
  AcceleratorSpec a;
  a.id = r.optional_string("id").value_or("");
  a.name = r.optional_string("name").value_or(a.id.empty() ? "custom accelerator" : a.id);
  a.vendor = r.optional_string("vendor").value_or("");
  a.category = r.optional_string("category").value_or("");
  a.architecture = r.optional_string("architecture").value_or("");
  a.host_link = r.optional_string("host_link").value_or("");
  a.memory_type = r.optional_string("memory_type").value_or("");
  a.source = r.optional_string("source").value_or("");
  a.memory_bytes = r.optional_number("memory_bytes", limits::kMemoryBytes).value_or(0);
  if (a.memory_bytes == 0) throw InputError(r.field("memory_bytes"), {"error.memory_required"}, "");
  a.memory_bandwidth_bytes_per_s =
      r.optional_number("memory_bandwidth_bytes_per_s", limits::kBandwidthBytesPerS).value_or(0);
  if (const Json* peaks = r.find("dense_flops_per_s")) {
    const FieldReader flops(*peaks, r.field("dense_flops_per_s"));
    for (size_t i = 0; i < kPrecisionNames.size(); ++i) {
      a.dense_flops_per_s[i] = flops.optional_number(kPrecisionNames[i], limits::kPeakFlopsPerS);
    }
  }
  a.tdp_w = r.optional_number("tdp_w", limits::kPowerW);
  a.unified_memory = r.bool_or("unified_memory", false);
  a.host_link = r.optional_string("host_link").value_or("");
  a.gpu_working_set_fraction = r.optional_number("gpu_working_set_fraction", kFraction);
  if (const Json* link = r.find("interconnect")) {
    const FieldReader interconnect(*link, r.field("interconnect"));
    a.interconnect_kind = interconnect.optional_string("kind").value_or("");
    a.interconnect_bytes_per_s = interconnect.number_or("bytes_per_s", 0, limits::kLinkBytesPerS);
  }
  // The flat field (custom devices, or an override of a preset's link) wins over the catalog's.
  a.interconnect_bytes_per_s =
      r.number_or("interconnect_bytes_per_s", a.interconnect_bytes_per_s, limits::kLinkBytesPerS);
  return a;
}

}  // namespace llm_sizer
