#include "quantization/ggml_types.hpp"

#include <array>

namespace llm_sizer {
namespace {

// ggml/src/ggml-common.h (commit 01243c58): QK_K = 256, QK4_0 = QK4_1 = QK5_0 = QK5_1 = QK8_0 =
// QK4_NL = QK_MXFP4 = 32, ggml_half = 2 bytes, K_SCALE_SIZE = 12. Field sums in the comments.
constexpr std::array<GgmlTypeLayout, kGgmlTypeCount> kLayouts = {{
    {"F32", 1, 4},
    {"F16", 1, 2},
    {"BF16", 1, 2},
    {"Q4_0", 32, 18},      // d (2) + qs[16]
    {"Q4_1", 32, 20},      // d, m (4) + qs[16]
    {"Q5_0", 32, 22},      // d (2) + qh[4] + qs[16]
    {"Q5_1", 32, 24},      // d, m (4) + qh[4] + qs[16]
    {"Q8_0", 32, 34},      // d (2) + qs[32]
    {"Q2_K", 256, 84},     // scales[16] + qs[64] + d, dmin (4)
    {"Q3_K", 256, 110},    // hmask[32] + qs[64] + scales[12] + d (2)
    {"Q4_K", 256, 144},    // d, dmin (4) + scales[12] + qs[128]
    {"Q5_K", 256, 176},    // d, dmin (4) + scales[12] + qh[32] + qs[128]
    {"Q6_K", 256, 210},    // ql[128] + qh[64] + scales[16] + d (2)
    {"IQ1_S", 256, 50},    // d (2) + qs[32] + qh uint16[8]
    {"IQ1_M", 256, 56},    // qs[32] + qh[16] + scales[8] (super-scale packed into scales)
    {"IQ2_XXS", 256, 66},  // d (2) + qs uint16[32]
    {"IQ2_XS", 256, 74},   // d (2) + qs uint16[32] + scales[8]
    {"IQ2_S", 256, 82},    // d (2) + qs[64] + qh[8] + scales[8]
    {"IQ3_XXS", 256, 98},  // d (2) + qs[96]
    {"IQ3_S", 256, 110},   // d (2) + qs[64] + qh[8] + signs[32] + scales[4]
    {"IQ4_NL", 32, 18},    // d (2) + qs[16]
    {"IQ4_XS", 256, 136},  // d (2) + scales_h (2) + scales_l[4] + qs[128]
    {"TQ1_0", 256, 54},    // qs[48] + qh[4] + d (2)
    {"TQ2_0", 256, 66},    // qs[64] + d (2)
    {"MXFP4", 32, 17},     // e (E8M0 scale, 1) + qs[16] (E2M1 nibbles)
    // ik_llama.cpp (ggml-common.h at 8337e4cd; a float or fp16 row scale where the last number is
    // given).
    {"Q6_0", 32, 26},          // d (2) + qh[8] + qs[16]
    {"IQ2_K", 256, 76},        // d, extra (4) + scales[8] + qs[64]
    {"IQ3_K", 256, 110},       // d, extra, scales_h (6) + scales_l[8] + qs[64] + qh[32]
    {"IQ4_K", 256, 144},       // d, extra (4) + scales_h[4] + scales_l[8] + qs[128]
    {"IQ5_K", 256, 176},       // IQ4_K's fields + qh[32]
    {"IQ6_K", 256, 212},       // d, extra (4) + scales[16] + qs[128] + qh[64]
    {"IQ4_KS", 256, 136, 4},   // scales[8] + qs[128]
    {"IQ2_KS", 256, 70, 2},    // extra (2) + scales[4] + qs[64]
    {"IQ4_KSS", 256, 128, 4},  // qs uint32[32]
    {"IQ5_KS", 256, 168, 4},   // scales[8] + qs[128] + qh[32]
    {"IQ2_KT", 256, 68, 4},    // scales[4] + ql[64] (trellis)
    {"IQ3_KT", 256, 100, 4},   // scales[4] + ql[64] + qh[32]
    {"IQ4_KT", 256, 128, 4},   // qs uint32[32]
    {"IQ3_KS", 256, 102, 2},   // extra (2) + scales[4] + qs[64] + qh[32]
    {"IQ2_KL", 256, 86, 2},    // scales_h (2) + scales_l[4] + qs[64] + qh[16]
    {"IQ1_KT", 256, 56, 4},    // sh[8] + ql[32] + qh[16]
}};

}  // namespace

const GgmlTypeLayout& ggml_layout(GgmlType type) {
  return kLayouts[static_cast<size_t>(type)];
}

int64_t ggml_tensor_bytes(GgmlType type, int64_t row_length, int64_t rows) {
  const GgmlTypeLayout& layout = ggml_layout(type);
  return rows * (layout.row_meta_bytes + row_length / layout.block_weights * layout.block_bytes);
}

int64_t gguf_padded_bytes(GgmlType type, int64_t row_length, int64_t rows) {
  const int64_t bytes = ggml_tensor_bytes(type, row_length, rows);
  return (bytes + kGgufAlignmentBytes - 1) / kGgufAlignmentBytes * kGgufAlignmentBytes;
}

}  // namespace llm_sizer
