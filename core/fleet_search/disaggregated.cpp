#include "fleet_search/disaggregated.hpp"

#include <algorithm>

#include "inference/kv_cache.hpp"

namespace llm_sizer {
namespace {

// The share of the TTFT target a decode replica's wait for its first step may take: a request
// waits there only while the decode pool's KV cache is full, which a pool sized for TPOT alone can
// let grow to seconds. The prefill pool gets the rest, less the KV transfer.
constexpr double kDecodeWaitShare = 0.2;

// The cheaper pool per hour, then the one with fewer GPUs.
bool cheaper_pool(const FleetPoint& a, const FleetPoint& b) {
  if (a.usd_per_hour && b.usd_per_hour && *a.usd_per_hour != *b.usd_per_hour) {
    return *a.usd_per_hour < *b.usd_per_hour;
  }
  return a.gpus < b.gpus;
}

// One size of a pool with the traffic and targets it serves there.
struct PoolCandidate {
  const PoolSetup* size;
  ServingInput serving;
  ReplicaEstimate estimate;
};

// The cheapest pool over the candidates: the fewest replicas of a size meeting its targets. Sizes
// are simulated from the cheapest estimate on; one whose estimate meets at more than kScreenMargin
// times the cheapest simulated pool's cost is left unsimulated.
std::optional<Pool> cheapest_pool(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                  std::vector<PoolCandidate> candidates, int64_t max_gpus,
                                  DisaggregatedLayout& out) {
  const WeightsSizer sizer(model, tensors);
  const auto max_replicas = [&](const PoolSetup& size) {
    return std::max<int64_t>(1, max_gpus / size.tp);
  };
  for (PoolCandidate& c : candidates) {
    c.estimate = estimate_replicas(model, tensors, sizer, c.size->device, c.size->instance,
                                   c.serving, max_replicas(*c.size));
    out.estimates += c.estimate.estimates;
  }
  // Estimates that meet first, the cheapest first.
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const PoolCandidate& a, const PoolCandidate& b) {
                     if (a.estimate.point.meets != b.estimate.point.meets)
                       return a.estimate.point.meets;
                     return cheaper_pool(a.estimate.point, b.estimate.point);
                   });
  std::optional<Pool> best;
  for (const PoolCandidate& c : candidates) {
    if (!c.estimate.unavailable.empty()) continue;
    if (best && c.estimate.point.meets && screened_out(c.estimate.point, best->point)) continue;
    const ReplicaSearch search =
        search_replicas(model, tensors, sizer, c.size->device, c.size->instance, c.serving,
                        max_replicas(*c.size), c.estimate);
    out.simulations += search.simulations;
    if (!search.fewest_meeting) continue;
    const Pool pool{c.size->tp, search.points[*search.fewest_meeting]};
    // Equal costs: the smaller size, as the sizes come.
    if (!best || cheaper_pool(pool.point, best->point) ||
        (!cheaper_pool(best->point, pool.point) && pool.tp < best->tp)) {
      best = pool;
    }
  }
  return best;
}

// The KV cache of the longest prompts (the p99, else the mean), each prefill GPU sending its
// share over its own link (DistServe section 4.3; Mooncake's transfer engine works the same way).
double kv_transfer_s(const ModelSpec& model, const PoolSetup& size) {
  if (size.link_bytes_per_s <= 0) return 0;
  const LengthDistribution& prompt = size.serving.workload.prompt;
  const double bytes = kv_bytes_per_sequence(kv_layout(model, size.instance.kv_cache),
                                             prompt.p99.value_or(prompt.mean));
  return bytes * kv_share_per_device(model, size.tp) / size.link_bytes_per_s;
}

}  // namespace

DisaggregatedLayout search_disaggregated(const ModelSpec& model,
                                         const std::vector<TensorSpec>& tensors,
                                         const std::vector<PoolSetup>& sizes, int64_t max_gpus) {
  DisaggregatedLayout out;
  if (sizes.empty()) return out;
  const ServingTargets& targets = sizes.front().serving.targets;
  std::vector<PoolCandidate> decode_sizes;
  for (const PoolSetup& size : sizes) {
    ServingInput decode = size.serving;
    decode.workload.prefilled_elsewhere = true;
    decode.targets = {std::nullopt, targets.tpot_p99_s};
    if (targets.ttft_p99_s) decode.targets.ttft_p99_s = kDecodeWaitShare * *targets.ttft_p99_s;
    decode_sizes.push_back({&size, decode, {}});
  }
  out.decode = cheapest_pool(model, tensors, decode_sizes, max_gpus, out);
  if (!out.decode) {
    out.unmet.push_back("tpot_p99_s");
    return out;
  }
  const double decode_wait_s = out.decode->point.ttft_p99_s;
  std::vector<PoolCandidate> prefill_sizes;
  for (const PoolSetup& size : sizes) {
    ServingInput prefill = size.serving;
    prefill.workload.output = {1, std::nullopt};
    std::optional<double> budget;
    if (targets.ttft_p99_s) {
      budget = *targets.ttft_p99_s - kv_transfer_s(model, size) - decode_wait_s;
      if (*budget <= 0) continue;
    }
    prefill.targets = {budget, std::nullopt};
    prefill_sizes.push_back({&size, prefill, {}});
  }
  out.prefill = cheapest_pool(model, tensors, prefill_sizes, max_gpus, out);
  if (!out.prefill) {
    out.unmet.push_back("ttft_p99_s");
    return out;
  }
  for (const PoolSetup& size : sizes) {
    if (size.tp == out.prefill->tp) out.kv_transfer_s = kv_transfer_s(model, size);
  }
  const double transfer_s = out.kv_transfer_s;
  const FleetPoint& p = out.prefill->point;
  const FleetPoint& d = out.decode->point;
  FleetPoint both = d;
  both.gpus = p.gpus + d.gpus;
  both.replicas = p.replicas + d.replicas;
  both.output_tokens_per_s_per_gpu = d.output_tokens_per_s / double(both.gpus);
  both.ttft_p99_s = p.ttft_p99_s + transfer_s + d.ttft_p99_s;
  both.usd_per_hour.reset();
  both.cost_per_million_output_tokens_usd.reset();
  if (p.usd_per_hour && d.usd_per_hour) {
    both.usd_per_hour = *p.usd_per_hour + *d.usd_per_hour;
    if (d.output_tokens_per_s > 0) {
      both.cost_per_million_output_tokens_usd =
          *both.usd_per_hour / (3600 * d.output_tokens_per_s) * 1e6;
    }
  }
  out.point = both;
  return out;
}

}  // namespace llm_sizer
