#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fleet_search/replica_search.hpp"
#include "hardware/accelerator.hpp"
#include "inference/inference_input.hpp"
#include "model/tensors.hpp"
#include "serving/serving_input.hpp"

namespace llm_sizer {

// The most replicas of tp devices each that max_gpus allows (at least one).
int64_t max_replicas(int64_t max_gpus, int64_t tp);

// One size to search: a device at one tensor-parallel size (inference.tp) with the traffic and
// targets it serves there. `group` names the candidates that screen one another (a device).
struct SizeCandidate {
  const AcceleratorSpec* device = nullptr;
  const InferenceInput* inference = nullptr;
  ServingInput serving;
  int64_t max_replicas = 1;
  std::string group;
};

// What the search did with one candidate: its estimate always; its simulated search unless it
// could not serve, was screened, or the budget ran out first.
struct SizeOutcome {
  ReplicaEstimate estimate;
  std::optional<ReplicaSearch> search;
  bool screened = false;  // its estimate costs past kScreenMargin of its group's cheapest answer
};

// Orders points by cost: true when the first is cheaper.
using CostOrder = bool (*)(const FleetPoint&, const FleetPoint&);

struct SizeSearchHooks {
  std::function<bool()> may_simulate;  // asked before each simulation (a budget); none: always
  std::function<void(size_t candidate, const SizeOutcome&)> done;  // after each candidate
};

// Every candidate estimated by the steady-state formulas, then simulated from the cheapest
// estimate meeting the targets on (search_replicas starting at its estimate). A candidate whose
// estimate meets at more than kScreenMargin times the cheapest simulated answer of its group is
// left at its estimate: the formulas are within about a tenth of the simulation, so it cannot be
// the cheapest. The outcomes come in the candidates' order.
std::vector<SizeOutcome> search_sizes(const ModelSpec& model,
                                      const std::vector<TensorSpec>& tensors,
                                      const std::vector<SizeCandidate>& candidates,
                                      CostOrder cheaper, const SizeSearchHooks& hooks = {});

}  // namespace llm_sizer
