#pragma once

#include <string>

#include "explain/explanation.hpp"
#include "field_reader.hpp"
#include "step_time/efficiency.hpp"
#include "step_time/step_time.hpp"
#include "step_time/training_settings.hpp"

namespace llm_sizer {

// {compute_s, tp_comm_s, pp_bubble_s, pp_p2p_s, dp_comm_s, ep_comm_s, cp_comm_s, zero_gather_s,
// offload_s, optimizer_s}: the parts of a step, adding up to its time.
Json step_breakdown_json(const StepBreakdown& breakdown);

// {tp, pp, dp, cp, ep, gpus, zero_stage, ...}: a plan as the result reports it.
Json parallelism_json(const ParallelPlan& plan);

// The formulas of a step's parts, its time and its throughput, at `prefix` ("training" or
// "plans.0"): step_breakdown.* and the step time at `time_key`.
void explain_step(const std::string& prefix, const std::string& time_key, const StepEstimate& step,
                  const ParallelPlan& plan, const TrainingEfficiency& efficiency,
                  Explanations& out);

}  // namespace llm_sizer
