#pragma once

#include <array>
#include <optional>
#include <string>

#include "field_reader.hpp"
#include "hardware/accelerator.hpp"

namespace llm_sizer {

// What the kernel bench (tests/gpu: gpu-bench) measured on one catalog accelerator, saved as
// data/calibration/<accelerator-id>.json. When a device has one, its figures replace the fitted
// defaults of resolve_efficiency for that device; figures the file lacks keep their defaults.
struct DeviceCalibration {
  std::string accelerator;  // the catalog id (the entry's "id")
  std::string file;         // "data/calibration/h200.json": named in explain and assumptions
  std::string source;
  std::optional<double> memory_efficiency;   // 16-bit weights streamed by a decode step
  std::optional<double> int8_memory_factor;  // weight-only int8, group 128, relative to 16-bit
  std::optional<double> int4_memory_factor;  // weight-only int4, group 128, relative to 16-bit
  std::optional<double> layer_overhead_s;    // per layer of a decode step replayed as a CUDA graph
  // Dense GEMMs at prefill shapes, as a fraction of the catalog's peak for each precision.
  std::array<std::optional<double>, kPrecisionNames.size()> compute_efficiency{};
};

// Reads one entry of a calibration file; `file` is its path from the repository root.
DeviceCalibration parse_calibration(const FieldReader& entry, const std::string& file);

}  // namespace llm_sizer
