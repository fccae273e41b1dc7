#pragma once

#include "serving/replica_model.hpp"
#include "serving/workload.hpp"

namespace llm_sizer {

// The lengths of one replica's requests that the steady-state formulas read.
struct TrafficMoments {
  double prompt_mean = 0;
  double prompt_p99 = 0;
  double computed_prompt_mean = 0;  // less the tokens found in the prefix cache
  double output_mean = 0;
};

TrafficMoments traffic_moments(const ReplicaTraffic& traffic);

// A replica's continuous batching in its steady state under Poisson arrivals, from queueing
// formulas instead of the step-by-step simulation (the fleet search screens layouts with them and
// confirms its answers with the simulation).
struct SteadyState {
  bool keeps_up = false;     // a steady state exists within the step budget, the caps and the pool
  double step_s = 0;         // the mean step
  double running = 0;        // sequences decoding, on average
  double prefill_share = 0;  // of the steps, those that carry prompt chunks
  double ttft_p99_s = 0;
  double tpot_mean_s = 0;
  double tpot_p99_s = 0;
  double output_tokens_per_s = 0;  // of the replica
};

// The mean step T solves T = step(rate x (output - 1) x T sequences decoding, rate x T x prompt
// tokens in chunks) by Little's law (Little 1961), iterated up from one sequence's step; prompts
// share the steps as chunks (Agrawal et al. 2024, Sarathi-Serve) and wait for the chunk budget as
// in an M/D/1 queue. `requests_per_s` is this replica's share of the traffic.
SteadyState steady_state(const ReplicaModel& replica, const TrafficMoments& moments,
                         double requests_per_s);

}  // namespace llm_sizer
