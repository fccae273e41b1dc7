#pragma once

#include <cstdint>

#include "model/tensors.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {

// Whether a checkpoint format (anything but GGUF) stores this tensor quantized. The rest stays in
// the checkpoint's 16-bit type (fp32 for the fp32 format): see other_formats.cpp for which
// tensors, per format, and the sources.
bool quantizes_tensor(const TensorSpec& tensor, const WeightFormat& format);

// Bytes of one tensor in that format: quantized data plus its scales, zero points and indices.
// No alignment padding (safetensors packs tensors back to back).
int64_t checkpoint_tensor_bytes(const TensorSpec& tensor, const WeightFormat& format);

}  // namespace llm_sizer
