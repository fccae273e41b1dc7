#include "serving/serving_json.hpp"

#include "json_object.hpp"

namespace llm_sizer {
namespace {

Json spread_json(const LatencySpread& s) {
  return json_object({{"mean", s.mean}, {"p50", s.p50}, {"p90", s.p90}, {"p99", s.p99}});
}

}  // namespace

Json serving_to_json(const ServingLoadResult& result) {
  if (!result.load) return json_object({{"unavailable", result.unavailable}});
  const ServingLoad& s = *result.load;
  Json out = json_object(
      {{"replicas", s.replicas},
       {"gpus", s.gpus},
       {"output_tokens_per_s", s.output_tokens_per_s},
       {"output_tokens_per_s_per_gpu", s.output_tokens_per_s_per_gpu},
       {"total_tokens_per_s", s.total_tokens_per_s},
       {"requests_per_s", s.requests_per_s},
       {"ttft_s", spread_json(s.ttft_s)},
       {"tpot_s", spread_json(s.tpot_s)},
       {"itl_s", spread_json(s.itl_s)},
       {"e2e_latency_s", spread_json(s.e2e_latency_s)},
       {"queue_s_mean", s.mean_queue_s},
       {"prefill_s_mean", s.mean_prefill_s},
       {"decode_s_mean", s.mean_decode_s},
       {"mean_batch", s.mean_batch},
       {"peak_batch", s.peak_batch},
       {"requests", s.requests},
       {"served", s.served},
       {"truncated", s.truncated},
       {"preemptions", s.preemptions},
       {"steps_per_replica", s.steps},
       {"duration_s", s.duration_s},
       {"window_s", s.window_s},
       {"complete", s.complete},
       {"overloaded", s.overloaded},
       {"kv_pool_tokens", s.kv_pool_tokens},
       {"kv_pool_bytes_per_device", s.kv_pool_bytes_per_device},
       {"scheduler",
        json_object({{"max_num_seqs", s.max_num_seqs},
                     {"max_batched_tokens", s.max_batched_tokens},
                     {"block_tokens", s.block_tokens},
                     {"admission", s.reserve_whole_request ? "whole_request" : "on_demand_preempt"},
                     {"request_overhead_s", s.request_overhead_s}})}});
  if (s.goodput_requests_per_s) {
    out["goodput_requests_per_s"] = *s.goodput_requests_per_s;
    out["met_targets_fraction"] = *s.met_targets_fraction;
  }
  if (s.cost_per_million_output_tokens_usd) {
    out["cost_per_million_output_tokens_usd"] = *s.cost_per_million_output_tokens_usd;
  }
  return out;
}

}  // namespace llm_sizer
