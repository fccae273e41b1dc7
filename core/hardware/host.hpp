#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "field_reader.hpp"
#include "hardware/accelerator.hpp"

namespace llm_sizer {

// A CPU and its memory: where layers and experts that leave the GPU run (the GPU's host), or the
// only device. Figures are for every socket together; the catalog lists one socket.
struct HostSpec {
  std::string id;  // empty for a custom host
  std::string name;
  std::string vendor;
  std::string category;  // desktop, laptop, workstation, server
  std::string memory_type;
  int64_t cores = 0;
  int64_t sockets = 1;
  double clock_hz = 0;  // one busy core's clock: the boost clock, else the base clock (0: unknown)
  double base_clock_hz = 0;  // the clock dense_flops_per_s is quoted at (0: unknown)
  // Core dies (AMD CCDs), each reading memory over its own link (every socket); 0: not known, or
  // one die whose cores share the memory controllers' mesh.
  int64_t ccds = 0;
  double ccd_read_bytes_per_s = 0;   // what one die's link reads
  bool arm_cores = false;            // Arm cores (its `isa` lists "neon"), else x86
  double disk_read_bytes_per_s = 0;  // hardware.disk_read_bytes_per_s (0: not given)
  double memory_mt_per_s = 0;
  int64_t memory_bus_width_bits = 0;  // per socket
  int64_t memory_channels = 0;        // 64-bit channels per socket (bus width / 64)
  double memory_bytes = 0;            // RAM installed
  bool memory_given = false;  // false: memory_bytes is the CPU's maximum (the scenario named none)
  double memory_bandwidth_bytes_per_s = 0;
  // Vector units (FP32 FMA, FP16, BF16, INT8 VNNI), indexed like AcceleratorSpec's peaks.
  std::array<std::optional<double>, kPrecisionNames.size()> dense_flops_per_s{};
  std::string pcie_link;  // interconnect id of the CPU's graphics slot ("pcie5-x16")
  std::string host_link;  // the scenario's link to the GPU, when it names one
  std::string source;
  bool modified = false;  // a catalog entry with some figures replaced by the scenario

  std::optional<double> peak_flops_per_s(Precision precision) const {
    return dense_flops_per_s[static_cast<size_t>(precision)];
  }
};

// Reads a CPU from its catalog entry (data/cpus) or a scenario's host object. Bandwidth is
// memory_bus_width_bits / 8 x memory_mt_per_s unless given; memory_bytes defaults to the CPU's
// maximum (max_memory_bytes). `sockets` multiplies memory, bandwidth, cores and peaks.
HostSpec parse_host(const FieldReader& reader);

// A host preset with some figures replaced: the entry's fields with the overrides on top. A new
// transfer rate or bus width replaces the entry's bandwidth unless the overrides give one.
Json merge_host_overrides(const Json& entry, const Json& overrides);

// The CPU as the only device: its RAM, bandwidth and vector peaks (category "cpu").
AcceleratorSpec cpu_device(const HostSpec& host);

inline bool is_cpu(const AcceleratorSpec& device) {
  return device.category == "cpu";
}

// The link between the GPU and its host, per direction.
struct HostLink {
  std::string id;
  std::string name;
  double bytes_per_s = 0;
};

// The host's own link when the scenario names one, else the slower of the GPU's (host_link) and
// the CPU's graphics slot (pcie_link): a PCIe 5.0 card in a PCIe 4.0 slot runs at 4.0.
// `interconnects` is the catalog's list (data/interconnects.json). Throws InputError at `field`.
HostLink resolve_host_link(const AcceleratorSpec& gpu, const HostSpec& host,
                           const Json& interconnects, const std::string& field);

}  // namespace llm_sizer
