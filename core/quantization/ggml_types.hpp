#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace llm_sizer {

// ggml tensor element types that GGUF files store weights in. Layouts: llama.cpp
// ggml/src/ggml-common.h at commit 01243c587feceaa5d6a6c2305535ef2f549c48b8 (the block structs and
// their static_assert(sizeof(...)) lines).
enum class GgmlType : uint8_t {
  f32,
  f16,
  bf16,
  q4_0,
  q4_1,
  q5_0,
  q5_1,
  q8_0,
  q2_k,
  q3_k,
  q4_k,
  q5_k,
  q6_k,
  iq1_s,
  iq1_m,
  iq2_xxs,
  iq2_xs,
  iq2_s,
  iq3_xxs,
  iq3_s,
  iq4_nl,
  iq4_xs,
  tq1_0,
  tq2_0,
  mxfp4,
};
inline constexpr size_t kGgmlTypeCount = 25;

struct GgmlTypeLayout {
  std::string_view name;  // as ggml_type_name() prints it: "Q4_K", "IQ4_XS", "F16"
  int64_t block_weights;  // weights per block (1 for the float types)
  int64_t block_bytes;    // bytes per block, scales included

  double bits_per_weight() const { return 8.0 * double(block_bytes) / double(block_weights); }
};

const GgmlTypeLayout& ggml_layout(GgmlType type);

// GGUF_DEFAULT_ALIGNMENT (ggml/include/gguf.h; the same value in the gguf Python package): every
// tensor's data starts at a multiple of 32 bytes, so each tensor is padded up to it.
inline constexpr int64_t kGgufAlignmentBytes = 32;

// ggml_row_size x rows: the bytes of one tensor's data before padding. row_length must be a
// multiple of the block size (callers apply llama.cpp's shape fallback first).
int64_t ggml_tensor_bytes(GgmlType type, int64_t row_length, int64_t rows);

// The same, padded to the GGUF alignment as it lies in the file.
int64_t gguf_padded_bytes(GgmlType type, int64_t row_length, int64_t rows);

}  // namespace llm_sizer
