// ik_llama.cpp's per-tensor type rules for its own file types (src/llama-quantize.cpp at 7671335a),
// one behaviour each.
#include <catch2/catch.hpp>

#include "model/hf_config.hpp"
#include "model/tensors.hpp"
#include "quantization/gguf_mix.hpp"
#include "test_support.hpp"

using llm_sizer::GgmlType;
using llm_sizer::GgufFtype;

namespace {

// The type of tensor `kind` in `layer` (-1: outside the layers) of a preset in one file type.
struct Mix {
  std::vector<llm_sizer::TensorSpec> tensors;
  std::vector<GgmlType> types;

  GgmlType of(std::string_view kind, int layer = -1) const {
    for (size_t i = 0; i < tensors.size(); ++i) {
      if (tensors[i].kind == kind && tensors[i].layer == layer && !tensors[i].bias) return types[i];
    }
    FAIL("no tensor " << kind << " in layer " << layer);
    return GgmlType::f32;
  }
};

Mix mix(const std::string& preset, GgufFtype ftype, bool imatrix = false) {
  const auto model =
      llm_sizer::parse_hf_config(llm_sizer::test::catalog().find_model(preset)->config, "model")
          .spec;
  Mix m{llm_sizer::list_tensors(model), {}};
  m.types = llm_sizer::gguf_tensor_types(model, m.tensors, llm_sizer::gguf_tensor_table(m.tensors),
                                         ftype, imatrix);
  return m;
}

}  // namespace

TEST_CASE("IQ4_KS on Llama-3.1-8B: IQ5_K attn_v (GQA), Q6_K head, Q5_K early ffn_down") {
  const Mix m = mix("llama-3.1-8b", GgufFtype::iq4_ks);
  CHECK(m.of("attn_v", 0) == GgmlType::iq5_k);  // n_gqa 4 >= 2
  CHECK(m.of("attn_q", 0) == GgmlType::iq4_ks);
  CHECK(m.of("output") == GgmlType::q6_k);
  CHECK(m.of("token_embd") == GgmlType::iq4_ks);
  CHECK(m.of("ffn_down", 3) == GgmlType::q5_k);  // the first n_layer / 8 without an imatrix
  CHECK(m.of("ffn_down", 4) == GgmlType::iq4_ks);
  CHECK(mix("llama-3.1-8b", GgufFtype::iq4_ks, true).of("ffn_down", 0) == GgmlType::iq4_ks);
}

TEST_CASE("IQ5_K on Llama-3 8B: IQ6_K attn_v and IQ4_K attn_q for the 128k vocabulary") {
  const Mix m = mix("llama-3.1-8b", GgufFtype::iq5_k);
  CHECK(m.of("attn_v", 0) == GgmlType::iq6_k);
  CHECK(m.of("attn_q", 0) == GgmlType::iq4_k);
  CHECK(mix("mistral-7b-v0.3", GgufFtype::iq5_k).of("attn_v", 0) == GgmlType::iq5_k);
}

TEST_CASE("IQ2_KS takes mainline's very-low-bit branch: Q2_K for the first ffn_down tensors") {
  const Mix m = mix("llama-3.1-8b", GgufFtype::iq2_ks);
  CHECK(m.of("attn_v", 0) == GgmlType::iq4_k);  // n_gqa >= 4
  CHECK(m.of("ffn_down", 0) == GgmlType::q2_k);
  CHECK(m.of("ffn_down", 4) == GgmlType::iq2_ks);
  CHECK(m.of("output") == GgmlType::q5_k);
}

TEST_CASE("IQ3_KL mixes IQ3_K with IQ4_KS in the use_more_bits layers") {
  const Mix m = mix("llama-3.1-8b", GgufFtype::iq3_kl);
  CHECK(m.of("ffn_gate", 0) == GgmlType::iq4_ks);
  CHECK(m.of("ffn_up", 5) == GgmlType::iq3_k);
  CHECK(m.of("ffn_down", 5) == GgmlType::iq3_k);
  CHECK(m.of("attn_output", 5) == GgmlType::iq4_ks);
  CHECK(m.of("attn_v", 5) == GgmlType::iq5_k);
}

TEST_CASE("MoE with 4 or more experts: Q8_0 attn_v and attn_k, Q5_K attn_output") {
  const Mix m = mix("mixtral-8x7b", GgufFtype::iq3_k);
  CHECK(m.of("attn_v", 0) == GgmlType::q8_0);
  CHECK(m.of("attn_k", 0) == GgmlType::q8_0);
  CHECK(m.of("attn_output", 0) == GgmlType::q5_k);
  CHECK(m.of("ffn_up_exps", 0) == GgmlType::iq3_k);
}

TEST_CASE("ik's shape fallback: IQ4_NL below 4.5 bits, Q5_0, Q6_0 and Q8_0 above") {
  // gpt-oss-20b's 2880-wide rows are not a multiple of 256.
  CHECK(mix("gpt-oss-20b", GgufFtype::iq4_ks).of("attn_q", 0) == GgmlType::iq4_nl);
  CHECK(mix("gpt-oss-20b", GgufFtype::iq4_k).of("attn_q", 0) == GgmlType::q5_0);
  CHECK(mix("gpt-oss-20b", GgufFtype::iq5_k).of("attn_q", 0) == GgmlType::q6_0);
  CHECK(mix("gpt-oss-20b", GgufFtype::iq6_k).of("attn_q", 0) == GgmlType::q8_0);
}
