#include "timing.hpp"

#include <algorithm>
#include <vector>

namespace llm_sizer::bench {

Timing time_repeated(const Repetitions& reps, const std::function<double()>& once) {
  for (int i = 0; i < reps.warmup; ++i) once();
  std::vector<double> seconds;
  double total = 0;
  const int min_reps = std::max(1, reps.min_reps);
  while (seconds.empty() || (int(seconds.size()) < reps.max_reps &&
                             (int(seconds.size()) < min_reps || total < reps.min_seconds))) {
    seconds.push_back(once());
    total += seconds.back();
  }
  std::sort(seconds.begin(), seconds.end());
  Timing t;
  t.reps = int(seconds.size());
  t.min_s = seconds.front();
  const size_t mid = seconds.size() / 2;
  t.median_s = seconds.size() % 2 ? seconds[mid] : (seconds[mid - 1] + seconds[mid]) / 2;
  return t;
}

}  // namespace llm_sizer::bench
