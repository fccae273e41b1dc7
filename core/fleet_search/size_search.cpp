#include "fleet_search/size_search.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace llm_sizer {

int64_t max_replicas(int64_t max_gpus, int64_t tp) {
  return std::max<int64_t>(1, max_gpus / tp);
}

std::vector<SizeOutcome> search_sizes(const ModelSpec& model,
                                      const std::vector<TensorSpec>& tensors,
                                      const std::vector<SizeCandidate>& candidates,
                                      CostOrder cheaper, const SizeSearchHooks& hooks) {
  const WeightsSizer sizer(model, tensors);
  std::vector<SizeOutcome> outcomes(candidates.size());
  for (size_t i = 0; i < candidates.size(); ++i) {
    const SizeCandidate& c = candidates[i];
    outcomes[i].estimate = estimate_replicas(model, tensors, sizer, *c.device, *c.inference,
                                             c.serving, c.max_replicas);
  }
  // Estimates that meet first, the cheapest first; equal ones as the candidates come.
  std::vector<size_t> order(candidates.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const FleetPoint& p = outcomes[a].estimate.point;
    const FleetPoint& q = outcomes[b].estimate.point;
    if (p.meets != q.meets) return p.meets;
    return cheaper(p, q);
  });
  std::map<std::string, FleetPoint> cheapest;  // per group: simulated, meeting the targets
  for (const size_t i : order) {
    const SizeCandidate& c = candidates[i];
    SizeOutcome& out = outcomes[i];
    const auto best = cheapest.find(c.group);
    if (!out.estimate.unavailable.empty()) {
      // cannot serve at this size: nothing to simulate
    } else if (best != cheapest.end() && out.estimate.point.meets &&
               screened_out(out.estimate.point, best->second)) {
      out.screened = true;
    } else if (!hooks.may_simulate || hooks.may_simulate()) {
      out.search = search_replicas(model, tensors, sizer, *c.device, *c.inference, c.serving,
                                   c.max_replicas, out.estimate);
      if (out.search->unavailable.empty() && out.search->fewest_meeting) {
        const FleetPoint& met = out.search->points[*out.search->fewest_meeting];
        if (best == cheapest.end()) {
          cheapest.emplace(c.group, met);
        } else if (cheaper(met, best->second)) {
          best->second = met;
        }
      }
    }
    if (hooks.done) hooks.done(i, out);
  }
  return outcomes;
}

}  // namespace llm_sizer
