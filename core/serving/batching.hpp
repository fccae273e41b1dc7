#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "inference/kv_cache.hpp"
#include "inference/speed.hpp"
#include "serving/token_flops.hpp"
#include "serving/workload.hpp"

namespace llm_sizer {

// One replica's scheduler, as vLLM, SGLang and TensorRT-LLM run it: continuous batching with
// chunked prefill over a paged KV pool.
struct Scheduler {
  int64_t max_num_seqs = 0;        // 0: no cap on sequences in flight
  int64_t max_batched_tokens = 0;  // tokens per step: decodes first, then prompt chunks
  int64_t block_tokens = 16;
  double kv_pool_bytes = 0;  // whole model (before any tensor-parallel split)
  KvLayout kv;
  // TensorRT-LLM's default GUARANTEED_NO_EVICT policy admits a request only when the pool holds
  // its whole prompt and answer; vLLM and SGLang allocate as sequences grow and preempt the
  // newest (recomputing it later) when the pool runs out.
  bool reserve_whole_request = false;
};

// What happened to one request.
struct RequestTiming {
  double arrival_s = 0;
  double admitted_s = 0;  // first scheduled: the end of its wait in the queue
  double first_token_s = 0;
  double finish_s = 0;
  int64_t output_tokens = 0;
  bool served = false;  // false: it needs more KV cache than the whole pool
};

struct SimulationOutcome {
  std::vector<RequestTiming> requests;
  // Gaps between consecutive tokens of a request, with how many tokens had each gap.
  std::vector<std::pair<double, double>> token_gaps;
  int64_t steps = 0;
  int64_t preemptions = 0;
  int64_t peak_running = 0;
  double running_time_integral = 0;  // sum of step time x sequences in it
  double busy_s = 0;
  double prefill_tokens = 0;  // prompt tokens computed, recomputation included
  bool complete = true;       // false: preemptions kept recomputing and the run was cut short
  // Poisson traffic: tokens that came out while requests kept arriving, from the arrival of the
  // first tenth's last request (the engine has filled) to the last arrival: the steady state a
  // long benchmark measures, without the warm-up from empty or the drain at the end.
  double window_s = 0;
  double window_tokens = 0;
};

// The time of one step from what it holds (the model's mixed-batch roofline).
using StepSeconds = std::function<double(const MixedBatch&)>;

// An iteration-level simulation (Yu et al. 2022, Orca; Kwon et al. 2023, vLLM): each step runs
// one token of every decoding sequence and, in the tokens left of max_batched_tokens, chunks of
// the prompts waiting in arrival order; a step's end is when its tokens come out. Bounded: every
// step emits a token or advances a prompt, and the caller bounds the tokens.
SimulationOutcome simulate(const ReplicaTraffic& traffic, const Scheduler& scheduler,
                           const TokenFlops& flops, const StepSeconds& step_seconds);

}  // namespace llm_sizer
