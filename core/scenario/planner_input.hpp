#pragma once

#include <cstdint>
#include <vector>

#include "field_reader.hpp"
#include "planner/search.hpp"

namespace llm_sizer {

// The scenario's optional "planner" section: what `plan` returns and may use.
struct PlannerInput {
  int64_t top = 10;                   // plans returned (0: only the scaling curve)
  std::vector<int64_t> scaling_gpus;  // GPU counts of the scaling curve
  bool scaling_curve = true;          // false: plans only (the page asks point by point)
  SearchSpace space;
};

// Reads scenario["planner"] (absent: every default). The scaling curve defaults to 12 powers of
// two around hardware.count: count x 2^k for k from -min(6, twos in count) on.
PlannerInput parse_planner(const Json* section, int64_t gpu_count);
Json planner_input_to_json(const PlannerInput& input);

}  // namespace llm_sizer
