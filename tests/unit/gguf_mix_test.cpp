// llama.cpp's per-tensor type rules (src/llama-quant.cpp, commit 007dbbf3) and ik_llama.cpp's for its
// own file types (src/llama-quantize.cpp, commit 7671335a), one behaviour each.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "model/hf_config.hpp"
#include "model/tensors.hpp"
#include "quantization/gguf_mix.hpp"
#include "test_support.hpp"

using llm_sizer::GgmlType;
using llm_sizer::GgufFtype;

namespace {

struct Typed {
  llm_sizer::ModelSpec model;
  std::vector<llm_sizer::TensorSpec> tensors;
  std::vector<GgmlType> types;

  // The type of tensor `kind` in `layer` (-1: outside the layers).
  GgmlType of(std::string_view kind, int layer = -1) const {
    for (size_t i = 0; i < tensors.size(); ++i) {
      if (tensors[i].kind == kind && tensors[i].layer == layer && !tensors[i].bias) {
        return types[i];
      }
    }
    FAIL("no tensor " << kind << " in layer " << layer);
    return GgmlType::f32;
  }
};

llm_sizer::ModelSpec spec_of(const llm_sizer::Json& config) {
  return llm_sizer::parse_hf_config(config, "model").spec;
}

Typed typed(const llm_sizer::ModelSpec& model, GgufFtype ftype, bool imatrix = false) {
  Typed t{model, llm_sizer::list_tensors(model), {}};
  t.types = llm_sizer::gguf_tensor_types(t.model, t.tensors,
                                         llm_sizer::gguf_tensor_table(t.tensors), ftype, imatrix);
  return t;
}

Typed typed(const std::string& preset, GgufFtype ftype, bool imatrix = false) {
  return typed(spec_of(llm_sizer::test::catalog().find_model(preset)->config), ftype, imatrix);
}

// A Llama-style config with the given width: 2880 is not a multiple of 256 (gpt-oss's width).
llm_sizer::Json llama_config(int64_t hidden, int64_t layers = 8) {
  return {{"model_type", "llama"},           {"hidden_size", hidden},
          {"intermediate_size", 4 * hidden}, {"num_attention_heads", 8},
          {"num_key_value_heads", 2},        {"head_dim", 64},
          {"num_hidden_layers", layers},     {"vocab_size", 1024}};
}

}  // namespace

TEST_CASE("use_more_bits picks exactly half of the layers") {
  for (int n : {8, 16, 24, 28, 32, 40, 48, 64, 80}) {
    int picked = 0;
    for (int i = 0; i < n; ++i) picked += llm_sizer::use_more_bits(i, n) ? 1 : 0;
    INFO("n_layers " << n);
    CHECK(picked == n / 2);
  }
  std::set<int> chosen;
  for (int i = 0; i < 32; ++i) {
    if (llm_sizer::use_more_bits(i, 32)) chosen.insert(i);
  }
  CHECK(chosen == std::set<int>{0, 1, 2, 3, 6, 9, 12, 15, 18, 21, 24, 27, 28, 29, 30, 31});
}

TEST_CASE("Q4_K_M: Q6_K for attn_v and ffn_down in the use_more_bits layers only") {
  const auto t = typed("llama-3.1-8b", GgufFtype::q4_k_m);
  for (int layer = 0; layer < 32; ++layer) {
    const GgmlType more = llm_sizer::use_more_bits(layer, 32) ? GgmlType::q6_k : GgmlType::q4_k;
    CHECK(t.of("attn_v", layer) == more);
    CHECK(t.of("ffn_down", layer) == more);
    CHECK(t.of("attn_q", layer) == GgmlType::q4_k);
    CHECK(t.of("ffn_up", layer) == GgmlType::q4_k);
  }
  CHECK(t.of("token_embd") == GgmlType::q4_k);
  CHECK(t.of("output") == GgmlType::q6_k);
}

TEST_CASE("1-D tensors, the MoE router and position embeddings stay F32") {
  const auto llama = typed("llama-3.1-8b", GgufFtype::q4_k_m);
  CHECK(llama.of("attn_norm", 0) == GgmlType::f32);
  CHECK(llama.of("output_norm") == GgmlType::f32);
  const auto mixtral = typed("mixtral-8x7b", GgufFtype::q4_k_m);
  CHECK(mixtral.of("ffn_gate_inp", 5) == GgmlType::f32);
  const auto gpt2 = typed("gpt2", GgufFtype::q8_0);
  CHECK(gpt2.of("position_embd") == GgmlType::f32);
  CHECK(gpt2.of("token_embd") == GgmlType::q8_0);  // tied: the output rule keeps Q8_0 for Q8_0
}

TEST_CASE("a tied token embedding gets the output tensor's rule") {
  // Llama-3.2-1B ties its embedding: no output.weight, so token_embd is quantized like one.
  const auto tied = typed("llama-3.2-1b", GgufFtype::q4_k_m);
  CHECK(tied.of("token_embd") == GgmlType::q6_k);
  const auto untied = typed("llama-3.1-8b", GgufFtype::q4_k_m);
  CHECK(untied.of("token_embd") == GgmlType::q4_k);
  // The very-low-bit ftypes: Q5_K for the output rule, Q2_K for an untied embedding.
  CHECK(typed("llama-3.2-1b", GgufFtype::iq2_xxs, true).of("token_embd") == GgmlType::q5_k);
  CHECK(typed("llama-3.1-8b", GgufFtype::iq2_xxs, true).of("token_embd") == GgmlType::q2_k);
}

TEST_CASE("shape fallback when ne[0] is not a multiple of the 256-element block") {
  using llm_sizer::gguf_shape_fallback;
  CHECK(gguf_shape_fallback(GgmlType::q4_k, 2880) == GgmlType::q5_0);
  CHECK(gguf_shape_fallback(GgmlType::q5_k, 2880) == GgmlType::q5_1);
  CHECK(gguf_shape_fallback(GgmlType::q6_k, 2880) == GgmlType::q8_0);
  CHECK(gguf_shape_fallback(GgmlType::q2_k, 2880) == GgmlType::q4_0);
  CHECK(gguf_shape_fallback(GgmlType::q3_k, 2880) == GgmlType::q4_0);
  CHECK(gguf_shape_fallback(GgmlType::iq2_xxs, 2880) == GgmlType::iq4_nl);
  CHECK(gguf_shape_fallback(GgmlType::iq4_xs, 2880) == GgmlType::iq4_nl);
  CHECK(gguf_shape_fallback(GgmlType::q4_k, 4096) == GgmlType::q4_k);
  // Not even a multiple of 32: F16.
  CHECK(gguf_shape_fallback(GgmlType::q4_k, 100) == GgmlType::f16);

  const auto narrow = typed(spec_of(llama_config(2880)), GgufFtype::q4_k_m);
  CHECK(narrow.of("attn_q", 0) == GgmlType::q5_0);    // Q4_K on 2880-wide rows
  CHECK(narrow.of("attn_v", 0) == GgmlType::q8_0);    // Q6_K (use_more_bits layer 0)
  CHECK(narrow.of("ffn_down", 0) == GgmlType::q6_k);  // ne[0] = 4 x 2880 = 11520 = 45 x 256
  CHECK(narrow.of("output") == GgmlType::q8_0);       // the output rule's own check
}

TEST_CASE("GQA: Q2_K's attn_v is Q4_K at n_gqa >= 4, Q3_K without GQA") {
  CHECK(typed("llama-3-8b", GgufFtype::q2_k).of("attn_v", 3) == GgmlType::q4_k);
  CHECK(typed("llama-2-7b", GgufFtype::q2_k).of("attn_v", 3) == GgmlType::q3_k);
}

TEST_CASE("the 70B bump: attn_v Q3_K/Q4_K becomes Q5_K on an 80-layer GQA Llama") {
  CHECK(typed("llama-2-70b", GgufFtype::q3_k_s).of("attn_v", 40) == GgmlType::q5_k);
  CHECK(typed("llama-2-70b", GgufFtype::q4_k_m).of("attn_v", 10) == GgmlType::q5_k);
  CHECK(typed("llama-2-70b", GgufFtype::q3_k_s).of("attn_q", 40) == GgmlType::q3_k);
  CHECK(typed("llama-2-13b", GgufFtype::q3_k_s).of("attn_v", 20) == GgmlType::q3_k);
  // 80 layers but another architecture (Qwen2.5-72B): no bump.
  CHECK(typed("qwen2.5-72b", GgufFtype::q3_k_s).of("attn_v", 40) == GgmlType::q3_k);
}

TEST_CASE("MoE with 8 experts: attn_v and attn_k to Q8_0, attn_output to Q5_K") {
  const auto t = typed("mixtral-8x7b", GgufFtype::q4_k_m);
  CHECK(t.of("attn_v", 7) == GgmlType::q8_0);
  CHECK(t.of("attn_k", 7) == GgmlType::q8_0);
  CHECK(t.of("attn_output", 7) == GgmlType::q5_k);
  CHECK(t.of("attn_q", 7) == GgmlType::q4_k);
  // Stacked experts: the layer comes from the name, so use_more_bits applies per layer.
  CHECK(t.of("ffn_down_exps", 0) == GgmlType::q6_k);
  CHECK(t.of("ffn_down_exps", 4) == GgmlType::q4_k);
  const auto low = typed("mixtral-8x7b", GgufFtype::iq2_xxs, true);
  CHECK(low.of("attn_k", 7) == GgmlType::q4_k);
  CHECK(low.of("attn_output", 7) == GgmlType::q5_k);
  CHECK(low.of("attn_v", 7) == GgmlType::q4_k);  // n_gqa 4
  // 128 experts (Qwen3-30B-A3B): no 8-expert bump.
  CHECK(typed("qwen3-30b-a3b", GgufFtype::q4_k_s).of("attn_v", 10) == GgmlType::q4_k);
}

TEST_CASE("Falcon: Q8_0 output head, its own ffn_down and attn_output rules") {
  const auto t = typed("falcon-7b", GgufFtype::q3_k_l);
  CHECK(t.of("token_embd") == GgmlType::q8_0);   // tied, so the output rule
  CHECK(t.of("ffn_down", 5) == GgmlType::q4_k);  // Q5_K elsewhere; ne[0] 18176 = 71 x 256
  // Falcon-7B's width 4544 is not a multiple of 256: Falcon's Q4_K for attn_output falls back to
  // Q5_0, and the fused QKV (attn_v-like: Q5_K under Q3_K_L) to Q5_1.
  CHECK(t.of("attn_output", 5) == GgmlType::q5_0);
  CHECK(t.of("attn_qkv", 5) == GgmlType::q5_1);
}

TEST_CASE("MXFP4_MOE: MXFP4 for stacked experts, Q8_0 for everything else") {
  const auto t = typed("gpt-oss-20b", GgufFtype::mxfp4_moe);
  CHECK(t.of("ffn_down_exps", 3) == GgmlType::mxfp4);
  CHECK(t.of("ffn_up_exps", 3) == GgmlType::mxfp4);
  CHECK(t.of("attn_q", 3) == GgmlType::q8_0);
  CHECK(t.of("output") == GgmlType::q8_0);
  CHECK(t.of("ffn_gate_inp", 3) == GgmlType::f32);
}

TEST_CASE("the importance matrix changes IQ3_XXS, IQ4 and Q4_0 mixes") {
  const auto small = spec_of(llama_config(4096, 16));
  // IQ3_XXS attn_v below n_gqa 4 (llama_config has n_gqa 4, so take Llama-2-7B).
  CHECK(typed("llama-2-7b", GgufFtype::iq3_xxs, true).of("attn_v", 5) == GgmlType::iq3_xxs);
  CHECK(typed("llama-2-7b", GgufFtype::iq3_xxs, false).of("attn_v", 5) == GgmlType::iq3_s);
  CHECK(typed(small, GgufFtype::iq4_xs, false).of("ffn_down", 1) == GgmlType::q5_k);
  CHECK(typed(small, GgufFtype::iq4_xs, true).of("ffn_down", 1) == GgmlType::iq4_xs);
  CHECK(typed(small, GgufFtype::q4_0, true).of("ffn_down", 1) == GgmlType::q4_1);
  CHECK(typed(small, GgufFtype::q4_0, false).of("ffn_down", 1) == GgmlType::q4_0);
  CHECK(typed(small, GgufFtype::q4_0, true).of("ffn_down", 2) == GgmlType::q4_0);  // 16/8 = 2
}

TEST_CASE("F16 and F32 files do not mix, apart from the F32 tensors") {
  const auto t = typed("llama-3.1-8b", GgufFtype::f16);
  CHECK(t.of("output") == GgmlType::f16);
  CHECK(t.of("attn_v", 0) == GgmlType::f16);
  CHECK(t.of("attn_norm", 0) == GgmlType::f32);
}

TEST_CASE("vision tensors get the mmproj file's F16, whatever the main file's type") {
  const auto t = typed("gemma-3-4b", GgufFtype::q4_k_m);
  CHECK(t.of("v.attn_q", 0) == GgmlType::f16);
  CHECK(t.of("v.ln1", 0) == GgmlType::f32);
  CHECK(t.of("mm.input_projection") == GgmlType::f16);
  CHECK(t.of("attn_q", 0) == GgmlType::q4_k);
}

// ik_llama.cpp's rules for its own file types (src/llama-quantize.cpp at 7671335a).

TEST_CASE("IQ4_KS on Llama-3.1-8B: IQ5_K attn_v (GQA), Q6_K head, Q5_K early ffn_down") {
  const Typed m = typed("llama-3.1-8b", GgufFtype::iq4_ks);
  CHECK(m.of("attn_v", 0) == GgmlType::iq5_k);  // n_gqa 4 >= 2
  CHECK(m.of("attn_q", 0) == GgmlType::iq4_ks);
  CHECK(m.of("output") == GgmlType::q6_k);
  CHECK(m.of("token_embd") == GgmlType::iq4_ks);
  CHECK(m.of("ffn_down", 3) == GgmlType::q5_k);  // the first n_layer / 8 without an imatrix
  CHECK(m.of("ffn_down", 4) == GgmlType::iq4_ks);
  CHECK(typed("llama-3.1-8b", GgufFtype::iq4_ks, true).of("ffn_down", 0) == GgmlType::iq4_ks);
}

TEST_CASE("IQ5_K on Llama-3 8B: IQ6_K attn_v and IQ4_K attn_q for the 128k vocabulary") {
  const Typed m = typed("llama-3.1-8b", GgufFtype::iq5_k);
  CHECK(m.of("attn_v", 0) == GgmlType::iq6_k);
  CHECK(m.of("attn_q", 0) == GgmlType::iq4_k);
  CHECK(typed("mistral-7b-v0.3", GgufFtype::iq5_k).of("attn_v", 0) == GgmlType::iq5_k);
}

TEST_CASE("IQ2_KS takes mainline's very-low-bit branch: Q2_K for the first ffn_down tensors") {
  const Typed m = typed("llama-3.1-8b", GgufFtype::iq2_ks);
  CHECK(m.of("attn_v", 0) == GgmlType::iq4_k);  // n_gqa >= 4
  CHECK(m.of("ffn_down", 0) == GgmlType::q2_k);
  CHECK(m.of("ffn_down", 4) == GgmlType::iq2_ks);
  CHECK(m.of("output") == GgmlType::q5_k);
}

TEST_CASE("IQ3_KL mixes IQ3_K with IQ4_KS in the use_more_bits layers") {
  const Typed m = typed("llama-3.1-8b", GgufFtype::iq3_kl);
  CHECK(m.of("ffn_gate", 0) == GgmlType::iq4_ks);
  CHECK(m.of("ffn_up", 5) == GgmlType::iq3_k);
  CHECK(m.of("ffn_down", 5) == GgmlType::iq3_k);
  CHECK(m.of("attn_output", 5) == GgmlType::iq4_ks);
  CHECK(m.of("attn_v", 5) == GgmlType::iq5_k);
}

TEST_CASE("MoE with 4 or more experts: Q8_0 attn_v and attn_k, Q5_K attn_output") {
  const Typed m = typed("mixtral-8x7b", GgufFtype::iq3_k);
  CHECK(m.of("attn_v", 0) == GgmlType::q8_0);
  CHECK(m.of("attn_k", 0) == GgmlType::q8_0);
  CHECK(m.of("attn_output", 0) == GgmlType::q5_k);
  CHECK(m.of("ffn_up_exps", 0) == GgmlType::iq3_k);
}

TEST_CASE("ik's shape fallback: IQ4_NL below 4.5 bits, Q5_0, Q6_0 and Q8_0 above") {
  // gpt-oss-20b's 2880-wide rows are not a multiple of 256.
  CHECK(typed("gpt-oss-20b", GgufFtype::iq4_ks).of("attn_q", 0) == GgmlType::iq4_nl);
  CHECK(typed("gpt-oss-20b", GgufFtype::iq4_k).of("attn_q", 0) == GgmlType::q5_0);
  CHECK(typed("gpt-oss-20b", GgufFtype::iq5_k).of("attn_q", 0) == GgmlType::q6_0);
  CHECK(typed("gpt-oss-20b", GgufFtype::iq6_k).of("attn_q", 0) == GgmlType::q8_0);
}
