#include "serving/serving_input.hpp"

#include <string>

#include "error.hpp"
#include "inference/runtime_profile.hpp"
#include "json_object.hpp"
#include "limits.hpp"

namespace llm_sizer {
namespace {

// A log-normal length with mean m reaches m exp(z sigma - sigma^2 / 2) at its 99th percentile
// (z = 2.326), which is at most exp(z^2 / 2) = 14.9 times the mean, at sigma = z.
constexpr double kMaxP99OverMean = 14.9;

}  // namespace

LengthDistribution read_lengths(const FieldReader& r, std::string_view key, int64_t fallback) {
  LengthDistribution lengths;
  lengths.mean = r.int_or(key, fallback, limits::kSequenceTokens);
  const std::string p99_key = std::string(key) + "_p99";
  lengths.p99 = r.optional_int(p99_key, limits::kSequenceTokens);
  if (lengths.p99) {
    const double most = double(lengths.mean) * kMaxP99OverMean;
    if (double(*lengths.p99) < double(lengths.mean) || double(*lengths.p99) > most) {
      throw InputError(
          r.field(p99_key),
          {"error.length_p99", json_object({{"mean", lengths.mean}, {"max", int64_t(most)}})},
          std::to_string(*lengths.p99));
    }
  }
  return lengths;
}

namespace {

Workload read_workload(const Json* section, const InferenceInput& inference) {
  const Json empty = Json::object();
  const FieldReader r(section ? *section : empty, "serving.workload");
  r.reject_unknown({"requests_per_s", "concurrency", "requests", "prompt_tokens",
                    "prompt_tokens_p99", "output_tokens", "output_tokens_p99", "prefix_hit_ratio"});
  Workload w;
  const auto rate = r.optional_number("requests_per_s", limits::kRequestsPerS);
  const auto concurrency = r.optional_int("concurrency", limits::kSequences);
  if (rate && concurrency) {
    throw InputError(r.field("concurrency"), {"error.arrivals_both"}, std::to_string(*concurrency));
  }
  if (rate) {
    w.arrivals = Arrivals::poisson;
    w.requests_per_s = *rate;
  } else if (concurrency) {
    w.arrivals = Arrivals::closed_loop;
    w.concurrency = *concurrency;
  }
  w.requests = r.int_or("requests", 1000, limits::kSimulatedRequests);
  w.prompt = read_lengths(r, "prompt_tokens", inference.prompt_tokens);
  w.output = read_lengths(r, "output_tokens", inference.output_tokens);
  w.prefix_hit_ratio = r.number_or("prefix_hit_ratio", 0, limits::kPrefixHitRatio);
  return w;
}

ServingTargets read_targets(const Json* section) {
  const Json empty = Json::object();
  const FieldReader r(section ? *section : empty, "serving.targets");
  r.reject_unknown({"ttft_p99_s", "tpot_p99_s"});
  return {r.optional_number("ttft_p99_s", limits::kLatencyTargetS),
          r.optional_number("tpot_p99_s", limits::kLatencyTargetS)};
}

}  // namespace

ServingInput parse_serving(const Json& section, const InferenceInput& inference,
                           const ModelSpec& model, int64_t devices) {
  const FieldReader r(section, "serving");
  r.reject_unknown({"workload", "replicas", "block_tokens", "targets"});
  ServingInput in;
  in.workload = read_workload(r.find("workload"), inference);
  const int64_t most_replicas = devices / inference.tp;
  in.replicas = r.int_or("replicas", most_replicas, limits::kDevices);
  if (in.replicas > most_replicas) {
    throw InputError(
        r.field("replicas"),
        {"error.replicas_devices", json_object({{"tp", inference.tp}, {"devices", devices}})},
        std::to_string(in.replicas));
  }
  // The simulation's work grows with the tokens it generates (serving/batching.hpp).
  const int64_t per_replica = (in.workload.requests + in.replicas - 1) / in.replicas;
  if (double(per_replica) * double(in.workload.output.mean) > limits::kSimulatedOutputTokens) {
    const int64_t most =
        int64_t(limits::kSimulatedOutputTokens / double(in.workload.output.mean)) * in.replicas;
    throw InputError("serving.workload.requests",
                     {"error.simulated_tokens",
                      json_object({{"max", std::max<int64_t>(1, most)},
                                   {"tokens", int64_t(limits::kSimulatedOutputTokens)}})},
                     std::to_string(in.workload.requests));
  }
  in.block_tokens =
      r.int_or("block_tokens", kv_block_tokens(inference.runtime), limits::kKvBlockTokens);
  in.targets = read_targets(r.find("targets"));
  if (!model.generates()) {
    throw InputError(
        "serving", {"error.serving_encoder", json_object({{"model_type", model.model_type}})}, "");
  }
  return in;
}

Json serving_input_to_json(const ServingInput& in) {
  const Workload& w = in.workload;
  Json workload = json_object({{"requests", w.requests},
                               {"prompt_tokens", w.prompt.mean},
                               {"output_tokens", w.output.mean},
                               {"prefix_hit_ratio", w.prefix_hit_ratio}});
  if (w.prompt.p99) workload["prompt_tokens_p99"] = *w.prompt.p99;
  if (w.output.p99) workload["output_tokens_p99"] = *w.output.p99;
  if (w.arrivals == Arrivals::poisson) workload["requests_per_s"] = w.requests_per_s;
  if (w.arrivals == Arrivals::closed_loop) workload["concurrency"] = w.concurrency;
  Json targets = Json::object();
  if (in.targets.ttft_p99_s) targets["ttft_p99_s"] = *in.targets.ttft_p99_s;
  if (in.targets.tpot_p99_s) targets["tpot_p99_s"] = *in.targets.tpot_p99_s;
  return json_object({{"workload", workload},
                      {"replicas", in.replicas},
                      {"block_tokens", in.block_tokens},
                      {"targets", targets}});
}

}  // namespace llm_sizer
