#include "serving/steady_state.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "inference/kv_cache.hpp"

namespace llm_sizer {
namespace {

// The fixed point is reached from below; a rate near what the replica serves takes many rounds,
// and one past it never settles.
constexpr int kMaxRounds = 200;
constexpr double kSettled = 1e-4;

// What one step holds: `running` sequences decoding at the mean context, and `chunk` prompt tokens.
struct StepShape {
  double kv_bytes_per_sequence = 0;
  double decode_flops = 0;  // one decoding token, its LM head included
  double decode_attention = 0;
  double prompt_flops = 0;  // one prompt's computed tokens and its LM head
  double prompt_attention = 0;
  double prompt_tokens = 0;

  MixedBatch batch(double running, double chunk) const {
    MixedBatch b;
    b.decode_tokens = int64_t(std::lround(running));
    b.decode_kv_bytes = running * kv_bytes_per_sequence;
    b.decode_flops = running * decode_flops;
    const double share = prompt_tokens > 0 ? chunk / prompt_tokens : 0;
    b.prefill_tokens = int64_t(std::lround(chunk));
    b.prefill_flops = share * prompt_flops;
    b.attention_flops = running * decode_attention + share * prompt_attention;
    return b;
  }

  // One of `chunks` equal chunks of a `prompt`-token prompt beside `running` decoding sequences.
  MixedBatch prompt_batch(const TokenFlops& f, double running, double prompt, double chunks) const {
    MixedBatch b = batch(running, 0);
    const double tokens = prompt / chunks;
    const double flops = f.prompt_chunk(0, int64_t(std::lround(prompt))) / chunks;
    b.prefill_tokens = int64_t(std::lround(tokens));
    b.prefill_flops = flops + f.lm_head / chunks;
    b.attention_flops += flops - f.fixed * tokens;
    return b;
  }
};

StepShape step_shape(const ReplicaModel& r, const TrafficMoments& w) {
  StepShape s;
  const TokenFlops& f = r.flops;
  const double cached = w.prompt_mean - w.computed_prompt_mean;
  // A decoding sequence holds its prompt and, on average, half its answer.
  const double context = w.prompt_mean + std::max(1.0, w.output_mean) / 2;
  s.kv_bytes_per_sequence = kv_read_bytes_per_sequence(r.scheduler.kv, int64_t(context));
  const double token = f.at(context + 1);
  s.decode_flops = token + f.lm_head;
  s.decode_attention = token - f.fixed;
  s.prompt_tokens = std::max(1.0, w.computed_prompt_mean);
  const double chunk =
      f.prompt_chunk(int64_t(std::lround(cached)), int64_t(std::lround(s.prompt_tokens)));
  s.prompt_flops = chunk + f.lm_head;
  s.prompt_attention = chunk - f.fixed * s.prompt_tokens;
  return s;
}

}  // namespace

TrafficMoments traffic_moments(const ReplicaTraffic& traffic) {
  TrafficMoments m;
  if (traffic.requests.empty()) return m;
  std::vector<double> prompts;
  prompts.reserve(traffic.requests.size());
  for (const Request& r : traffic.requests) {
    prompts.push_back(double(r.prompt_tokens));
    m.prompt_mean += double(r.prompt_tokens);
    m.computed_prompt_mean += double(r.prompt_tokens - r.cached_tokens);
    m.output_mean += double(r.output_tokens);
  }
  const double n = double(traffic.requests.size());
  m.prompt_mean /= n;
  m.computed_prompt_mean /= n;
  m.output_mean /= n;
  // Nearest rank, as the simulation's percentiles.
  const size_t rank = size_t(std::max(1.0, std::ceil(0.99 * n))) - 1;
  std::nth_element(prompts.begin(), prompts.begin() + std::ptrdiff_t(rank), prompts.end());
  m.prompt_p99 = prompts[rank];
  return m;
}

SteadyState steady_state(const ReplicaModel& r, const TrafficMoments& w, double requests_per_s) {
  SteadyState s;
  const Scheduler& scheduler = r.scheduler;
  const StepShape shape = step_shape(r, w);
  const auto step = [&](double running, double chunk) {
    return r.step_seconds(shape.batch(running, chunk));
  };
  const double decode_steps = std::max(0.0, w.output_mean - 1);
  const double budget = scheduler.max_batched_tokens > 0 ? double(scheduler.max_batched_tokens)
                                                         : std::numeric_limits<double>::infinity();
  const double token_bytes = scheduler.kv.bytes_per_token();
  const double pool_tokens = token_bytes > 0 ? scheduler.kv_pool_bytes / token_bytes
                                             : std::numeric_limits<double>::infinity();
  const double held_tokens = w.prompt_mean + std::max(1.0, w.output_mean) / 2;

  double step_s = step(1, 0);
  double running = 0;
  double share = 0;    // steps carrying prompt chunks
  double carried = 0;  // prompt tokens in such a step
  double left = 0;     // of the budget, after the decodes
  bool settled = false;
  for (int round = 0; round < kMaxRounds && !settled; ++round) {
    running = requests_per_s * decode_steps * step_s;
    if (scheduler.max_num_seqs > 0 && running > double(scheduler.max_num_seqs)) return s;
    if (running * held_tokens > pool_tokens) return s;
    left = budget - running;
    const double prompt_tokens_per_step = requests_per_s * step_s * shape.prompt_tokens;
    if (left <= 0 || prompt_tokens_per_step >= left) return s;
    // Rare prompts come one to a step, in chunks of what the decodes leave; frequent ones share
    // every step.
    const double one_chunk = std::min(shape.prompt_tokens, left);
    share = std::min(1.0, prompt_tokens_per_step / one_chunk);
    carried = share > 0 ? prompt_tokens_per_step / share : 0;
    const double next = (1 - share) * step(running, 0) + share * step(running, carried);
    settled = std::abs(next - step_s) <= kSettled * step_s;
    step_s = next;
  }
  if (!settled) return s;

  s.keeps_up = true;
  s.step_s = step_s;
  s.running = running;
  s.prefill_share = share;
  s.output_tokens_per_s = requests_per_s * w.output_mean;
  s.tpot_mean_s = step_s;
  // A slow request: more of its steps carry prompts than the mean share (binomial over its
  // decode steps).
  const double gaps = std::max(1.0, decode_steps);
  const double share_p99 =
      std::min(1.0, share + kNormalZ99 * std::sqrt(share * (1 - share) / gaps));
  const double decode_step_s = step(running, 0);
  const double prompt_step_s = step(running, std::max(carried, 1.0));
  s.tpot_p99_s = (1 - share_p99) * decode_step_s + share_p99 * prompt_step_s;

  // The p99 prompt's first token. It arrives during a step and waits for its end: the steps that
  // carry prompts take `prompt_time_share` of the time, so past the 99th percentile it lands early
  // in one of them (its companions in its own step are those of a mean wait: the p99s of both do
  // not coincide). When the chunk budget is busy it also queues for it, as in an M/D/1 queue
  // (Pollaczek-Khinchine mean rho S / (2 (1 - rho)), its tail taken as exponential:
  // P(wait > t) = rho e^(-t rho / mean)). Then its chunks run, beside the prompts that came
  // meanwhile.
  const double prompt_time_share = share * prompt_step_s / step_s;
  const double landing_s =
      prompt_time_share > 0.01 ? prompt_step_s * (1 - 0.01 / prompt_time_share) : decode_step_s;
  const double mean_landing_s =
      (prompt_time_share * prompt_step_s + (1 - prompt_time_share) * decode_step_s) / 2;
  const double one_chunk = std::min(shape.prompt_tokens, left);
  const double rho = requests_per_s * step_s * shape.prompt_tokens / left;
  const double mean_service_s = std::ceil(shape.prompt_tokens / one_chunk) * prompt_step_s;
  const double mean_wait_s = rho / (2 * (1 - rho)) * mean_service_s;
  const double queue_p99_s = rho > 0.01 ? mean_wait_s / rho * std::log(100 * rho) : 0.0;
  const double computed_p99 = w.prompt_mean > 0
                                  ? w.prompt_p99 * w.computed_prompt_mean / w.prompt_mean
                                  : shape.prompt_tokens;
  // At least one chunk: without a token budget (left infinite) the prompt runs whole.
  const double chunks_p99 = std::max(1.0, std::ceil(std::max(1.0, computed_p99) / left));
  const double companions =
      std::min(std::max(0.0, left * chunks_p99 - computed_p99),
               requests_per_s * (mean_landing_s + mean_wait_s) * shape.prompt_tokens);
  MixedBatch own = shape.prompt_batch(r.flops, running, computed_p99, chunks_p99);
  const MixedBatch others = shape.batch(0, companions / chunks_p99);
  own.prefill_tokens += others.prefill_tokens;
  own.prefill_flops += others.prefill_flops;
  own.attention_flops += others.attention_flops;
  const double service_s = chunks_p99 * r.step_seconds(own);
  s.ttft_p99_s = landing_s + queue_p99_s + service_s + r.efficiency.request_overhead_s;
  return s;
}

}  // namespace llm_sizer
