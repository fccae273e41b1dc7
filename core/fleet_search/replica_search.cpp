#include "fleet_search/replica_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "serving/replica_model.hpp"
#include "serving/serving_load.hpp"
#include "serving/steady_state.hpp"
#include "serving/workload.hpp"

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

// Whether `p` is as near the targets as its layout gets: a count at most half its replicas, keeping
// up as it does, was within kLatencyFloorGain of it.
bool at_latency_floor(const std::vector<FleetPoint>& points, const FleetPoint& p) {
  if (p.overloaded) return false;
  const FleetPoint* half = nullptr;
  for (const FleetPoint& q : points) {
    if (2 * q.replicas <= p.replicas && (!half || q.replicas > half->replicas)) half = &q;
  }
  return half && !half->overloaded && p.shortfall >= (1 - kLatencyFloorGain) * half->shortfall;
}

// The same from the steady-state formulas.
double formula_shortfall(const SteadyState& s, const ServingTargets& targets) {
  if (!s.keeps_up) return std::numeric_limits<double>::infinity();
  double worst = 0;
  if (targets.ttft_p99_s) worst = std::max(worst, s.ttft_p99_s / *targets.ttft_p99_s);
  if (targets.tpot_p99_s) worst = std::max(worst, s.tpot_p99_s / *targets.tpot_p99_s);
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

// A replica count's point from the formulas' steady state at its share of the traffic.
FleetPoint estimated_point(const SteadyState& s, int64_t replicas, const InferenceInput& inference,
                           const ServingInput& serving) {
  FleetPoint p;
  p.estimated = true;
  p.replicas = replicas;
  p.gpus = replicas * inference.tp;
  p.output_tokens_per_s = s.output_tokens_per_s * double(replicas);
  p.output_tokens_per_s_per_gpu = p.output_tokens_per_s / double(p.gpus);
  p.requests_per_s = s.keeps_up ? serving.workload.requests_per_s : 0;
  p.tokens_per_s_per_user = s.tpot_mean_s > 0 ? 1 / s.tpot_mean_s : 0;
  p.ttft_p99_s = s.ttft_p99_s;
  p.tpot_p99_s = s.tpot_p99_s;
  p.overloaded = !s.keeps_up;
  p.shortfall = formula_shortfall(s, serving.targets);
  p.meets = p.shortfall <= 1;
  if (inference.price_per_gpu_hour_usd) {
    p.usd_per_hour = *inference.price_per_gpu_hour_usd * double(p.gpus);
    if (p.output_tokens_per_s > 0) {
      p.cost_per_million_output_tokens_usd = *p.usd_per_hour / 3600 / p.output_tokens_per_s * 1e6;
    }
  }
  return p;
}

}  // namespace

bool screened_out(const FleetPoint& estimate, const FleetPoint& simulated) {
  if (estimate.usd_per_hour && simulated.usd_per_hour) {
    return *estimate.usd_per_hour > kScreenMargin * *simulated.usd_per_hour;
  }
  return double(estimate.gpus) > kScreenMargin * double(simulated.gpus);
}

ReplicaEstimate estimate_replicas(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                  const WeightsSizer& sizer, const AcceleratorSpec& device,
                                  const InferenceInput& inference, const ServingInput& serving,
                                  int64_t max_replicas) {
  ReplicaEstimate out;
  const ReplicaModel replica(model, tensors, sizer, device, inference, serving);
  if (!replica.unavailable().empty()) {
    out.unavailable = replica.unavailable();
    return out;
  }
  if (serving.workload.arrivals != Arrivals::poisson) {
    // The formulas are for Poisson arrivals: a closed loop's simulation starts at one replica, and
    // its layouts are all simulated (an estimate that does not meet screens nothing).
    out.point.gpus = inference.tp;
    if (inference.price_per_gpu_hour_usd) {
      out.point.usd_per_hour = *inference.price_per_gpu_hour_usd * double(inference.tp);
    }
    out.point.estimated = true;
    return out;
  }
  const TrafficMoments moments =
      traffic_moments(replica_traffic(serving.workload, 1, replica.max_tokens()));
  const auto at = [&](int64_t replicas) {
    ++out.estimates;
    const SteadyState s =
        steady_state(replica, moments, serving.workload.requests_per_s / double(replicas));
    const FleetPoint p = estimated_point(s, replicas, inference, serving);
    const auto same = std::find_if(out.points.begin(), out.points.end(),
                                   [&](const FleetPoint& q) { return q.replicas == replicas; });
    if (same == out.points.end()) out.points.push_back(p);
    return p;
  };
  const auto shortfall_at = [&](int64_t replicas) { return at(replicas).shortfall; };
  // The fewest replica counts whose estimate is within `bound`, by bisection (a replica's share of
  // the traffic only shrinks as they grow); nullopt when even max_replicas is not.
  const auto fewest_within = [&](double bound) -> std::optional<int64_t> {
    if (shortfall_at(max_replicas) > bound) return std::nullopt;
    int64_t low = 0;
    int64_t high = max_replicas;
    while (high - low > 1) {
      const int64_t middle = low + (high - low) / 2;
      (shortfall_at(middle) <= bound ? high : low) = middle;
    }
    return high;
  };
  // The estimate of the fewest meeting, else of where more replicas stop helping.
  if (const auto meeting = fewest_within(1)) {
    out.start = *meeting;
  } else {
    const double floor = shortfall_at(max_replicas);
    if (std::isfinite(floor))
      out.start = fewest_within(floor * (1 + kLatencyFloorGain)).value_or(1);
  }
  out.point = at(out.start);
  std::sort(out.points.begin(), out.points.end(),
            [](const FleetPoint& a, const FleetPoint& b) { return a.replicas < b.replicas; });
  return out;
}

ReplicaSearch search_replicas(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                              const WeightsSizer& sizer, const AcceleratorSpec& device,
                              const InferenceInput& inference, const ServingInput& serving,
                              int64_t max_replicas, const ReplicaEstimate& estimate) {
  ReplicaSearch search;
  if (!estimate.unavailable.empty()) {
    search.unavailable = estimate.unavailable;
    return search;
  }
  // One replica count simulated: the fleet's p99s (confirming or correcting the estimate).
  const auto simulate = [&](int64_t replicas) -> FleetPoint {
    ServingInput fleet = serving;
    fleet.replicas = replicas;
    // Each replica simulates the workload's request count at its share of the traffic.
    fleet.workload.requests = serving.workload.requests * replicas;
    Explanations unused_explanations;
    Warnings unused_warnings;
    const ServingLoadResult answer = estimate_serving_load(
        model, tensors, sizer, device, inference, fleet, unused_explanations, unused_warnings);
    ++search.simulations;
    search.points.push_back(
        point_of(*answer.load, serving.targets, inference.price_per_gpu_hour_usd));
    return search.points.back();
  };

  const int64_t start = estimate.start;
  int64_t failing = 0;  // the most replicas known to miss
  int64_t meeting = 0;  // the fewest known to meet
  const FleetPoint first = simulate(start);
  if (first.meets) {
    // Down from the estimate, by growing steps, to a count that misses.
    meeting = start;
    for (int64_t step = std::max<int64_t>(1, start / 8); meeting > 1; step *= 2) {
      const int64_t replicas = std::max<int64_t>(1, meeting - step);
      if (!simulate(replicas).meets) {
        failing = replicas;
        break;
      }
      meeting = replicas;
    }
  } else {
    // Up from the estimate: to the served rate when the fleet falls behind, else by growing steps,
    // until a count meets, max_replicas misses, or doubling the replicas no longer helps.
    failing = start;
    FleetPoint last = first;
    for (int64_t step = std::max<int64_t>(1, start / 8); failing < max_replicas; step *= 2) {
      int64_t next = failing + step;
      if (last.overloaded && last.requests_per_s > 0) {
        const double needed = double(failing) * serving.workload.requests_per_s /
                              last.requests_per_s * kOverloadMargin;
        next = std::max(next, int64_t(std::ceil(std::min(needed, double(max_replicas)))));
      }
      next = std::min(next, max_replicas);
      last = simulate(next);
      if (last.meets) {
        meeting = next;
        break;
      }
      failing = next;
      if (at_latency_floor(search.points, last)) {
        search.latency_floor = true;
        break;
      }
    }
  }
  while (meeting > 0 && meeting - failing > 1) {
    const int64_t middle = failing + (meeting - failing) / 2;
    (simulate(middle).meets ? meeting : failing) = middle;
  }
  std::sort(search.points.begin(), search.points.end(),
            [](const FleetPoint& a, const FleetPoint& b) { return a.replicas < b.replicas; });
  for (size_t i = 0; i < search.points.size(); ++i) {
    if (search.points[i].replicas == meeting) search.fewest_meeting = i;
  }
  return search;
}

}  // namespace llm_sizer
