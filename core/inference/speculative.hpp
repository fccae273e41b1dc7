#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "inference/speculative_input.hpp"
#include "inference/step_model.hpp"

namespace llm_sizer {

struct SpeculativePoint {
  int64_t batch = 0;
  double speedup = 0;
  double tokens_per_s_per_user = 0;
};

// Speculative decoding at the scenario's batch and context: k tokens drafted one by one, then
// verified by one target step over k + 1 tokens per sequence (Leviathan et al. 2023, section 3;
// Chen et al. 2023). The verification reads the weights once, so it costs little more than a
// plain step while decode is memory-bound, and up to k + 1 times more once it is compute-bound:
// the speed-up fades with the batch.
struct Speculation {
  double tokens_per_step = 0;  // (1 - a^(k+1)) / (1 - a), a the acceptance rate
  double target_step_s = 0;    // one plain decode step
  double verify_step_s = 0;    // the target over k + 1 tokens per sequence
  double draft_step_s = 0;     // one drafted token
  double speedup = 0;
  double decode_tokens_per_s = 0;   // per sequence, with speculation
  double draft_weights_bytes = 0;   // per device
  double draft_kv_cache_bytes = 0;  // per device, for the batch at the context
  bool fits = false;                // with the draft beside the target
  std::vector<SpeculativePoint> by_batch;
};

std::optional<Speculation> estimate_speculation(const StepModel& steps, const PlacedMemory& placed,
                                                const SpeculativeInput& input);

}  // namespace llm_sizer
