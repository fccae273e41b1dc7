#pragma once

#include <cstdint>
#include <vector>

#include "hardware/accelerator.hpp"
#include "hardware/cluster.hpp"
#include "step_time/efficiency.hpp"
#include "step_time/step_time.hpp"
#include "step_time/training_profile.hpp"
#include "step_time/training_settings.hpp"

namespace llm_sizer {

// What the search may use (the scenario's "planner" section).
struct SearchSpace {
  bool tp_across_nodes = false;  // tensor parallelism stays inside a node unless asked
  bool offload = true;           // CPU offload is tried when nothing fits without it
};

struct PlanCandidate {
  ParallelPlan plan;
  bool fits = false;
  double memory_per_gpu_bytes = 0;
  StepEstimate step;  // computed for plans that fit (and for the fallback when none does)
  double mfu_estimated = 0;
};

struct SearchResult {
  std::vector<PlanCandidate> plans;  // fastest first; when none fits, the smallest instead
  int64_t candidates = 0;            // plans enumerated
  int64_t evaluated = 0;             // plans whose memory was computed
  int64_t fitting = 0;               // plans that fit the device
};

// Everything a search needs about the model, the run and the machines.
struct PlannerContext {
  const TrainingProfile& profile;
  const TrainingInput& settings;  // its plan is ignored
  const ClusterSpec& cluster;
  const TrainingEfficiency& efficiency;
  double memory_available_bytes = 0;
  double global_sequences = 0;       // the global batch, fixed whatever the plan
  double model_flops_per_token = 0;  // for MFU (PaLM's count, training.causal_attention_flops)
  double peak_flops_per_s = 0;
};

// Enumerates the plans for `gpus` GPUs: tp dividing the heads (within a node unless allowed), cp
// splitting long sequences (chunks of 4096 tokens or more), pp up to the layers, dp the rest (at
// most the global batch's sequences; the accumulation rounded), ep dividing dp and the experts,
// 1F1B or interleaved with 2, 4 or 8 chunks, power-of-two micro-batches, ZeRO 0-3, recomputation
// none/selective/full, offload. Sequence parallelism goes with every tp > 1 (same traffic, less
// memory). A plan that costs no less time than one already found for the same split (more
// recomputation, a higher ZeRO stage or offload at no saving) is counted but not evaluated. Returns
// the `keep` that fit with the most tokens per second.
SearchResult search_plans(const PlannerContext& context, int64_t gpus, const SearchSpace& space,
                          size_t keep);

}  // namespace llm_sizer
