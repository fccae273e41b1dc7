#include "fleet_search/disaggregated.hpp"

#include <utility>

#include "fleet_search/size_search.hpp"

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
SizeCandidate pool_candidate(const PoolSetup& size, ServingInput serving, int64_t max_gpus) {
  return {&size.device, &size.instance, std::move(serving), max_replicas(max_gpus, size.tp), ""};
}

// The cheapest pool over the candidates (one per size, as `sizes` lists them): the fewest
// replicas of a size meeting its targets (search_sizes).
std::optional<Pool> cheapest_pool(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                  const std::vector<const PoolSetup*>& sizes,
                                  const std::vector<SizeCandidate>& candidates,
                                  DisaggregatedLayout& out) {
  const std::vector<SizeOutcome> outcomes = search_sizes(model, tensors, candidates, cheaper_pool);
  std::optional<Pool> best;
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const SizeOutcome& o = outcomes[i];
    out.estimates += o.estimate.estimates;
    if (!o.search) continue;
    out.simulations += o.search->simulations;
    if (!o.search->fewest_meeting) continue;
    const Pool pool{sizes[i]->tp, o.search->points[*o.search->fewest_meeting]};
    // Equal costs: the smaller size.
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
  std::vector<const PoolSetup*> decode_sizes;
  std::vector<SizeCandidate> decode_candidates;
  for (const PoolSetup& size : sizes) {
    ServingInput decode = size.serving;
    decode.workload.prefilled_elsewhere = true;
    decode.targets = {std::nullopt, targets.tpot_p99_s};
    if (targets.ttft_p99_s) decode.targets.ttft_p99_s = kDecodeWaitShare * *targets.ttft_p99_s;
    decode_sizes.push_back(&size);
    decode_candidates.push_back(pool_candidate(size, decode, max_gpus));
  }
  out.decode = cheapest_pool(model, tensors, decode_sizes, decode_candidates, out);
  if (!out.decode) {
    out.unmet.push_back("tpot_p99_s");
    return out;
  }
  const double decode_wait_s = out.decode->point.ttft_p99_s;
  std::vector<const PoolSetup*> prefill_sizes;
  std::vector<SizeCandidate> prefill_candidates;
  for (const PoolSetup& size : sizes) {
    ServingInput prefill = size.serving;
    prefill.workload.output = {1, std::nullopt};
    std::optional<double> budget;
    if (targets.ttft_p99_s) {
      budget = *targets.ttft_p99_s - kv_transfer_s(model, size) - decode_wait_s;
      if (*budget <= 0) continue;
    }
    prefill.targets = {budget, std::nullopt};
    prefill_sizes.push_back(&size);
    prefill_candidates.push_back(pool_candidate(size, prefill, max_gpus));
  }
  out.prefill = cheapest_pool(model, tensors, prefill_sizes, prefill_candidates, out);
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
