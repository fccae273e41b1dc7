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

// The fewest replicas of this layout (inference.tp devices each, one KV pool and scheduler each)
// whose simulated p99 TTFT and TPOT meet serving.targets while keeping up with the traffic:
// replica counts grow from 1 (by the served share when overloaded, else doubling) until one meets,
// then a bisection finds the fewest. Each replica simulates serving.workload.requests requests.
ReplicaSearch search_replicas(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                              const WeightsSizer& sizer, const AcceleratorSpec& device,
                              const InferenceInput& inference, const ServingInput& serving,
                              int64_t max_replicas);

}  // namespace llm_sizer
