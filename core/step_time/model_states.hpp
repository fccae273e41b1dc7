#pragma once

#include <cstdint>

#include "step_time/training_settings.hpp"

namespace llm_sizer {

// Optimizer states and master weights kept in fp32.
inline constexpr double kFp32Bytes = 4;

// Bytes per trainable parameter for weights, gradients and the fp32 master copy, and per
// optimizer-state element. Mixed precision with AdamW is 2 + 2 + (4 + 4 + 4) = 16 bytes: ZeRO's
// convention (Rajbhandari et al. 2020, section 3.1: K = 12), 16-bit gradients. (Hugging Face's
// model-training-anatomy page counts fp32 gradients and gets 18; Megatron-LM keeps fp32 gradient
// buffers too. We follow ZeRO, whose published per-stage figures the tests reproduce.)
struct PrecisionBytes {
  double weight = 2;         // 16-bit for bf16/fp16/fp8 training (FP8 GEMMs cast per use)
  double gradient = 2;       // gradients take the weights' dtype
  double master = 4;         // the fp32 master copy; 0 without one
  double state_element = 4;  // fp32 states when the optimizer updates fp32 weights
  double frozen_weight = 2;  // LoRA's frozen base: the training dtype, not trained
};

// fp32/tf32: everything 4 bytes. 16-bit with master weights: 2 / 2 / 4 / 4. Pure 16-bit (no
// master copy): the optimizer updates the 16-bit weights and, as torch.optim allocates its state
// like the parameter (zeros_like), keeps 16-bit states.
PrecisionBytes precision_bytes(const TrainingInput& input);

// Optimizer-state bytes of one trained tensor of `matrices` stacked rows x row_length matrices
// (or a vector). AdamW: 2 states (Loshchilov & Hutter 2019). SGD with momentum: 1. 8-bit AdamW:
// 2 one-byte states (Dettmers et al. 2021), fp32 for tensors under 4096 elements as bitsandbytes'
// min_8bit_size keeps them. Paged AdamW 32-bit: 2 fp32 states whatever the weights' dtype.
// Adafactor: the factored second moment, row and column sums (rows + row_length per matrix) and
// the full moment for vectors, no first moment (Shazeer & Stern 2018, algorithm 4, beta1 = 0).
double optimizer_state_bytes(Optimizer optimizer, double state_element, int64_t rows,
                             int64_t row_length, int64_t matrices, bool vector);

}  // namespace llm_sizer
