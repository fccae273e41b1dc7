#include "hardware/collectives.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

constexpr double kPcieRingShareUpTo4 = 35.0 / 64.0;
constexpr double kPcieRingShareBeyond4 = 28.0 / 64.0;

// A ring over n ranks on one link: `passes` x (n - 1) steps, each moving bytes / n.
double ring_s(double bytes, double n, double passes, const Link& link) {
  if (n <= 1) return 0;
  const double bytes_per_s = link.bytes_per_s * ring_link_share(link.id, n);
  return passes * (n - 1) * (link.latency_s + bytes / n / bytes_per_s);
}

// passes = 2 for an all-reduce (reduce-scatter then all-gather), 1 for either half.
double hierarchical_s(double bytes, Group g, double passes, const ClusterSpec& c) {
  const double inside = std::min(g.per_node, g.size);
  const double nodes = g.size / inside;
  return ring_s(bytes, inside, passes, c.intra_node) +
         ring_s(bytes / inside, nodes, passes, c.inter_node);
}

}  // namespace

Group group_of(int64_t size, int64_t stride, int64_t gpus_per_node) {
  const int64_t per_node = stride >= gpus_per_node ? 1 : gpus_per_node / stride;
  return {double(size), double(std::clamp<int64_t>(per_node, 1, size))};
}

double all_reduce_s(double bytes, Group g, const ClusterSpec& c) {
  return hierarchical_s(bytes, g, 2, c);
}

double all_gather_s(double bytes, Group g, const ClusterSpec& c) {
  return hierarchical_s(bytes, g, 1, c);
}

double all_to_all_s(double bytes, Group g, const ClusterSpec& c) {
  if (g.size <= 1) return 0;
  const double inside = std::min(g.per_node, g.size);
  const double to_node = bytes * (inside - 1) / g.size;
  const double to_others = bytes * (g.size - inside) / g.size;
  const double intra =
      to_node > 0 ? c.intra_node.latency_s + to_node / c.intra_node.bytes_per_s : 0;
  const double inter =
      to_others > 0 ? c.inter_node.latency_s + to_others / c.inter_node.bytes_per_s : 0;
  return std::max(intra, inter);
}

double ring_link_share(const std::string& link_id, double ranks) {
  if (link_id.rfind("pcie", 0) != 0 || ranks <= 1) return 1.0;
  return ranks <= 4 ? kPcieRingShareUpTo4 : kPcieRingShareBeyond4;
}

double send_s(double bytes, const Link& link) {
  return link.latency_s + bytes / link.bytes_per_s;
}

}  // namespace llm_sizer
