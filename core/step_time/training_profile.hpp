#pragma once

#include <cstdint>
#include <vector>

#include "model/model_spec.hpp"
#include "model/tensors.hpp"
#include "step_time/activations.hpp"
#include "step_time/lora.hpp"
#include "step_time/model_states.hpp"
#include "step_time/training_settings.hpp"

namespace llm_sizer {

// A quantity with a dense part (split by tensor parallelism) and a routed-expert part (split by
// tensor and expert parallelism).
struct Shares {
  double dense = 0;
  double expert = 0;

  double per_gpu(double tp, double ep) const { return dense / tp + expert / (tp * ep); }
  Shares& operator+=(const Shares& o) {
    dense += o.dense;
    expert += o.expert;
    return *this;
  }
};

// What one decoder layer (or the tensors outside the layers) holds and costs, before any
// parallelism: parameters, optimizer states, activation bytes per token, FLOPs per token.
struct LayerProfile {
  Shares trainable;                 // parameters the optimizer updates
  Shares frozen;                    // LoRA's frozen base in the training dtype
  Shares nf4;                       // QLoRA's NF4 base, parameters
  Shares nf4_bytes;                 // ... as bitsandbytes stores them
  Shares states_bytes;              // optimizer states
  Shares reference_bytes;           // DPO's frozen reference copy of the weights
  Shares largest;                   // params of the largest weight tensor (a max, not a sum)
  double largest_nf4_matrix = 0;    // params of the largest single NF4 matrix (a max)
  LayerActivationTerms activation;  // bytes per token (activations.hpp)
  double matmul_flops = 0;          // forward weight matmuls per token
  double matmul_train_flops = 0;    // forward + backward as executed (frozen: no weight gradient)
  double attention_flops = 0;       // forward QK^T and AV per token, full (PaLM's count)
  double kv_elements = 0;           // K and V elements per token (context-parallel all-gathers)
  double moe_layers = 0;            // 1 for an MoE layer (its all-to-alls)
  double attention_layers = 0;      // 1 for a softmax-attention layer

  LayerProfile& operator+=(const LayerProfile& o);
};

// Everything about a model under one set of training settings that does not depend on the
// plan, computed once so that one plan's memory and step time cost microseconds.
struct TrainingProfile {
  const ModelSpec* model = nullptr;
  PrecisionBytes bytes;
  double seq_len = 0;
  double element_bytes = 2;  // activations
  double hidden = 0;
  double vocab = 0;
  double experts_per_token = 0;
  bool flash_attention = true;
  bool dropout = false;
  std::vector<LayerProfile> layers;  // one per decoder layer
  std::vector<LayerProfile> prefix;  // prefix[i] = sum of layers[0, i) (maxima not summed)
  LayerProfile first_stage;          // embedding (and an image encoder)
  LayerProfile last_stage;           // final norm and LM head
  LayerProfile tied_copy;            // tied embedding copied to the last stage when pp > 1
  double lm_head_flops = 0;          // forward per token
  double lm_head_train_flops = 0;    // forward + backward as executed
  double trainable_params = 0;       // whole model
  double frozen_params = 0;

  int64_t num_layers() const { return int64_t(layers.size()); }
  // The sum over layers [begin, end); the maxima only when asked (they take a loop).
  LayerProfile range(int64_t begin, int64_t end, bool with_maxima = true) const;
};

// Builds the profile. The settings read are the method, precision, optimizer, LoRA rank,
// sequence length, FlashAttention and dropout; the plan is not.
TrainingProfile make_training_profile(const ModelSpec& model,
                                      const std::vector<TensorSpec>& tensors,
                                      const std::vector<LoraAdapter>& adapters,
                                      const TrainingInput& settings);

// What a checkpoint saves, once for the whole run: the trained parameters in the training dtype,
// their master copy and the optimizer states (a frozen base is not saved).
double checkpoint_bytes(const TrainingProfile& profile);

// Layers [begin, end) of pipeline stage `stage`: ceil(L / p) each, except that the
// p ceil(L / p) - L stages at the ends (first, last, second, second to last, ...) hold one
// fewer, as Llama 3 405B's first and last stages do for the embedding and the LM head (Llama 3
// paper, section 3.3.2).
struct LayerRange {
  int64_t begin = 0;
  int64_t end = 0;
  int64_t count() const { return end - begin; }
};
LayerRange stage_layers(int64_t layers, int64_t pp, int64_t stage);
int64_t stage_layer_count(int64_t layers, int64_t pp, int64_t stage);

// Micro-batches whose activations stage `stage` holds: p - stage under 1F1B (Narayanan et al.
// 2021, section 2.2.1); with v model chunks per stage ((p - stage - 1) 2 + (v - 1) p + 1) / v
// (Megatron-LM's interleaved warm-up, schedules.py); never more than the accumulation steps.
double in_flight_micro_batches(const ParallelPlan& plan, int64_t stage);

}  // namespace llm_sizer
