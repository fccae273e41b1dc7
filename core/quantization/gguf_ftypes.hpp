#pragma once

#include <optional>
#include <string_view>

#include "quantization/ggml_types.hpp"

namespace llm_sizer {

// llama.cpp file types (llama_ftype, the names llama-quantize takes): a mix recipe, not one type.
enum class GgufFtype : uint8_t {
  f32,
  f16,
  bf16,
  q4_0,
  q4_1,
  q5_0,
  q5_1,
  q8_0,
  q2_k,
  q2_k_s,
  q3_k_s,
  q3_k_m,
  q3_k_l,
  q4_k_s,
  q4_k_m,
  q5_k_s,
  q5_k_m,
  q6_k,
  iq1_s,
  iq1_m,
  iq2_xxs,
  iq2_xs,
  iq2_s,
  iq2_m,
  iq3_xxs,
  iq3_xs,
  iq3_s,
  iq3_m,
  iq4_nl,
  iq4_xs,
  tq1_0,
  tq2_0,
  mxfp4_moe,
  // ik_llama.cpp's file types (the fork's include/llama.h, LLAMA_FTYPE_MOSTLY_IQ*_K...): files
  // only the fork reads. The row-interleaved _R4 forms have the same bytes as these.
  iq2_k,
  iq3_k,
  iq4_k,
  iq5_k,
  iq6_k,
  iq4_ks,
  iq3_kl,
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
inline constexpr size_t kGgufFtypeCount = 49;

struct GgufFtypeInfo {
  GgufFtype ftype;
  std::string_view id;    // lower case: "q4_k_m"
  std::string_view name;  // as llama-quantize prints it: "Q4_K_M"
  GgmlType default_type;  // llama_ftype_get_default_type
  // llama-quantize refuses to write the file without an importance matrix: some tensor gets
  // IQ1_S, IQ1_M, IQ2_XXS, IQ2_XS, IQ2_S or IQ3_XXS (or Q2_K inside a Q2_K_S file);
  // tensor_requires_imatrix in src/llama-quant.cpp, commit 007dbbf3.
  bool requires_imatrix;
};

const GgufFtypeInfo& gguf_ftype_info(GgufFtype ftype);
std::optional<GgufFtype> find_gguf_ftype(std::string_view id);

// True for the ftypes whose default type is a block-quantized one (everything but F32/F16/BF16).
bool gguf_ftype_is_quantized(GgufFtype ftype);

// True for ik_llama.cpp's file types: mainline llama.cpp cannot load them.
bool gguf_ftype_is_ik_llama(GgufFtype ftype);

}  // namespace llm_sizer
