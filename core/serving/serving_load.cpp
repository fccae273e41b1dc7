#include "serving/serving_load.hpp"

#include <algorithm>
#include <cmath>

#include "inference/kv_cache.hpp"
#include "inference/memory.hpp"
#include "json_object.hpp"
#include "serving/batching.hpp"
#include "serving/replica_model.hpp"
#include "serving/workload.hpp"

namespace llm_sizer {
namespace {

// A Poisson run whose traffic lasts fewer request lifetimes than this past its first tenth never
// reaches a steady state: it is mostly warm-up and drain (a benchmark of a few dozen prompts).
constexpr double kSteadyLifetimes = 3;

// Nearest-rank percentiles (the convention of vLLM's benchmark_serving) over (value, how many)
// pairs: the inter-token gaps come so, a request's latencies one each.
LatencySpread weighted_spread(std::vector<std::pair<double, double>> values) {
  LatencySpread s;
  std::sort(values.begin(), values.end());
  double count = 0;
  double sum = 0;
  for (const auto& [v, n] : values) {
    count += n;
    sum += v * n;
  }
  if (count <= 0) return s;
  s.mean = sum / count;
  const auto rank = [&](double p) {
    const double k = std::max(1.0, std::ceil(p * count));
    double seen = 0;
    for (const auto& [v, n] : values) {
      seen += n;
      if (seen >= k) return v;
    }
    return values.back().first;
  };
  s.p50 = rank(0.50);
  s.p90 = rank(0.90);
  s.p99 = rank(0.99);
  return s;
}

// The same for values one each: sorted as they are, the k-th by index (weighted_spread's ranks and
// its sum in ascending order, without the pairs: the fleet search takes thousands of these).
LatencySpread spread(std::vector<double> values) {
  LatencySpread s;
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  double sum = 0;
  for (const double v : values) sum += v;
  const double count = double(values.size());
  s.mean = sum / count;
  const auto rank = [&](double p) {
    const double k = std::max(1.0, std::ceil(p * count));
    return values[std::min(values.size(), size_t(k)) - 1];
  };
  s.p50 = rank(0.50);
  s.p90 = rank(0.90);
  s.p99 = rank(0.99);
  return s;
}

// Poisson arrivals faster than the requests finish: the wait in the queue grows for as long as
// they come, where a stable queue's wait stays level. Compares the arrivals' last quarter with
// their second (the first still fills an empty engine).
bool queue_grows(const SimulationOutcome& sim) {
  const size_t n = sim.requests.size();
  if (n < 8) return false;
  const auto mean_wait = [&](size_t from, size_t to) {
    double sum = 0;
    double latency = 0;
    for (size_t i = from; i < to; ++i) {
      sum += sim.requests[i].admitted_s - sim.requests[i].arrival_s;
      latency += sim.requests[i].finish_s - sim.requests[i].admitted_s;
    }
    return std::pair{sum / double(to - from), latency / double(to - from)};
  };
  const auto [early_wait, early_service] = mean_wait(n / 4, n / 2);
  const auto [late_wait, late_service] = mean_wait(3 * n / 4, n);
  return late_wait > 2 * early_wait + 0.1 * early_service;
}

void summarise(const SimulationOutcome& sim, const ReplicaTraffic& traffic, const ServingInput& in,
               ServingLoad& load) {
  std::vector<double> ttft, tpot, e2e, queue, prefill, decode;
  double output = 0;
  double prompt = 0;
  double end = 0;
  int64_t met = 0;
  int64_t served = 0;
  // Poisson traffic: the first tenth of the requests find an engine filling from empty; their
  // latencies are left out, as a long benchmark's are negligible.
  const size_t first_measured =
      in.workload.arrivals == Arrivals::poisson ? sim.requests.size() / 10 : 0;
  for (size_t i = 0; i < sim.requests.size(); ++i) {
    const RequestTiming& r = sim.requests[i];
    if (!r.served) continue;
    output += double(r.output_tokens);
    prompt += double(traffic.requests[i].prompt_tokens);
    end = std::max(end, r.finish_s);
    ++served;
    if (i < first_measured) continue;
    const double first = r.first_token_s - r.arrival_s + load.request_overhead_s;
    const double per_token =
        r.output_tokens > 1 ? (r.finish_s - r.first_token_s) / double(r.output_tokens - 1) : 0.0;
    ttft.push_back(first);
    queue.push_back(r.admitted_s - r.arrival_s);
    prefill.push_back(r.first_token_s - r.admitted_s);
    decode.push_back(r.finish_s - r.first_token_s);
    if (r.output_tokens > 1) tpot.push_back(per_token);
    e2e.push_back(r.finish_s - r.arrival_s + load.request_overhead_s);
    const bool fast_start = !in.targets.ttft_p99_s || first <= *in.targets.ttft_p99_s;
    const bool fast_tokens = !in.targets.tpot_p99_s || per_token <= *in.targets.tpot_p99_s;
    if (fast_start && fast_tokens) ++met;
  }
  const double replicas = double(load.replicas);
  load.served = served * load.replicas;
  load.duration_s = end;
  load.output_tokens = output;
  load.window_s = sim.window_s;
  load.window_output_tokens = sim.window_tokens;
  load.e2e_latency_s = spread(e2e);
  load.windowed = sim.window_s > 0 && sim.window_tokens > 0 &&
                  sim.window_s >= kSteadyLifetimes * load.e2e_latency_s.mean;
  if (load.windowed) {
    // Steady state: what came out while the traffic lasted; prompts and requests in proportion.
    load.output_tokens_per_s = sim.window_tokens / sim.window_s * replicas;
    load.total_tokens_per_s = load.output_tokens_per_s * (output + prompt) / output;
    load.requests_per_s = load.output_tokens_per_s * double(served) / output;
  } else if (end > 0) {
    load.output_tokens_per_s = output / end * replicas;
    load.total_tokens_per_s = (output + prompt) / end * replicas;
    load.requests_per_s = double(served) / end * replicas;
  }
  load.output_tokens_per_s_per_gpu = load.output_tokens_per_s / double(load.gpus);
  load.ttft_s = spread(ttft);
  load.mean_queue_s = spread(queue).mean;
  load.mean_prefill_s = spread(prefill).mean;
  load.mean_decode_s = spread(decode).mean;
  load.tpot_s = spread(tpot);
  load.itl_s = weighted_spread(sim.token_gaps);
  if ((in.targets.ttft_p99_s || in.targets.tpot_p99_s) && !ttft.empty()) {
    load.goodput_requests_per_s = load.requests_per_s * double(met) / double(ttft.size());
    load.met_targets_fraction = double(met) / double(ttft.size());
  }
  load.preemptions = sim.preemptions * load.replicas;
  load.steps = sim.steps;
  load.complete = sim.complete;
  load.busy_s = sim.busy_s;
  load.running_time_integral = sim.running_time_integral;
  load.mean_batch = sim.busy_s > 0 ? sim.running_time_integral / sim.busy_s : 0;
  load.peak_batch = sim.peak_running;
  load.overloaded = in.workload.arrivals == Arrivals::poisson && queue_grows(sim);
}

void explain(const ServingLoad& s, const KvLayout& kv, Explanations& out) {
  const bool windowed = s.windowed;
  out.emplace_back(
      "serving.output_tokens_per_s",
      Explanation{
          "{output_tokens} / {duration} * {replicas}",
          {{"output_tokens", windowed ? s.window_output_tokens : s.output_tokens, "unit.tokens"},
           {"duration", windowed ? s.window_s : s.duration_s, "unit.s"},
           {"replicas", double(s.replicas), "unit.replicas"}},
          "continuous-batching"});
  out.emplace_back("serving.output_tokens_per_s_per_gpu",
                   Explanation{"{output_tokens_per_s} / {gpus}",
                               {{"output_tokens_per_s", s.output_tokens_per_s, "unit.tokens_per_s"},
                                {"gpus", double(s.gpus), "unit.gpus"}},
                               "continuous-batching"});
  out.emplace_back("serving.ttft_s.mean",
                   Explanation{"{queue} + {prefill} + {request_overhead}",
                               {{"queue", s.mean_queue_s, "unit.s"},
                                {"prefill", s.mean_prefill_s, "unit.s"},
                                {"request_overhead", s.request_overhead_s, "unit.s"}},
                               "continuous-batching"});
  out.emplace_back("serving.mean_batch",
                   Explanation{"{sequence_seconds} / {busy}",
                               {{"sequence_seconds", s.running_time_integral, "unit.s"},
                                {"busy", s.busy_s, "unit.s"}},
                               "continuous-batching"});
  if (kv.bytes_per_token() > 0) {
    out.emplace_back(
        "serving.kv_pool_tokens",
        Explanation{"{kv_pool} / {kv_bytes_per_token}",
                    {{"kv_pool", s.kv_pool_tokens * kv.bytes_per_token(), "unit.bytes"},
                     {"kv_bytes_per_token", kv.bytes_per_token(), "unit.bytes"}},
                    "runtime-memory"});
  }
}

}  // namespace

ServingLoadResult estimate_serving_load(const ModelSpec& m, const std::vector<TensorSpec>& tensors,
                                        const WeightsSizer& sizer, const AcceleratorSpec& device,
                                        const InferenceInput& in, const ServingInput& serving,
                                        Explanations& explanations, Warnings& warnings) {
  ServingLoadResult result;
  const ReplicaModel replica(m, tensors, sizer, device, in, serving);
  if (!replica.unavailable().empty()) {
    result.unavailable = replica.unavailable();
    return result;
  }
  const Scheduler& scheduler = replica.scheduler;
  const InferenceMemory& memory = replica.memory;
  ServingLoad load;
  load.replicas = serving.replicas;
  load.gpus = serving.replicas * in.tp;
  load.kv_pool_bytes_per_device = memory.kv_pool_bytes;
  load.kv_pool_tokens =
      memory.kv.bytes_per_token() > 0 ? scheduler.kv_pool_bytes / memory.kv.bytes_per_token() : 0;
  load.block_tokens = scheduler.block_tokens;
  load.max_num_seqs = scheduler.max_num_seqs;
  load.max_batched_tokens = scheduler.max_batched_tokens;
  load.reserve_whole_request = scheduler.reserve_whole_request;
  load.request_overhead_s = replica.efficiency.request_overhead_s;

  const int64_t max_tokens = replica.max_tokens();
  const ReplicaTraffic traffic = replica_traffic(serving.workload, serving.replicas, max_tokens);
  load.truncated = traffic.truncated * serving.replicas;
  load.requests = int64_t(traffic.requests.size()) * serving.replicas;
  const StepSeconds step_seconds = [&](const MixedBatch& batch) {
    return replica.step_seconds(batch);
  };
  const SimulationOutcome sim = simulate(traffic, scheduler, replica.flops, step_seconds);
  summarise(sim, traffic, serving, load);
  if (in.price_per_gpu_hour_usd && load.output_tokens_per_s > 0) {
    load.cost_per_million_output_tokens_usd =
        *in.price_per_gpu_hour_usd * double(load.gpus) / 3600.0 / load.output_tokens_per_s * 1e6;
  }
  const int64_t rejected = load.requests - load.served;
  if (rejected > 0 && sim.complete) {
    warnings.push_back(
        {"serving.workload",
         {"warning.serving_rejected",
          json_object({{"count", rejected}, {"pool_tokens", int64_t(load.kv_pool_tokens)}})}});
  }
  if (!sim.complete) warnings.push_back({"serving", {"warning.serving_unsettled"}});
  if (load.overloaded) {
    warnings.push_back(
        {"serving.workload.requests_per_s",
         {"warning.serving_overloaded", json_object({{"served", load.requests_per_s}})}});
  }
  if (serving.workload.arrivals == Arrivals::poisson && !load.windowed) {
    warnings.push_back(
        {"serving.workload.requests",
         {"warning.serving_short_run",
          json_object({{"window_s", load.window_s}, {"latency_s", load.e2e_latency_s.mean}})}});
  }
  if (load.truncated > 0) {
    warnings.push_back({"serving.workload",
                        {"warning.serving_truncated",
                         json_object({{"count", load.truncated}, {"tokens", max_tokens}})}});
  }
  explain(load, memory.kv, explanations);
  result.load = load;
  return result;
}

}  // namespace llm_sizer
