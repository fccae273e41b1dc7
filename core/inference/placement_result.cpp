#include "inference/placement_result.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

constexpr int64_t kMaxCurvePoints = 34;

// Layer counts for the chart: every one for small models, else evenly spaced ones, always with
// 0, all layers, all with the output layer, and the scenario's and the best placement's.
std::vector<int64_t> curve_layers(int64_t all, int64_t current, std::optional<int64_t> best) {
  std::vector<int64_t> points;
  const int64_t stride = std::max<int64_t>(1, (all + kMaxCurvePoints - 1) / kMaxCurvePoints);
  for (int64_t n = 0; n <= all; n += stride) points.push_back(n);
  points.insert(points.end(), {all - 1, all, current});
  if (best) points.push_back(*best);
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  return points;
}

Json placement_json(const InferenceResult& r, const PlacedMemory& p) {
  Json out = json_object(
      {{"verdict", verdict_name(p.verdict)},
       {"gpu_layers", p.placement.gpu_layers},
       {"layers", r.layers + 1},
       {"offload_experts", p.placement.host_expert_layers},
       {"moe_layers", r.moe_layers},
       {"cpu_offload_bytes", p.placement.cpu_offload_bytes},
       {"device_bytes", p.device.per_device.total()},
       {"per_device", json_object({{"weights_bytes", p.device.per_device.weights_bytes},
                                   {"kv_cache_bytes", p.device.per_device.kv_cache_bytes},
                                   {"activation_bytes", p.device.per_device.activation_bytes},
                                   {"overhead_bytes", p.device.per_device.overhead_bytes}})},
       {"device_usable_bytes", p.device.budget_bytes},
       {"host_bytes", p.host.total()},
       {"host", json_object({{"weights_bytes", p.host.weights_bytes},
                             {"kv_cache_bytes", p.host.kv_cache_bytes},
                             {"compute_bytes", p.host.compute_bytes}})},
       {"host_usable_bytes", p.host_usable_bytes},
       {"shortfall_bytes", p.shortfall_bytes},
       {"working_set_limited", p.working_set_limited}});
  if (!p.short_of.empty()) out["short_of"] = p.short_of;
  if (p.verdict == Verdict::streams_from_disk) {
    out["disk_bytes"] = p.disk_bytes;
    out["disk_read_bytes_per_s"] = p.disk_read_bytes_per_s;
  }
  return out;
}

// Speeds exist only where the placement fits; absent otherwise (README: Result).
void add_speeds(const std::optional<PlacementSpeed>& speed, Json& out) {
  if (!speed) return;
  out["decode_tokens_per_s"] = speed->decode_tokens_per_s;
  out["prefill_tokens_per_s"] = speed->prefill_tokens_per_s;
}

}  // namespace

void answer_placement(const ModelSpec& m, const AcceleratorSpec& device, const HostSpec* host,
                      const InferenceInput& in, const StepModel& steps, InferenceResult& r) {
  const WeightsSize& w = r.weights;
  r.placed = place(m, w, device, host, in, choose_placement(m, w, device, host, in));
  if (const auto best = best_placement(m, w, device, host, in)) {
    r.best = place(m, w, device, host, in, *best);
    r.best_speed = placement_speed(steps, *r.best);
  }
  if (!host || is_cpu(device) || !runtime_splits_layers(in.runtime)) return;
  const int64_t experts_out = r.placed.placement.host_expert_layers;
  const std::optional<int64_t> best_layers =
      r.best ? std::optional<int64_t>(r.best->placement.gpu_layers) : std::nullopt;
  for (int64_t n : curve_layers(m.num_layers + 1, r.placed.placement.gpu_layers, best_layers)) {
    LayerPoint point{n, place(m, w, device, host, in, {n, experts_out, 0}), std::nullopt};
    point.speed = placement_speed(steps, point.placed);
    r.by_gpu_layers.push_back(std::move(point));
  }
}

void explain_placement(const InferenceResult& r, const StepModel& steps, Explanations& out) {
  const HostMemory& h = r.placed.host;
  out.emplace_back("inference.host_bytes",
                   Explanation{"{weights} + {kv_cache} + {compute_buffer}",
                               {{"weights", h.weights_bytes, "unit.bytes"},
                                {"kv_cache", h.kv_cache_bytes, "unit.bytes"},
                                {"compute_buffer", h.compute_bytes, "unit.bytes"}},
                               "llama-cpp-offload"});
  if (r.placed.verdict == Verdict::does_not_fit || r.placed.verdict == Verdict::streams_from_disk) {
    const bool host_short = r.placed.short_of == "host";
    const double need = host_short ? h.total() : r.placed.device.per_device.total();
    out.emplace_back("inference.placement.shortfall_bytes",
                     Explanation{"{needed} - {available}",
                                 {{"needed", need, "unit.bytes"},
                                  {"available", need - r.placed.shortfall_bytes, "unit.bytes"}},
                                 host_short ? "llama-cpp-offload" : "runtime-memory"});
  }
  if (!r.serving || !steps.offload || !r.placed.offloaded) return;
  const StepCost& d = r.serving->decode;
  const HostEfficiency& e = steps.offload->efficiency;
  const double link = steps.offload->link.bytes_per_s;
  const WeightSplit& split = r.placed.split;
  if (d.host_s > 0) {
    Explanation host{
        "max({host_bytes} / ({host_bandwidth} * {host_memory_efficiency}), "
        "{host_flops} / ({host_peak} * {host_compute_efficiency})) + {host_layers} * "
        "{host_layer_overhead}",
        {{"host_bytes", d.host_bytes, "unit.bytes_per_step"},
         {"host_bandwidth", steps.offload->host.memory_bandwidth_bytes_per_s, "unit.bytes_per_s"},
         {"host_memory_efficiency", e.memory, ""},
         {"host_flops", e.peak_flops_per_s > 0 ? d.host_flops : 0.0, "unit.flop_per_step"},
         {"host_peak", e.peak_flops_per_s > 0 ? e.peak_flops_per_s : 1.0, "unit.flops_per_s"},
         {"host_compute_efficiency", e.compute, ""},
         {"host_layers", double(split.host_layers + split.host_expert_only_layers),
          "unit.layers_on_cpu"},
         {"host_layer_overhead", e.layer_overhead_s, "unit.s"}},
        "llama-cpp-offload"};
    if (d.host_expert_dispatch_s > 0) {
      host.formula += " + {expert_dispatch}";
      host.terms.push_back({"expert_dispatch", d.host_expert_dispatch_s, "unit.s"});
    }
    out.emplace_back("inference.decode_step.host_s", host);
  }
  if (d.crossings > 0) {
    const double activations = double(steps.input.batch) * double(steps.model.hidden_size) * 4.0;
    out.emplace_back("inference.decode_step.link_s",
                     Explanation{"{crossings} * ({crossing} + {activations} / {link_bandwidth})",
                                 {{"crossings", d.crossings, "unit.handovers_per_step"},
                                  {"crossing", e.crossing_s, "unit.s"},
                                  {"activations", activations, "unit.bytes_f32_hidden"},
                                  {"link_bandwidth", link, "unit.bytes_per_s"}},
                                 "llama-cpp-offload"});
  } else if (d.link_s > 0) {
    out.emplace_back("inference.decode_step.link_s",
                     Explanation{"{offloaded} / ({link_bandwidth} * {link_efficiency})",
                                 {{"offloaded", h.weights_bytes / double(steps.input.tp),
                                   "unit.bytes_per_gpu_every_step"},
                                  {"link_bandwidth", link, "unit.bytes_per_s"},
                                  {"link_efficiency", e.link_efficiency, ""}},
                                 "vllm-cpu-offload"});
  }
}

void placement_to_json(const InferenceResult& r, Json& out) {
  out["host_bytes"] = r.placed.host.total();
  out["placement"] = placement_json(r, r.placed);
  if (!r.speed_unavailable.empty()) out["speed_unavailable"] = r.speed_unavailable;
  if (r.best) {
    Json best = placement_json(r, *r.best);
    add_speeds(r.best_speed, best);
    out["best_placement"] = std::move(best);
  }
  Json curve = Json::array();
  for (const auto& point : r.by_gpu_layers) {
    Json row = json_object({{"gpu_layers", point.gpu_layers},
                            {"verdict", verdict_name(point.placed.verdict)},
                            {"device_bytes", point.placed.device.per_device.total()},
                            {"host_bytes", point.placed.host.total()}});
    add_speeds(point.speed, row);
    curve.push_back(std::move(row));
  }
  out["speed_by_gpu_layers"] = curve;
  if (r.serving) {
    const StepCost& d = r.serving->decode;
    out["decode_step"]["host_bytes"] = d.host_bytes;
    out["decode_step"]["host_flops"] = d.host_flops;
    out["decode_step"]["host_s"] = d.host_s;
    out["decode_step"]["crossings"] = d.crossings;
    out["decode_step"]["link_s"] = d.link_s;
    if (d.disk_s > 0) {
      out["decode_step"]["disk_bytes"] = d.disk_bytes;
      out["decode_step"]["disk_s"] = d.disk_s;
    }
  }
  if (r.host_efficiency && r.host_link) {
    const HostEfficiency& e = *r.host_efficiency;
    Json& a = out["assumptions"];
    a["host_memory_efficiency"] = e.memory;
    a["host_compute_efficiency"] = e.compute;
    a["host_compute_precision"] = precision_name(e.precision);
    a["host_peak_flops_per_s"] = e.peak_flops_per_s;
    a["host_layer_overhead_s"] = e.layer_overhead_s;
    a["host_threads"] = e.threads;
    a["link_efficiency"] = e.link_efficiency;
    a["crossing_s"] = e.crossing_s;
    a["host_link_bytes_per_s"] = r.host_link->bytes_per_s;
  }
}

}  // namespace llm_sizer
