#pragma once

// Taking a plan's measurements on a back end, and putting the core's prediction beside each.
#include <ostream>
#include <vector>

#include "backend.hpp"
#include "bench_run.hpp"
#include "core_predictions.hpp"
#include "measurement.hpp"

namespace llm_sizer::bench {

struct MeasuredPlan {
  std::vector<Measurement> measurements;
  std::vector<Json> skipped;  // {name, why} of each measurement that could not be taken
};

// Every measurement of the plan, in order: bandwidth, GEMM, GEMV, decode steps. Progress lines
// go to `log` as each group starts (a GPU run takes a minute or two).
MeasuredPlan measure_plan(KernelBackend& backend, const BenchPlan& plan, const Catalog& catalog,
                          std::ostream& log);

// Fills in each measurement's prediction and the core's figures behind it.
void predict(std::vector<Measurement>& measurements, const CorePredictor& core);

}  // namespace llm_sizer::bench
