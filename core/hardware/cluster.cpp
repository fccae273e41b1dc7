#include "hardware/cluster.hpp"

#include "error.hpp"
#include "limits.hpp"

namespace llm_sizer {
namespace {

// NCCL's per-hop latency for its low-latency protocol when the catalog gives none: NVLink 0.6,
// PCI 1.0, network 2.7 us (nccl src/graph/tuning.cc, hwLat; the catalog's latency_s source).
double default_latency_s(const std::string& kind) {
  if (kind == "network") return 2.7e-6;
  if (kind == "host") return 1.0e-6;
  return 0.6e-6;
}

const Json* find_interconnect(const Json& interconnects, const std::string& id) {
  for (const auto& entry : interconnects) {
    if (entry.value("id", "") == id) return &entry;
  }
  return nullptr;
}

// The catalog entry `id` as a link; `field` names where the id came from for errors.
Link catalog_link(const Json& interconnects, const std::string& id, const std::string& field,
                  bool bandwidth_given) {
  const Json* entry = find_interconnect(interconnects, id);
  if (entry == nullptr) {
    throw InputError(field, {"error.interconnect_preset"}, "\"" + id + "\"");
  }
  Link link;
  link.id = id;
  link.name = entry->value("name", id);
  link.bytes_per_s = entry->value("bytes_per_s", 0.0);
  link.latency_s = entry->value("latency_s", default_latency_s(entry->value("kind", "")));
  if (link.bytes_per_s <= 0 && !bandwidth_given) {
    throw InputError(field,
                     Message{"error.interconnect_bandwidth", json_object({{"field", field}})},
                     "\"" + id + "\"");
  }
  return link;
}

Link read_link(const FieldReader& r, std::string_view key, const std::string& fallback_id,
               const Json& interconnects) {
  const std::string bandwidth_key = std::string(key) + "_bytes_per_s";
  const auto bandwidth = r.optional_number(bandwidth_key, limits::kGivenLinkBytesPerS);
  const auto id = r.optional_string(key);
  Link link =
      catalog_link(interconnects, id.value_or(fallback_id), r.field(key), bandwidth.has_value());
  if (bandwidth) link.bytes_per_s = *bandwidth;
  return link;
}

}  // namespace

ClusterSpec parse_cluster(const FieldReader& r, const AcceleratorSpec& accelerator,
                          const Json& interconnects) {
  ClusterSpec c;
  c.gpus_per_node = r.int_or("gpus_per_node", ClusterDefaults::gpus_per_node, limits::kDevices);
  // The host link: the accelerator's catalogued one when it has a bandwidth.
  std::string host = std::string(ClusterDefaults::host_link);
  if (const Json* entry = find_interconnect(interconnects, accelerator.host_link)) {
    if (entry->value("bytes_per_s", 0.0) > 0) host = accelerator.host_link;
  }
  c.host = catalog_link(interconnects, host, "hardware.accelerator.host_link", false);
  // Inside a node: the accelerator's own GPU-to-GPU link (its datasheet bandwidth, or the
  // scenario's override of it); a device without one talks over its host link.
  std::string intra = accelerator.interconnect_kind;
  const Json* intra_entry = find_interconnect(interconnects, intra);
  if (intra_entry == nullptr || accelerator.interconnect_bytes_per_s <= 0) intra = host;
  c.intra_node = read_link(r, "intra_node", intra, interconnects);
  if (!r.has("intra_node") && !r.has("intra_node_bytes_per_s") && intra != host) {
    c.intra_node.bytes_per_s = accelerator.interconnect_bytes_per_s;
  }
  c.inter_node =
      read_link(r, "inter_node", std::string(ClusterDefaults::inter_node), interconnects);
  return c;
}

void cluster_to_scenario(const FieldReader& r, const ClusterSpec& c, Json& out) {
  out["gpus_per_node"] = c.gpus_per_node;
  out["intra_node"] = c.intra_node.id;
  out["inter_node"] = c.inter_node.id;
  // Bandwidths are echoed only when given: absent, the links' catalog figures apply.
  for (const char* key : {"intra_node_bytes_per_s", "inter_node_bytes_per_s"}) {
    if (r.has(key)) out[key] = *r.find(key);
  }
}

Json cluster_to_json(const ClusterSpec& c) {
  const auto link = [](const Link& l) {
    return Json{
        {"id", l.id}, {"name", l.name}, {"bytes_per_s", l.bytes_per_s}, {"latency_s", l.latency_s}};
  };
  return json_object({{"gpus_per_node", c.gpus_per_node},
                      {"intra_node", link(c.intra_node)},
                      {"inter_node", link(c.inter_node)},
                      {"host_link", link(c.host)}});
}

}  // namespace llm_sizer
