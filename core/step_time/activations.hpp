#pragma once

#include <cstdint>

#include "model/model_spec.hpp"
#include "step_time/training_settings.hpp"

namespace llm_sizer {

// Dropout masks are bytes (Korthikanti et al. 2022, section 4.1).
inline constexpr double kMaskBytes = 1;

struct ActivationSettings {
  int64_t seq_len = 0;
  int64_t micro_batch = 1;
  int64_t tp = 1;
  bool sequence_parallel = false;
  bool flash_attention = false;
  bool dropout = false;
  Recompute recompute = Recompute::none;
  double element_bytes = 2;  // 16-bit activations; 4 when training in fp32/tf32
};

ActivationSettings activation_settings(const TrainingInput& input);

// What one decoder layer stores for the backward pass, per token, before tensor parallelism.
// Derived the way Korthikanti et al. 2022 (section 4.1) derive sbh(34 + 5as/h): every input a
// matmul or a non-linear op needs in its backward, 1-byte dropout masks. For a GPT-3 layer
// (q = kv width = h, MLP 4h, dropout, no FlashAttention) the three parts are 10h, 24h and 5as
// bytes. Generalised: GQA stores K and V at kv width; a gated MLP of width I stores 4I elements
// (SiLU input, up output, SiLU output, down input) where GeLU's stores 2I; an MoE layer stores a
// copy of its input and the expert MLP activations for each of the k routed experts; without
// dropout the masks and the dropout outputs go; FlashAttention keeps no s x s matrix, only the
// fp32 log-sum-exp per head and token (Dao 2023, FlashAttention-2, algorithm 1).
struct LayerActivationTerms {
  double outside_bytes = 0;  // layer-norm inputs, block inputs, masks: split by t only with SP
  double inside_bytes = 0;   // inside the tensor-parallel region: split by t
  double score_bytes = 0;    // attention scores (5as in GPT-3) or softmax statistics: split by t
};

LayerActivationTerms layer_activation_terms(const ModelSpec& model, const LayerSpec& layer,
                                            const ActivationSettings& settings);

// Bytes one layer stores for one micro-batch (Korthikanti et al. 2022, Table 2): all three parts
// without recomputation; selective recomputation drops the attention-score part (section 5);
// full recomputation keeps only the layer input, 2sbh (split by t with sequence parallelism).
double layer_activation_bytes(const ModelSpec& model, const LayerSpec& layer,
                              const ActivationSettings& settings, Recompute recompute);

// The last stage's output layer: final-norm input and output and the fp32 logits the
// cross-entropy loss keeps, 4sbh(1 + V/h)/t (Megatron-LM theoretical_memory_usage.py).
double output_layer_activation_bytes(const ModelSpec& model, const ActivationSettings& settings);

// The first stage's embedding-dropout mask, sbh bytes per micro-batch (0 without dropout).
double embedding_activation_bytes(const ModelSpec& model, const ActivationSettings& settings);

}  // namespace llm_sizer
