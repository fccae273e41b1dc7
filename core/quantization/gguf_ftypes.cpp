#include "quantization/gguf_ftypes.hpp"

#include <array>

namespace llm_sizer {
namespace {

using F = GgufFtype;
using T = GgmlType;

// Default types: llama_ftype_get_default_type in src/llama-quant.cpp (llama.cpp commit
// 007dbbf3fd17eefe9b47fee45f48f7ba5e62b714). Note the non-obvious ones: IQ2_S defaults to IQ2_XS,
// IQ2_M to IQ2_S, IQ3_XS to IQ3_S, and MXFP4_MOE to MXFP4.
constexpr std::array<GgufFtypeInfo, kGgufFtypeCount> kFtypes = {{
    {F::f32, "f32", "F32", T::f32, false},
    {F::f16, "f16", "F16", T::f16, false},
    {F::bf16, "bf16", "BF16", T::bf16, false},
    {F::q4_0, "q4_0", "Q4_0", T::q4_0, false},
    {F::q4_1, "q4_1", "Q4_1", T::q4_1, false},
    {F::q5_0, "q5_0", "Q5_0", T::q5_0, false},
    {F::q5_1, "q5_1", "Q5_1", T::q5_1, false},
    {F::q8_0, "q8_0", "Q8_0", T::q8_0, false},
    {F::q2_k, "q2_k", "Q2_K", T::q2_k, false},
    {F::q2_k_s, "q2_k_s", "Q2_K_S", T::q2_k, true},
    {F::q3_k_s, "q3_k_s", "Q3_K_S", T::q3_k, false},
    {F::q3_k_m, "q3_k_m", "Q3_K_M", T::q3_k, false},
    {F::q3_k_l, "q3_k_l", "Q3_K_L", T::q3_k, false},
    {F::q4_k_s, "q4_k_s", "Q4_K_S", T::q4_k, false},
    {F::q4_k_m, "q4_k_m", "Q4_K_M", T::q4_k, false},
    {F::q5_k_s, "q5_k_s", "Q5_K_S", T::q5_k, false},
    {F::q5_k_m, "q5_k_m", "Q5_K_M", T::q5_k, false},
    {F::q6_k, "q6_k", "Q6_K", T::q6_k, false},
    {F::iq1_s, "iq1_s", "IQ1_S", T::iq1_s, true},
    {F::iq1_m, "iq1_m", "IQ1_M", T::iq1_m, true},
    {F::iq2_xxs, "iq2_xxs", "IQ2_XXS", T::iq2_xxs, true},
    {F::iq2_xs, "iq2_xs", "IQ2_XS", T::iq2_xs, true},
    {F::iq2_s, "iq2_s", "IQ2_S", T::iq2_xs, true},
    {F::iq2_m, "iq2_m", "IQ2_M", T::iq2_s, true},
    {F::iq3_xxs, "iq3_xxs", "IQ3_XXS", T::iq3_xxs, true},
    {F::iq3_xs, "iq3_xs", "IQ3_XS", T::iq3_s, true},  // its attn_q/attn_k get IQ3_XXS
    {F::iq3_s, "iq3_s", "IQ3_S", T::iq3_s, false},
    {F::iq3_m, "iq3_m", "IQ3_M", T::iq3_s, false},
    {F::iq4_nl, "iq4_nl", "IQ4_NL", T::iq4_nl, false},
    {F::iq4_xs, "iq4_xs", "IQ4_XS", T::iq4_xs, false},
    {F::tq1_0, "tq1_0", "TQ1_0", T::tq1_0, false},
    {F::tq2_0, "tq2_0", "TQ2_0", T::tq2_0, false},
    {F::mxfp4_moe, "mxfp4_moe", "MXFP4_MOE", T::mxfp4, false},
    // ik_llama.cpp at 7671335a (src/llama-quantize.cpp, the default_type switch): IQ3_KL is a mix
    // of IQ3_K and IQ4_KS with no type of its own; none of them needs an importance matrix.
    {F::iq2_k, "iq2_k", "IQ2_K", T::iq2_k, false},
    {F::iq3_k, "iq3_k", "IQ3_K", T::iq3_k, false},
    {F::iq4_k, "iq4_k", "IQ4_K", T::iq4_k, false},
    {F::iq5_k, "iq5_k", "IQ5_K", T::iq5_k, false},
    {F::iq6_k, "iq6_k", "IQ6_K", T::iq6_k, false},
    {F::iq4_ks, "iq4_ks", "IQ4_KS", T::iq4_ks, false},
    {F::iq3_kl, "iq3_kl", "IQ3_KL", T::iq3_k, false},
    {F::iq2_ks, "iq2_ks", "IQ2_KS", T::iq2_ks, false},
    {F::iq4_kss, "iq4_kss", "IQ4_KSS", T::iq4_kss, false},
    {F::iq5_ks, "iq5_ks", "IQ5_KS", T::iq5_ks, false},
    {F::iq2_kt, "iq2_kt", "IQ2_KT", T::iq2_kt, false},
    {F::iq3_kt, "iq3_kt", "IQ3_KT", T::iq3_kt, false},
    {F::iq4_kt, "iq4_kt", "IQ4_KT", T::iq4_kt, false},
    {F::iq3_ks, "iq3_ks", "IQ3_KS", T::iq3_ks, false},
    {F::iq2_kl, "iq2_kl", "IQ2_KL", T::iq2_kl, false},
    {F::iq1_kt, "iq1_kt", "IQ1_KT", T::iq1_kt, false},
}};

constexpr bool in_enum_order() {
  for (size_t i = 0; i < kFtypes.size(); ++i) {
    if (static_cast<size_t>(kFtypes[i].ftype) != i) return false;
  }
  return true;
}
static_assert(in_enum_order(), "kFtypes is indexed by GgufFtype");

}  // namespace

const GgufFtypeInfo& gguf_ftype_info(GgufFtype ftype) {
  return kFtypes[static_cast<size_t>(ftype)];
}

std::optional<GgufFtype> find_gguf_ftype(std::string_view id) {
  for (const auto& info : kFtypes) {
    if (info.id == id) return info.ftype;
  }
  return std::nullopt;
}

bool gguf_ftype_is_ik_llama(GgufFtype ftype) {
  return ftype >= F::iq2_k;
}

bool gguf_ftype_is_quantized(GgufFtype ftype) {
  return ftype != F::f32 && ftype != F::f16 && ftype != F::bf16;
}

}  // namespace llm_sizer
