#pragma once

#include <cstdint>
#include <string>

#include "field_reader.hpp"
#include "hardware/accelerator.hpp"

namespace llm_sizer {

// One link as collectives see it: bandwidth per direction per GPU and the latency of one hop.
struct Link {
  std::string id;  // a data/interconnects.json id; empty for a bandwidth given in the scenario
  std::string name;
  double bytes_per_s = 0;
  double latency_s = 0;
};

// The machines the GPUs sit in: nodes of gpus_per_node GPUs joined by intra_node links, nodes
// joined by inter_node links (one port per GPU, as DGX/HGX nodes have one NIC per GPU), and the
// host link each GPU has to CPU memory (offload).
struct ClusterSpec {
  int64_t gpus_per_node = 8;
  Link intra_node;
  Link inter_node;
  Link host;
};

// The documented defaults (README, "Training parallelism planner").
struct ClusterDefaults {
  // HGX/DGX nodes hold 8 GPUs (NVIDIA DGX A100/H100/B200 datasheets).
  static constexpr int64_t gpus_per_node = 8;
  // One 400 Gb/s InfiniBand NDR port per GPU: the DGX H100 reference design (8 x ConnectX-7).
  static constexpr std::string_view inter_node = "ib-ndr";
  // A GPU without a catalogued host link is assumed on PCIe 4.0 x16.
  static constexpr std::string_view host_link = "pcie4-x16";
};

// Reads hardware.gpus_per_node, hardware.intra_node / inter_node (interconnect ids) and
// hardware.intra_node_bytes_per_s / inter_node_bytes_per_s (overrides). The intra-node link
// defaults to the accelerator's own interconnect; ids name entries of `interconnects` (the
// catalog's data/interconnects). Throws InputError.
ClusterSpec parse_cluster(const FieldReader& hardware, const AcceleratorSpec& accelerator,
                          const Json& interconnects);

// The hardware fields the cluster adds to the normalised scenario.
void cluster_to_scenario(const FieldReader& hardware, const ClusterSpec& cluster, Json& out);

Json cluster_to_json(const ClusterSpec& cluster);

}  // namespace llm_sizer
