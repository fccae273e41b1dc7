#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hardware/accelerator.hpp"
#include "inference/inference_input.hpp"
#include "model/tensors.hpp"
#include "quantization/weight_format.hpp"
#include "serving/serving_input.hpp"

namespace llm_sizer {

// One layout (a device, its tensor-parallel size) at one replica count: what the serving
// simulation measured for one replica at its share of the traffic.
struct FleetPoint {
  int64_t replicas = 1;
  int64_t gpus = 1;
  double output_tokens_per_s = 0;  // the whole fleet
  double output_tokens_per_s_per_gpu = 0;
  double requests_per_s = 0;         // served, the whole fleet
  double tokens_per_s_per_user = 0;  // 1 / mean TPOT: how fast one answer streams
  double ttft_p99_s = 0;
  double tpot_p99_s = 0;
  bool overloaded = false;  // the queue grows: the fleet does not keep up with the traffic
  bool served_all = true;   // every request admitted (none larger than a replica's KV pool)
  bool meets = false;       // keeps up, serves all, and both p99s within their targets
  bool estimated = false;   // from the steady-state formulas, not the simulation
  std::optional<double> usd_per_hour;
  std::optional<double> cost_per_million_output_tokens_usd;
  // How far the point is from the targets: the larger of p99 / target over the targets given
  // (1 or less: met); infinite when it does not keep up or leaves requests unserved.
  double shortfall = 0;
};

// Doubling the replicas must shorten the worst p99 by more than this share to be worth it; points
// within it of a layout's best are as near the targets as that layout gets.
inline constexpr double kLatencyFloorGain = 0.02;

// The replica counts one layout was simulated at, fewest first, and the fewest that meets the
// targets, when one does within max_replicas.
struct ReplicaSearch {
  std::string unavailable;  // "does_not_fit" or "device_figures": no KV pool, or no rates
  std::vector<FleetPoint> points;
  std::optional<size_t> fewest_meeting;  // an index into points
  // More replicas stopped shortening the latencies before they met the targets: one request
  // alone on a replica is already too slow for them.
  bool latency_floor = false;
  int64_t simulations = 0;
};

// What the steady-state formulas (serving/steady_state.hpp) say of one layout before any
// simulation: the fewest replicas they find meeting the targets, or, when none up to max_replicas
// does, the fewest past which more stop shortening the latencies; that count's figures. For
// Poisson traffic only: a closed loop starts at one replica, its point not meeting.
struct ReplicaEstimate {
  std::string unavailable;         // as ReplicaSearch's
  int64_t start = 1;               // where the simulation starts
  FleetPoint point;                // at `start`, from the formulas
  std::vector<FleetPoint> points;  // every replica count priced, fewest first
  int64_t estimates = 0;           // replica counts priced
};

// A layout whose estimate costs more than this many times the cheapest simulated one is left at
// its estimate: the formulas put a layout's replicas within about a tenth of the simulation's
// (tests/unit/steady_state_test.cpp), so it cannot be the cheapest.
inline constexpr double kScreenMargin = 1.5;

// Whether an estimate is past kScreenMargin of a simulated point: per hour where both are priced,
// else by GPUs.
bool screened_out(const FleetPoint& estimate, const FleetPoint& simulated);

ReplicaEstimate estimate_replicas(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                  const WeightsSizer& sizer, const AcceleratorSpec& device,
                                  const InferenceInput& inference, const ServingInput& serving,
                                  int64_t max_replicas);

// The fewest replicas of this layout (inference.tp devices each, one KV pool and scheduler each)
// whose simulated p99 TTFT and TPOT meet serving.targets while keeping up with the traffic. The
// simulation starts at the estimate's count and steps down (or up: by the served share when
// overloaded) by growing steps until it brackets the fewest, which a bisection finds. Each replica
// simulates serving.workload.requests requests.
ReplicaSearch search_replicas(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                              const WeightsSizer& sizer, const AcceleratorSpec& device,
                              const InferenceInput& inference, const ServingInput& serving,
                              int64_t max_replicas, const ReplicaEstimate& estimate);

}  // namespace llm_sizer
