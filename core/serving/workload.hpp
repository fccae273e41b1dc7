#pragma once

#include <cstdint>
#include <vector>

#include "serving/serving_input.hpp"

namespace llm_sizer {

// The standard normal's 99th percentile: where a p99 length or a p99 spread sits.
inline constexpr double kNormalZ99 = 2.3263478740408408;

// One request as the simulation serves it.
struct Request {
  double arrival_s = 0;  // closed loop: set when a slot frees
  int64_t prompt_tokens = 0;
  int64_t output_tokens = 0;
  int64_t cached_tokens = 0;  // prompt tokens found in the prefix cache
};

// What one replica serves: its share of the requests, in arrival order, and its share of the
// rate or of the requests in flight.
struct ReplicaTraffic {
  std::vector<Request> requests;
  Arrivals arrivals = Arrivals::all_at_once;
  int64_t concurrency = 0;  // closed loop
  int64_t truncated = 0;    // requests whose sampled length was cut to max_tokens
};

// The requests of one of `replicas` replicas, which the deployment's load balancer gives an equal
// share (round robin). Deterministic: lengths are the distribution's quantiles at evenly spread
// probabilities, taken in a scrambled order; Poisson gaps are exponential quantiles at a Weyl
// sequence. A request holds at most `max_tokens` tokens (the model's context).
ReplicaTraffic replica_traffic(const Workload& workload, int64_t replicas, int64_t max_tokens);

}  // namespace llm_sizer
