#pragma once

#include <optional>
#include <string>
#include <vector>

#include "explain/explanation.hpp"
#include "hardware/accelerator.hpp"
#include "inference/inference_input.hpp"
#include "model/tensors.hpp"
#include "quantization/weight_format.hpp"
#include "serving/serving_input.hpp"
#include "warning.hpp"

namespace llm_sizer {

// A latency's distribution over the served requests (or, for inter-token latency, the tokens).
struct LatencySpread {
  double mean = 0;
  double p50 = 0;
  double p90 = 0;
  double p99 = 0;
};

// How one deployment serves its traffic: the KV pool each replica schedules in, and what the
// step-by-step simulation of its requests measured.
struct ServingLoad {
  int64_t replicas = 1;
  int64_t gpus = 1;
  double kv_pool_bytes_per_device = 0;
  double kv_pool_tokens = 0;  // of one replica: the pool over the bytes one token adds
  int64_t block_tokens = 0;
  int64_t max_num_seqs = 0;
  int64_t max_batched_tokens = 0;
  bool reserve_whole_request = false;
  double request_overhead_s = 0;

  int64_t requests = 0;  // simulated over the whole deployment
  int64_t served = 0;
  int64_t truncated = 0;
  int64_t preemptions = 0;
  int64_t steps = 0;  // per replica
  bool complete = true;
  bool overloaded = false;  // Poisson traffic above what the deployment serves

  double duration_s = 0;
  double output_tokens = 0;  // per replica
  double window_s = 0;       // Poisson: the window from the first tenth's arrival to the last's
  double window_output_tokens = 0;
  // The throughput is measured over that window (a steady state was reached), else over the whole
  // run, as a benchmark client divides all it received by its duration.
  bool windowed = false;
  double output_tokens_per_s = 0;
  double output_tokens_per_s_per_gpu = 0;
  double total_tokens_per_s = 0;
  double requests_per_s = 0;
  double mean_batch = 0;  // sequences per step, weighted by time
  int64_t peak_batch = 0;
  double busy_s = 0;
  double running_time_integral = 0;
  LatencySpread ttft_s;
  double mean_queue_s = 0;
  double mean_prefill_s = 0;
  double mean_decode_s = 0;  // first token to last: e2e = queue + prefill + overhead + decode
  LatencySpread tpot_s;
  LatencySpread itl_s;
  LatencySpread e2e_latency_s;
  std::optional<double> goodput_requests_per_s;
  std::optional<double> met_targets_fraction;
  std::optional<double> cost_per_million_output_tokens_usd;
};

// The serving section's answer, or why there is none ("does_not_fit": the weights leave no KV
// pool; "device_figures": the device lacks a sourced bandwidth or peak).
struct ServingLoadResult {
  std::optional<ServingLoad> load;
  std::string unavailable;
};

ServingLoadResult estimate_serving_load(const ModelSpec& model,
                                        const std::vector<TensorSpec>& tensors,
                                        const WeightsSizer& sizer, const AcceleratorSpec& device,
                                        const InferenceInput& inference, const ServingInput& input,
                                        Explanations& explanations, Warnings& warnings);

}  // namespace llm_sizer
