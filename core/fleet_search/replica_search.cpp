#include "fleet_search/replica_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "serving/serving_load.hpp"

namespace llm_sizer {
namespace {

// An overloaded fleet grows past the replicas its served rate asks for by this margin, so the
// next count is not just as short.
constexpr double kOverloadMargin = 1.1;

double shortfall(const ServingLoad& load, const ServingTargets& targets) {
  if (load.overloaded || load.served < load.requests || !load.complete) {
    return std::numeric_limits<double>::infinity();
  }
  double worst = 0;
  if (targets.ttft_p99_s) worst = std::max(worst, load.ttft_s.p99 / *targets.ttft_p99_s);
  if (targets.tpot_p99_s) worst = std::max(worst, load.tpot_s.p99 / *targets.tpot_p99_s);
  return worst;
}

FleetPoint point_of(const ServingLoad& load, const ServingTargets& targets,
                    const std::optional<double>& price) {
  FleetPoint p;
  p.replicas = load.replicas;
  p.gpus = load.gpus;
  p.output_tokens_per_s = load.output_tokens_per_s;
  p.output_tokens_per_s_per_gpu = load.output_tokens_per_s_per_gpu;
  p.requests_per_s = load.requests_per_s;
  p.tokens_per_s_per_user = load.tpot_s.mean > 0 ? 1 / load.tpot_s.mean : 0;
  p.ttft_p99_s = load.ttft_s.p99;
  p.tpot_p99_s = load.tpot_s.p99;
  p.overloaded = load.overloaded;
  p.served_all = load.served == load.requests && load.complete;
  p.shortfall = shortfall(load, targets);
  p.meets = p.shortfall <= 1;
  if (price) p.usd_per_hour = *price * double(load.gpus);
  p.cost_per_million_output_tokens_usd = load.cost_per_million_output_tokens_usd;
  return p;
}

}  // namespace

ReplicaSearch search_replicas(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                              const WeightsSizer& sizer, const AcceleratorSpec& device,
                              const InferenceInput& inference, const ServingInput& serving,
                              int64_t max_replicas) {
  ReplicaSearch search;
  // One replica count's answer; nullopt when the layout cannot serve at all.
  const auto simulate = [&](int64_t replicas) -> std::optional<FleetPoint> {
    ServingInput fleet = serving;
    fleet.replicas = replicas;
    // Each replica simulates the workload's request count at its share of the traffic.
    fleet.workload.requests = serving.workload.requests * replicas;
    Explanations unused_explanations;
    Warnings unused_warnings;
    const ServingLoadResult answer = estimate_serving_load(
        model, tensors, sizer, device, inference, fleet, unused_explanations, unused_warnings);
    ++search.simulations;
    if (!answer.load) {
      search.unavailable = answer.unavailable;
      return std::nullopt;
    }
    search.points.push_back(
        point_of(*answer.load, serving.targets, inference.price_per_gpu_hour_usd));
    return search.points.back();
  };

  int64_t failing = 0;  // the most replicas known to miss
  int64_t meeting = 0;  // the fewest known to meet
  std::optional<FleetPoint> previous;
  for (int64_t replicas = 1;;) {
    const auto p = simulate(replicas);
    if (!p) return search;
    if (p->meets) {
      meeting = replicas;
      break;
    }
    failing = replicas;
    if (replicas >= max_replicas) break;
    if (previous && !p->overloaded && !previous->overloaded &&
        p->shortfall >= (1 - kLatencyFloorGain) * previous->shortfall) {
      search.latency_floor = true;
      break;
    }
    int64_t next = 2 * replicas;
    if (p->overloaded && p->requests_per_s > 0) {
      // The fleet serves what it can of the offered rate: grow it to the rate, and a margin.
      const double needed =
          double(replicas) * serving.workload.requests_per_s / p->requests_per_s * kOverloadMargin;
      next = std::max(replicas + 1, int64_t(std::ceil(std::min(needed, double(max_replicas)))));
    }
    previous = p;
    replicas = std::min(next, max_replicas);
  }
  while (meeting > 0 && meeting - failing > 1) {
    const int64_t middle = failing + (meeting - failing) / 2;
    const auto p = simulate(middle);
    if (!p) return search;
    (p->meets ? meeting : failing) = middle;
  }
  std::sort(search.points.begin(), search.points.end(),
            [](const FleetPoint& a, const FleetPoint& b) { return a.replicas < b.replicas; });
  for (size_t i = 0; i < search.points.size(); ++i) {
    if (search.points[i].replicas == meeting) search.fewest_meeting = i;
  }
  return search;
}

}  // namespace llm_sizer
