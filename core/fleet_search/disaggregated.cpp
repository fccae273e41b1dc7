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

// The fewest replicas of one size meeting `targets` with `serving`'s traffic, if any.
std::optional<Pool> pool_of(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                            const PoolSetup& size, const ServingInput& serving, int64_t max_gpus,
                            int64_t& simulations) {
  const ReplicaSearch search =
      search_replicas(model, tensors, WeightsSizer(model, tensors), size.device, size.instance,
                      serving, std::max<int64_t>(1, max_gpus / size.tp));
  simulations += search.simulations;
  if (!search.fewest_meeting) return std::nullopt;
  return Pool{size.tp, search.points[*search.fewest_meeting]};
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
  for (const PoolSetup& size : sizes) {
    ServingInput decode = size.serving;
    decode.workload.prefilled_elsewhere = true;
    decode.targets = {std::nullopt, targets.tpot_p99_s};
    if (targets.ttft_p99_s) decode.targets.ttft_p99_s = kDecodeWaitShare * *targets.ttft_p99_s;
    const auto pool = pool_of(model, tensors, size, decode, max_gpus, out.simulations);
    if (pool && (!out.decode || cheaper_pool(pool->point, out.decode->point))) out.decode = pool;
  }
  if (!out.decode) {
    out.unmet.push_back("tpot_p99_s");
    return out;
  }
  const double decode_wait_s = out.decode->point.ttft_p99_s;
  double transfer_s = 0;
  for (const PoolSetup& size : sizes) {
    const double transfer = kv_transfer_s(model, size);
    ServingInput prefill = size.serving;
    prefill.workload.output = {1, std::nullopt};
    std::optional<double> budget;
    if (targets.ttft_p99_s) {
      budget = *targets.ttft_p99_s - transfer - decode_wait_s;
      if (*budget <= 0) continue;
    }
    prefill.targets = {budget, std::nullopt};
    const auto pool = pool_of(model, tensors, size, prefill, max_gpus, out.simulations);
    if (pool && (!out.prefill || cheaper_pool(pool->point, out.prefill->point))) {
      out.prefill = pool;
      transfer_s = transfer;
    }
  }
  if (!out.prefill) {
    out.unmet.push_back("ttft_p99_s");
    return out;
  }
  out.kv_transfer_s = transfer_s;
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
