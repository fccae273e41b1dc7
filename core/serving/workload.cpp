#include "serving/workload.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "serving/portable_math.hpp"

namespace llm_sizer {
namespace {

constexpr double kGoldenFraction = 0.6180339887498948482;  // (sqrt 5 - 1) / 2

// A step near fraction x n that shares no factor with n, so i -> i x step mod n visits every
// quantile once, far from its neighbours.
int64_t scrambling_step(int64_t n, double fraction) {
  int64_t step = std::max<int64_t>(1, int64_t(double(n) * fraction));
  while (std::gcd(step, n) != 1) ++step;
  return step;
}

// Lengths of n requests: the mean, or log-normal quantiles with that mean and p99 (sigma solves
// mean exp(z sigma - sigma^2 / 2) = p99, the smaller root).
std::vector<int64_t> lengths(const LengthDistribution& d, int64_t n, double fraction) {
  std::vector<int64_t> out(size_t(n), d.mean);
  if (!d.p99 || *d.p99 == d.mean) return out;
  const double ratio = portable_log(double(*d.p99) / double(d.mean));
  const double sigma = kNormalZ99 - std::sqrt(kNormalZ99 * kNormalZ99 - 2 * ratio);
  const double mu = portable_log(double(d.mean)) - sigma * sigma / 2;
  const int64_t step = scrambling_step(n, fraction);
  for (int64_t i = 0; i < n; ++i) {
    const double p = (double((i * step) % n) + 0.5) / double(n);
    const double x = portable_exp(mu + sigma * normal_quantile(p));
    out[size_t(i)] = std::max<int64_t>(1, int64_t(std::floor(x + 0.5)));
  }
  return out;
}

}  // namespace

ReplicaTraffic replica_traffic(const Workload& w, int64_t replicas, int64_t max_tokens) {
  ReplicaTraffic t;
  t.arrivals = w.arrivals;
  const int64_t n = (w.requests + replicas - 1) / replicas;
  t.concurrency = std::max<int64_t>(1, (w.concurrency + replicas - 1) / replicas);
  const std::vector<int64_t> prompts = lengths(w.prompt, n, kGoldenFraction);
  const std::vector<int64_t> outputs = lengths(w.output, n, 1 - kGoldenFraction);
  const double rate = w.requests_per_s / double(replicas);
  double clock = 0;
  t.requests.resize(size_t(n));
  for (int64_t i = 0; i < n; ++i) {
    Request& r = t.requests[size_t(i)];
    r.prompt_tokens = std::min(prompts[size_t(i)], max_tokens - 1);
    r.output_tokens = std::min(outputs[size_t(i)], max_tokens - r.prompt_tokens);
    if (r.prompt_tokens != prompts[size_t(i)] || r.output_tokens != outputs[size_t(i)]) {
      ++t.truncated;
    }
    // At least the prompt's last token is computed: its logits give the first output token.
    r.cached_tokens =
        w.prefilled_elsewhere
            ? r.prompt_tokens - 1
            : std::min(r.prompt_tokens - 1,
                       int64_t(std::floor(double(r.prompt_tokens) * w.prefix_hit_ratio)));
    if (w.arrivals == Arrivals::poisson) {
      const double v = double(i + 1) * kGoldenFraction;
      clock += -portable_log(1 - (v - std::floor(v))) / rate;
      r.arrival_s = clock;
    }
  }
  return t;
}

}  // namespace llm_sizer
