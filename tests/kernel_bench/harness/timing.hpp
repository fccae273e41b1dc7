#pragma once

#include <functional>

#include "bench_types.hpp"

namespace llm_sizer::bench {

// Runs `once` (which performs the operation once and returns the seconds it took, as the
// device's own clock measured them) for the warm-up, then until the repetition targets are met.
// The median is the figure reported: one slow run (a page fault, a clock change) cannot move it.
Timing time_repeated(const Repetitions& reps, const std::function<double()>& once);

}  // namespace llm_sizer::bench
