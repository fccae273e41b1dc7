#pragma once

#include <cstdint>
#include <vector>

#include "hardware/accelerator.hpp"
#include "model/model_spec.hpp"
#include "model/tensors.hpp"
#include "step_time/lora.hpp"
#include "step_time/model_states.hpp"
#include "step_time/training_profile.hpp"
#include "step_time/training_settings.hpp"

namespace llm_sizer {

struct MemoryParts {
  double weights_bytes = 0;
  double gradients_bytes = 0;
  double optimizer_bytes = 0;
  double activations_bytes = 0;
  double buffers_bytes = 0;
  double overhead_bytes = 0;
  double reference_weights_bytes = 0;  // DPO's frozen reference copy

  double total() const {
    return weights_bytes + gradients_bytes + optimizer_bytes + activations_bytes + buffers_bytes +
           overhead_bytes + reference_weights_bytes;
  }
};

// One GPU of one pipeline stage: what it holds and how each part was obtained.
struct StageMemory {
  int stage = 0;
  // Parameters on this GPU after tensor parallelism, before ZeRO sharding.
  double trainable_params = 0;
  double frozen_params = 0;  // LoRA's frozen base in the training dtype
  double nf4_params = 0;     // QLoRA's NF4 base
  double nf4_bytes = 0;      // ... as bitsandbytes stores it (quantization/other_formats.cpp)
  double optimizer_state_bytes = 0;
  // ZeRO divisors (dp where the stage shards that part, else 1; with expert parallelism the
  // experts are sharded over dp / ep, and the divisor is the effective one).
  double weights_shard = 1;
  double gradients_shard = 1;
  double optimizer_shard = 1;
  bool weights_offloaded = false;
  bool optimizer_offloaded = false;  // with ZeRO >= 2 the gradients go along
  bool gradients_offloaded = false;
  // Activations: micro-batches in flight (training_profile.hpp).
  double in_flight = 1;
  double layers_activation_bytes = 0;  // the stage's layers, one micro-batch
  double embedding_activation_bytes = 0;
  double output_activation_bytes = 0;
  // Temporary buffers.
  double recompute_buffer_bytes = 0;  // full recomputation rebuilds one layer at a time
  double gather_buffer_bytes = 0;     // ZeRO-3 gathers the largest tensor (params + grads)
  double dequant_buffer_bytes = 0;    // QLoRA dequantizes the largest NF4 matrix to bf16
  MemoryParts parts;
  double cpu_offload_bytes = 0;
};

struct TrainingMemory {
  PrecisionBytes bytes;
  double trainable_params = 0;  // whole model
  double frozen_params = 0;
  StageMemory stage;  // the pipeline stage that needs the most
  double available_bytes = 0;
  bool fits = false;
  int64_t max_micro_batch = 0;  // at the scenario's accumulation steps; 0 when none fits
};

// One GPU of pipeline stage `stage` under `plan`, at `micro_batch` sequences per micro-batch.
StageMemory stage_memory(const TrainingProfile& profile, const TrainingInput& settings,
                         const ParallelPlan& plan, int64_t stage, int64_t micro_batch);

// The stage needing the most memory.
StageMemory worst_stage_memory(const TrainingProfile& profile, const TrainingInput& settings,
                               const ParallelPlan& plan, int64_t micro_batch);

// The largest per-GPU total over the stages, stopping at the first stage above `stop_above` (the
// planner only needs to know a plan does not fit). Stage 0 (most activations) and the last (the
// logits) are tried first.
double worst_stage_bytes(const TrainingProfile& profile, const TrainingInput& settings,
                         const ParallelPlan& plan, int64_t micro_batch, double stop_above);

// Device memory a training process may use (Apple: the GPU's working-set share).
double usable_memory_bytes(const AcceleratorSpec& accelerator);

// Per-GPU memory of the scenario's plan: weights, gradients and optimizer states by precision and
// ZeRO stage (Rajbhandari et al. 2020, section 5), activations (activations.hpp, Korthikanti et
// al. 2022, with the pipeline's in-flight micro-batches, section 4.2.3), buffers and the framework
// overhead: the CUDA context plus a fragmentation share of what is allocated and freed each step.
TrainingMemory training_memory(const TrainingProfile& profile, const TrainingInput& input,
                               const AcceleratorSpec& accelerator);

}  // namespace llm_sizer
