#pragma once

#include <cstdint>
#include <string>

#include "hardware/cluster.hpp"

namespace llm_sizer {

// A communication group: `size` ranks, `per_node` of them in each node. Megatron orders ranks
// tp, cp, ep, dp, pp (tensor innermost), so a group of ranks `stride` apart has
// gpus_per_node / stride members in a node (at least 1, at most its size).
struct Group {
  double size = 1;
  double per_node = 1;
};
Group group_of(int64_t size, int64_t stride, int64_t gpus_per_node);

// Seconds for one collective of `bytes` (the full buffer) over a group; latency + size /
// bandwidth per hop. Ring all-reduce moves 2 (n - 1) / n of the buffer per GPU (Patarasuk and
// Yuan 2009); all-gather and reduce-scatter half that. A group spanning nodes is hierarchical:
// within each node over intra_node, then across nodes with each of the node's k members sending
// 1/k of the buffer over its own inter_node port (NCCL's tree/ring over rails).
double all_reduce_s(double bytes, Group group, const ClusterSpec& cluster);
double all_gather_s(double bytes, Group group, const ClusterSpec& cluster);

// All-to-all where each GPU sends `bytes` in total spread evenly over the group: the share for
// peers in its node over intra_node, the rest over inter_node, both links at once.
double all_to_all_s(double bytes, Group group, const ClusterSpec& cluster);

// The share of a link's per-direction rate a ring collective over `ranks` GPUs reaches on it.
// GPUs on PCIe pass their rings through PCIe switches and the CPUs' root complexes, which bound
// them: NCCL's all-reduce bus bandwidth on 8 RTX 5090s (PCIe 5.0 x16, 64 GB/s a direction, two
// Xeon 8480+) peaks at 28 GB/s, on 4 of them at 35 (NVIDIA/nccl issue 1639, whose maintainer
// notes that on PCIe systems the CPUs and their memory set it). Other links: their rate.
double ring_link_share(const std::string& link_id, double ranks);

// One point-to-point send.
double send_s(double bytes, const Link& link);

}  // namespace llm_sizer
