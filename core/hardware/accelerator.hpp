#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "field_reader.hpp"

namespace llm_sizer {

enum class Precision { fp32, tf32, fp16, bf16, fp8, int8, int4, fp4 };
inline constexpr std::array<std::string_view, 8> kPrecisionNames = {"fp32", "tf32", "fp16", "bf16",
                                                                    "fp8",  "int8", "int4", "fp4"};

std::string_view precision_name(Precision precision);

// One device's datasheet figures in SI units. Peaks are dense (no 2:4 sparsity); a precision the
// device has no matrix units for is absent.
struct AcceleratorSpec {
  std::string id;  // empty for a custom device
  std::string name;
  std::string vendor;
  std::string category;
  std::string architecture;  // "Ampere", "Hopper", ...: picks the training compute efficiency
  std::string memory_type;   // "HBM3", "GDDR6X", "LPDDR unified memory", ...
  double memory_bytes = 0;
  double memory_bandwidth_bytes_per_s = 0;  // 0 where no source gives it
  std::array<std::optional<double>, kPrecisionNames.size()> dense_flops_per_s{};
  std::optional<double> tdp_w;
  std::string interconnect_kind;
  double interconnect_bytes_per_s = 0;  // per direction, per device; 0 when it has none
  std::string host_link;                // interconnect id of the CPU link ("pcie5-x16")
  bool unified_memory = false;
  std::optional<double> gpu_working_set_fraction;  // Apple: share of RAM the GPU may wire
  int64_t sockets = 1;  // CPUs: sockets (NUMA nodes) the memory and bandwidth are spread over
  int64_t memory_channels = 0;  // CPUs: 64-bit memory channels per socket
  int64_t cores = 0;            // CPUs: physical cores, every socket (0: not known)
  std::string host_category;    // CPUs: desktop, laptop, workstation or server
  double core_clock_hz = 0;     // CPUs: a busy core's clock (boost, else base; 0: unknown)
  double base_clock_hz = 0;     // CPUs: the clock the vector peaks are quoted at (0: unknown)
  int64_t ccds = 0;             // CPUs: core dies with their own memory link (0: not known)
  double ccd_read_bytes_per_s = 0;
  bool arm_cores = false;  // CPUs: Arm (NEON/SVE) cores, else x86
  // CPUs: the machine's disk, which llama.cpp's mmap pages weights in from when RAM is short (0:
  // not given: weights that do not fit in RAM do not fit).
  double disk_read_bytes_per_s = 0;
  std::string source;
  bool modified = false;  // a catalog entry with some figures replaced by the scenario

  std::optional<double> peak_flops_per_s(Precision precision) const {
    return dense_flops_per_s[static_cast<size_t>(precision)];
  }
};

// Reads a device from the catalog or from a scenario's custom "accelerator" object.
AcceleratorSpec parse_accelerator(const FieldReader& reader);

}  // namespace llm_sizer
