#pragma once

#include <cstdint>
#include <optional>

#include "field_reader.hpp"
#include "inference/inference_input.hpp"

namespace llm_sizer {

// How requests arrive: all at once (an offline benchmark: trtllm-bench throughput, MLPerf
// Offline), as a Poisson process of a given rate (vLLM's benchmark_serving --request-rate, MLPerf
// Server), or with a fixed number in flight, each finished request replaced by the next (a
// closed loop: --max-concurrency).
enum class Arrivals { all_at_once, poisson, closed_loop };

// Token counts of the requests: a fixed length, or a log-normal one with this mean and 99th
// percentile (prompt and answer lengths of chat traffic are close to log-normal).
struct LengthDistribution {
  int64_t mean = 0;
  std::optional<int64_t> p99;
};

// Reads `key` (a mean length, `fallback` when absent) and `key`_p99 (at least the mean, at most
// the log-normal's reach) from `r`. Throws InputError.
LengthDistribution read_lengths(const FieldReader& r, std::string_view key, int64_t fallback);

// serving.workload: the traffic one deployment serves.
struct Workload {
  Arrivals arrivals = Arrivals::all_at_once;
  double requests_per_s = 0;  // Poisson: the whole deployment's rate
  int64_t concurrency = 0;    // closed loop: requests in flight over the deployment
  int64_t requests = 0;       // how many requests the simulation serves
  LengthDistribution prompt;
  LengthDistribution output;
  double prefix_hit_ratio = 0;  // share of each prompt found in the prefix cache (not computed)
  // A disaggregated decode pool's traffic (not a scenario field): each prompt's KV cache arrives
  // from the prefill pool, so only its last token is computed here.
  bool prefilled_elsewhere = false;
};

// serving.targets: the latency a request must meet to count towards goodput.
struct ServingTargets {
  std::optional<double> ttft_p99_s;
  std::optional<double> tpot_p99_s;
};

// The `serving` section: the workload over `replicas` copies of the inference section's model
// instance (tp devices each), each with its own scheduler and KV pool.
struct ServingInput {
  InferenceInput instance;  // the inference section (its defaults when absent): one replica
  Workload workload;
  int64_t replicas = 1;
  int64_t block_tokens = 16;  // the KV cache's page: vLLM block_size, TensorRT-LLM
                              // tokens_per_block, SGLang page_size
  ServingTargets targets;
};

// Reads scenario["serving"]; `inference` (the inference section, defaults filled in) gives the
// model instance, its runtime and the default request shape.
ServingInput parse_serving(const Json& section, const InferenceInput& inference,
                           const ModelSpec& model, int64_t devices);

Json serving_input_to_json(const ServingInput& input);

}  // namespace llm_sizer
