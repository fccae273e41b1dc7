#pragma once

#include <optional>
#include <vector>

#include "explain/explanation.hpp"
#include "inference/efficiency.hpp"
#include "inference/inverse.hpp"
#include "inference/speed.hpp"
#include "inference/step_model.hpp"

namespace llm_sizer {

struct SpeedPoint {
  int64_t batch = 0;
  int64_t context = 0;
  double tokens_per_s_per_user = 0;
  double throughput_tokens_per_s = 0;
};

// How fast the scenario serves, and what it costs. Absent when the device lacks a sourced
// bandwidth or peak (the result says why).
struct Serving {
  Efficiency efficiency;
  int64_t decode_context = 0;      // the context a typical decode step sees: prompt + output / 2
  StepCost decode;                 // one step of the whole batch
  StepCost prefill_request;        // one request's prompt, alone (its time to first token)
  StepCost prefill_batch;          // every request's prompt
  double decode_tokens_per_s = 0;  // per sequence
  double throughput_tokens_per_s = 0;  // all sequences
  double prefill_tokens_per_s = 0;
  double ttft_s = 0;
  double requests_per_s = 0;
  double ridge_point = 0;  // FLOP per byte where the device turns compute-bound
  std::optional<double> cost_per_million_input_usd;
  std::optional<double> cost_per_million_output_usd;
  std::optional<double> cost_per_million_tokens_usd;  // blended over the request shape
  std::optional<int64_t> gpus_for_target;             // fleet for target_requests_per_s
  std::optional<int64_t> batch_for_target;
  std::vector<SpeedPoint> by_batch;
  std::vector<SpeedPoint> by_context;
};

// `steps` carries the scenario's model, format, device and host; `placed` where its weights live.
std::optional<Serving> estimate_serving(const StepModel& steps, const PlacedMemory& placed,
                                        const InverseAnswers& limits, Explanations& explanations);

}  // namespace llm_sizer
