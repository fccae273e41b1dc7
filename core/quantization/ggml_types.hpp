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
  // ik_llama.cpp's own types (the fork's ggml/include/ggml.h and ggml/src/ggml-common.h at
  // 8337e4cd): its IQ*_K file types use them, and fall back to Q6_0 where a row is not a multiple
  // of 256.
  q6_0,
  iq2_k,
  iq3_k,
  iq4_k,
  iq5_k,
  iq6_k,
  iq4_ks,
  iq2_ks,
  iq4_kss,
  iq5_ks,
  iq2_kt,
  iq3_kt,
  iq4_kt,
  iq3_ks,
  iq2_kl,
  iq1_kt,
};
inline constexpr size_t kGgmlTypeCount = 41;

struct GgmlTypeLayout {
  std::string_view name;  // as ggml_type_name() prints it: "Q4_K", "IQ4_XS", "F16"
  int64_t block_weights;  // weights per block (1 for the float types)
  int64_t block_bytes;    // bytes per block, scales included
  // ik_llama.cpp's types with a row scale: each row starts with it (`row_meta_size` in the fork's
  // type_traits), so a row takes row_meta_bytes + its blocks.
  int64_t row_meta_bytes = 0;

  double bits_per_weight() const { return 8.0 * double(block_bytes) / double(block_weights); }
};

const GgmlTypeLayout& ggml_layout(GgmlType type);

// GGUF_DEFAULT_ALIGNMENT (ggml/include/gguf.h; the same value in the gguf Python package): every
// tensor's data starts at a multiple of 32 bytes, so each tensor is padded up to it.
inline constexpr int64_t kGgufAlignmentBytes = 32;

// ggml_row_size x rows (with ik_llama.cpp's row scales): the bytes of one tensor's data before
// padding. row_length must be a
// multiple of the block size (callers apply llama.cpp's shape fallback first).
int64_t ggml_tensor_bytes(GgmlType type, int64_t row_length, int64_t rows);

// The same, padded to the GGUF alignment as it lies in the file.
int64_t gguf_padded_bytes(GgmlType type, int64_t row_length, int64_t rows);

}  // namespace llm_sizer
