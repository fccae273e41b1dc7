#include "hardware/host.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "error.hpp"
#include "limits.hpp"

namespace llm_sizer {
namespace {

struct PcieSlot {
  int generation = 0;
  int lanes = 0;
};

// "pcie4-x16" → {4, 16}; nullopt for other links.
std::optional<PcieSlot> pcie_slot(const std::string& id) {
  int generation = 0;
  int lanes = 0;
  char end = 0;
  if (std::sscanf(id.c_str(), "pcie%d-x%d%c", &generation, &lanes, &end) != 2) return std::nullopt;
  if (generation < 1 || generation > 7 || lanes < 1 || lanes > 32) return std::nullopt;
  return PcieSlot{generation, lanes};
}

std::optional<HostLink> find_link(const Json& interconnects, const std::string& id) {
  for (const auto& entry : interconnects) {
    if (entry.value("id", "") != id) continue;
    const double bytes = entry.value("bytes_per_s", 0.0);
    if (bytes <= 0) return std::nullopt;
    return HostLink{id, entry.value("name", id), bytes};
  }
  return std::nullopt;
}

// The instruction-set names a CPU entry may list (data/schema/cpus.schema.json has 13).
constexpr size_t kIsaNames = 32;

}  // namespace

HostSpec parse_host(const FieldReader& r) {
  HostSpec h;
  h.id = r.optional_string("id").value_or("");
  h.name = r.optional_string("name").value_or(h.id.empty() ? "custom CPU" : h.id);
  h.vendor = r.optional_string("vendor").value_or("");
  h.category = r.optional_string("category").value_or("");
  h.memory_type = r.optional_string("memory_type").value_or("");
  h.source = r.optional_string("source").value_or("");
  h.pcie_link = r.optional_string("pcie_link").value_or("");
  h.host_link = r.optional_string("host_link").value_or("");
  h.sockets = r.int_or("sockets", 1, limits::kSockets);
  const double sockets = double(h.sockets);
  h.cores = r.int_or("cores", 0, limits::kCoresPerSocket) * h.sockets;
  const auto base = r.optional_number("base_clock_hz", limits::kCoreClockHz);
  h.base_clock_hz = base.value_or(0);
  h.clock_hz = r.optional_number("boost_clock_hz", limits::kCoreClockHz).value_or(h.base_clock_hz);
  h.ccds = r.int_or("ccds", 0, limits::kCoreDies) * h.sockets;
  h.ccd_read_bytes_per_s =
      r.optional_number("ccd_read_bytes_per_s", limits::kGivenLinkBytesPerS).value_or(0);
  const auto isa = r.string_list("isa", kIsaNames);
  h.arm_cores = std::find(isa.begin(), isa.end(), "neon") != isa.end();
  h.memory_mt_per_s =
      r.optional_number("memory_mt_per_s", limits::kMemoryTransfersMtPerS).value_or(0);
  h.memory_bus_width_bits = r.int_or("memory_bus_width_bits", 0, limits::kMemoryBusBits);
  h.memory_channels =
      r.int_or("memory_channels", h.memory_bus_width_bits / 64, limits::kMemoryChannels);
  // DDR moves one bus-width word per transfer: bandwidth = bits / 8 x transfers per second.
  const double from_bus = double(h.memory_bus_width_bits) / 8.0 * h.memory_mt_per_s * 1e6;
  const auto bandwidth =
      r.optional_number("memory_bandwidth_bytes_per_s", limits::kBandwidthBytesPerS);
  if (!bandwidth && from_bus <= 0) {
    throw InputError(r.field("memory_bandwidth_bytes_per_s"), {"error.host_bandwidth_required"},
                     "");
  }
  h.memory_bandwidth_bytes_per_s = bandwidth.value_or(from_bus) * sockets;
  const auto installed = r.optional_number("memory_bytes", limits::kHostMemoryBytes);
  const auto maximum = r.optional_number("max_memory_bytes", limits::kHostMemoryBytes);
  if (!installed && !maximum) {
    throw InputError(r.field("memory_bytes"), {"error.host_memory_required"}, "");
  }
  h.memory_given = installed.has_value();
  h.memory_bytes = installed ? *installed : *maximum * sockets;
  if (const Json* peaks = r.find("dense_flops_per_s")) {
    const FieldReader flops(*peaks, r.field("dense_flops_per_s"));
    for (size_t i = 0; i < kPrecisionNames.size(); ++i) {
      const auto peak = flops.optional_number(kPrecisionNames[i], limits::kPeakFlopsPerS);
      if (peak) h.dense_flops_per_s[i] = *peak * sockets;
    }
  }
  return h;
}

Json merge_host_overrides(const Json& entry, const Json& overrides) {
  Json merged = entry;
  for (const auto& [key, value] : overrides.items()) merged[key] = value;
  const bool new_bus =
      overrides.contains("memory_mt_per_s") || overrides.contains("memory_bus_width_bits");
  if (new_bus && !overrides.contains("memory_bandwidth_bytes_per_s")) {
    merged.erase("memory_bandwidth_bytes_per_s");
  }
  return merged;
}

AcceleratorSpec cpu_device(const HostSpec& h) {
  AcceleratorSpec a;
  a.id = h.id;
  a.name = h.name;
  a.vendor = h.vendor;
  a.category = "cpu";
  a.memory_type = h.memory_type;
  a.memory_bytes = h.memory_bytes;
  a.memory_bandwidth_bytes_per_s = h.memory_bandwidth_bytes_per_s;
  a.dense_flops_per_s = h.dense_flops_per_s;
  a.sockets = h.sockets;
  a.memory_channels = h.memory_channels;
  a.cores = h.cores;
  a.host_category = h.category;
  a.core_clock_hz = h.clock_hz;
  a.base_clock_hz = h.base_clock_hz;
  a.ccds = h.ccds;
  a.ccd_read_bytes_per_s = h.ccd_read_bytes_per_s;
  a.arm_cores = h.arm_cores;
  a.source = h.source;
  a.modified = h.modified;
  return a;
}

HostLink resolve_host_link(const AcceleratorSpec& gpu, const HostSpec& host,
                           const Json& interconnects, const std::string& field) {
  if (!host.host_link.empty()) {
    if (auto link = find_link(interconnects, host.host_link)) return *link;
    throw InputError(field + ".host_link", {"error.host_link_bandwidth"},
                     "\"" + host.host_link + "\"");
  }
  // A card and a slot of different PCIe generations and widths train to the older generation
  // and the fewer lanes: a PCIe 5.0 x8 card in a PCIe 3.0 x16 slot runs at 3.0 x8.
  const auto gpu_slot = pcie_slot(gpu.host_link);
  const auto cpu_slot = pcie_slot(host.pcie_link);
  if (gpu_slot && cpu_slot) {
    const int generation = std::min(gpu_slot->generation, cpu_slot->generation);
    const int lanes = std::min(gpu_slot->lanes, cpu_slot->lanes);
    const std::string id = "pcie" + std::to_string(generation) + "-x" + std::to_string(lanes);
    if (auto link = find_link(interconnects, id)) return *link;
    // Per direction, as NVIDIA rounds PCIe: 1, 2, 4, 8 GB/s per lane for generations 3 to 6.
    const double per_lane = 1e9 * std::pow(2.0, generation - 3);
    return HostLink{id, "PCIe " + std::to_string(generation) + ".0 x" + std::to_string(lanes),
                    per_lane * lanes};
  }
  const auto gpu_side = find_link(interconnects, gpu.host_link);
  const auto cpu_side = find_link(interconnects, host.pcie_link);
  if (gpu_side && cpu_side) {
    return gpu_side->bytes_per_s <= cpu_side->bytes_per_s ? *gpu_side : *cpu_side;
  }
  if (gpu_side) return *gpu_side;
  if (cpu_side) return *cpu_side;
  throw InputError(field + ".host_link", {"error.host_link_required"}, "");
}

}  // namespace llm_sizer
