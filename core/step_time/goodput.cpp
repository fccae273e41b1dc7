#include "step_time/goodput.hpp"

#include <cmath>

#include "units.hpp"

namespace llm_sizer {
namespace {

// Daly 2006 ("A higher order estimate of the optimum checkpoint interval for restart dumps"),
// eq. 37: tau = sqrt(2 delta M) [1 + sqrt(delta / 2M) / 3 + (delta / 2M) / 9] - delta while
// delta < 2M, else M.
double optimum_interval_s(double save_s, double mtbf_s) {
  if (save_s >= 2 * mtbf_s) return mtbf_s;
  const double x = save_s / (2 * mtbf_s);
  return std::sqrt(2 * save_s * mtbf_s) * (1 + std::sqrt(x) / 3 + x / 9) - save_s;
}

}  // namespace

Goodput estimate_goodput(const GoodputSettings& s, double gpus, double checkpoint_bytes,
                         double host_link_bytes_per_s) {
  Goodput g;
  g.cluster_mtbf_s = s.gpu_mtbf_hours * units::kSecondsPerHour / gpus;
  g.interruptions_per_day = units::kSecondsPerDay / g.cluster_mtbf_s;
  g.checkpoint_bytes = checkpoint_bytes;
  // Every GPU saves its shard at once (distributed checkpointing); an asynchronous save blocks
  // only for the copy to host memory and writes behind the steps.
  const double shard_bytes = checkpoint_bytes / gpus;
  g.checkpoint_save_s = s.checkpoint_async ? shard_bytes / host_link_bytes_per_s
                                           : shard_bytes / s.checkpoint_write_bytes_per_s;
  g.checkpoint_interval_s =
      s.checkpoint_interval_s.value_or(optimum_interval_s(g.checkpoint_save_s, g.cluster_mtbf_s));
  const double m = g.cluster_mtbf_s;
  const double segment = g.checkpoint_interval_s + g.checkpoint_save_s;
  g.save_fraction = g.checkpoint_interval_s / segment;
  // Daly 2006, eq. 13: a segment of tau + delta under exponential interruptions of mean M, each
  // followed by a restart R, takes M e^(R/M) (e^((tau + delta)/M) - 1) of wall time on average.
  // (exp - 1 as the explanation writes it: within the bounds (tau + delta) / M stays above
  // 1e-14, where the difference is still non-zero and the fraction within 1% of expm1's.)
  g.failure_fraction = segment / (m * std::exp(s.restart_s / m) * (std::exp(segment / m) - 1));
  g.reliability_fraction = g.save_fraction * g.failure_fraction;
  g.eval_fraction = s.eval_fraction;
  g.data_stall_fraction = s.data_stall_fraction;
  g.fraction = g.reliability_fraction * (1 - s.eval_fraction) * (1 - s.data_stall_fraction);
  return g;
}

Goodput given_goodput(double fraction) {
  Goodput g;
  g.given = true;
  g.fraction = fraction;
  return g;
}

}  // namespace llm_sizer
