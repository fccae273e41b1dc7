// ik_llama.cpp's per-tensor types for its own file types: llama_tensor_get_type in
// src/llama-quantize.cpp of ikawrakow/ik_llama.cpp at commit
// 7671335ac901bf3af94b6d5779c0db5193fecd20 (one if/else chain; the first branch that matches wins).
// Its name tests are substring tests on "blk.N.<kind>.weight", so attn_k also catches attn_kv_b and
// attn_kv_a_mqa, attn_q catches attn_q_a, attn_q_b and attn_qkv, and the FFN tests catch the
// experts and shared experts.
#include <string_view>

#include "quantization/gguf_mix.hpp"
#include "quantization/gguf_mix_rules.hpp"

namespace llm_sizer::gguf_rules {
namespace {

bool has(std::string_view kind, std::string_view part) {
  return kind.find(part) != std::string_view::npos;
}

bool is_attn_v(std::string_view kind) {  // "attn_v.weight"
  return kind.size() >= 6 && kind.substr(kind.size() - 6) == "attn_v";
}

// The output head, and the token embedding when it doubles as the head (branch A).
T output_type(const MixFacts& f, int64_t row_length) {
  if (f.falcon || row_length % 256 != 0) return T::q8_0;
  if (is_one_of(f.ftype, {F::iq2_k, F::iq3_k, F::iq2_ks, F::iq3_ks, F::iq2_kl, F::iq2_kt, F::iq3_kt,
                          F::iq1_kt})) {
    return f.tied_embeddings ? T::iq4_k : T::q5_k;
  }
  if (is_one_of(f.ftype, {F::iq3_kl, F::iq4_ks, F::iq4_kss}) && f.tied_embeddings) return T::iq5_k;
  return f.base == T::q8_0 || f.base == T::iq6_k ? f.base : T::q6_k;
}

// IQ2_KT's own branch (D).
T iq2_kt_type(const MixFacts& f, Counters& n, const TensorSpec& t) {
  const std::string_view kind = t.kind;
  if (is_attn_v(kind)) {
    ++n.attention_wv;
    if (f.n_expert >= 4 || f.n_gqa >= 4) return T::iq4_k;
    return f.n_gqa >= 2 ? T::iq3_k : T::q2_k;
  }
  if (f.n_expert >= 8 && has(kind, "attn_k")) return T::q4_k;
  if (f.n_expert >= 8 && t.layer == 0 &&
      (has(kind, "ffn_down") || has(kind, "ffn_gate") || has(kind, "ffn_up"))) {
    return T::iq3_k;
  }
  if (f.n_expert >= 8 && has(kind, "attn_q")) return T::q4_k;
  if (has(kind, "attn_qkv")) return T::iq3_k;
  if (has(kind, "_shexp")) return T::iq4_k;
  if (has(kind, "ffn_down")) {
    const int i = f.n_expert > 1 ? t.layer : n.ffn_down;
    ++n.ffn_down;
    return i < f.n_layer / 8 ? T::iq3_k : f.base;
  }
  if (has(kind, "attn_output")) return f.n_expert >= 4 ? T::q5_k : T::iq3_k;
  return f.base;
}

// IQ2_KS shares mainline's very-low-bit branch (E).
T iq2_ks_type(const MixFacts& f, Counters& n, const TensorSpec& t) {
  const std::string_view kind = t.kind;
  if (is_attn_v(kind)) {
    ++n.attention_wv;
    if (f.n_gqa >= 4 || f.n_expert >= 4) return T::iq4_k;
    return f.n_gqa >= 2 || f.n_expert >= 2 ? T::iq3_k : T::q2_k;
  }
  if (f.n_expert >= 8 && (has(kind, "attn_k") || has(kind, "attn_q"))) return T::q4_k;
  if (has(kind, "attn_qkv")) return T::iq2_k;
  if (has(kind, "ffn_down")) {
    // The raw counter, whatever the layer's number.
    return n.ffn_down++ < f.n_layer / 8 ? T::q2_k : f.base;
  }
  if (has(kind, "attn_output") && f.n_expert >= 4) return T::q5_k;
  return f.base;
}

// The general attn_v branch (F) for the other file types.
T attn_v_type(const MixFacts& f) {
  if (f.n_expert >= 4) return T::q8_0;
  if (f.llama_70b) return f.base == T::iq3_k ? T::iq5_k : f.base;
  const bool gqa2 = f.n_gqa >= 2;
  switch (f.ftype) {
    case F::iq2_k:
      return gqa2 ? T::iq4_k : T::iq3_k;
    case F::iq3_kt:
      return f.n_gqa >= 4 ? T::iq4_k : T::iq3_k;
    case F::iq4_kt:
      return f.n_gqa >= 4 ? T::iq5_k : T::iq4_k;
    case F::iq3_k:
      return gqa2 ? T::iq4_k : f.base;
    case F::iq3_ks:
    case F::iq2_kl:
      return gqa2 ? T::iq4_ks : f.base;
    case F::iq3_kl:
      return gqa2 ? T::iq5_k : T::iq4_k;
    case F::iq4_ks:
    case F::iq4_kss:
    case F::iq4_k:
      return gqa2 ? T::iq5_k : f.base;
    case F::iq5_k:
    case F::iq5_ks:
      return f.n_vocab >= 127999 && (f.llama_8b || f.llama_70b) ? T::iq6_k : f.base;
    default:
      return f.base;
  }
}

T ffn_down_type(const MixFacts& f, int i) {
  if (f.ftype == F::iq3_kt && !f.imatrix) return i < f.n_layer / 8 ? T::iq4_k : T::iq3_k;
  if (f.ftype == F::iq3_kl) return use_more_bits(i, f.n_layer) ? T::iq4_ks : T::iq3_k;
  if (i < f.n_layer / 8 && !f.imatrix && is_one_of(f.ftype, {F::iq4_ks, F::iq4_kss})) {
    return T::q5_k;
  }
  return f.base;
}

T attn_output_type(const MixFacts& f) {
  if (f.falcon) return f.base;
  if (f.n_expert >= 4) {
    if (is_one_of(f.ftype, {F::iq4_k, F::iq4_kss, F::iq4_ks, F::iq5_ks, F::iq2_k, F::iq3_k,
                            F::iq3_kl, F::iq3_kt, F::iq3_ks})) {
      return T::q5_k;
    }
    return f.ftype == F::iq2_kl ? T::iq4_ks : f.base;
  }
  if (f.ftype == F::iq3_kt && f.n_gqa >= 4) return T::iq3_k;
  if (f.ftype == F::iq2_k) return T::iq3_k;
  if (f.ftype == F::iq3_kl) return T::iq4_ks;
  return f.base;
}

}  // namespace

T ik_shape_fallback(T type, int64_t row_length) {
  if (row_length % ggml_layout(type).block_weights == 0) return type;
  // change_type_if_necessary: every 256-block type but these falls back to IQ4_NL.
  T fallback = T::iq4_nl;
  switch (type) {
    case T::iq4_k:
    case T::iq5_ks:
    case T::q4_k:
      fallback = T::q5_0;
      break;
    case T::iq5_k:
    case T::q5_k:
      fallback = T::q6_0;
      break;
    case T::iq6_k:
    case T::q6_k:
      fallback = T::q8_0;
      break;
    default:
      break;
  }
  return row_length % ggml_layout(fallback).block_weights == 0 ? fallback : T::f16;
}

T ik_llama_type(const MixFacts& f, Counters& n, const TensorSpec& t, Category c) {
  if (c == Category::output || (f.tied_embeddings && c == Category::token_embd)) {
    return output_type(f, t.row_length);
  }
  if (c == Category::token_embd) return f.ftype == F::iq3_kt ? T::iq3_s : f.base;
  if (f.ftype == F::iq2_kt) return iq2_kt_type(f, n, t);
  if (f.ftype == F::iq2_ks) return iq2_ks_type(f, n, t);
  const std::string_view kind = t.kind;
  // layer_info: MoE models take the layer from the tensor's name, dense ones count tensors.
  const auto layer = [&](int& counter) {
    const int i = f.n_expert > 1 ? t.layer : counter;
    ++counter;
    return i;
  };
  if (is_attn_v(kind)) return attn_v_type(f);
  if (has(kind, "attn_k")) return f.n_expert >= 4 ? T::q8_0 : f.base;
  if (has(kind, "attn_q")) {
    const bool vocab_rule = f.n_vocab >= 127999 && (f.llama_8b || f.llama_70b);
    if (f.ftype == F::iq5_k && vocab_rule) return T::iq4_k;
    if (f.ftype == F::iq5_ks && vocab_rule) return T::iq4_ks;
    return f.base;
  }
  if (has(kind, "ffn_down")) return ffn_down_type(f, layer(n.ffn_down));
  if (has(kind, "attn_output")) return attn_output_type(f);
  if (has(kind, "ffn_gate") || has(kind, "ffn_up")) {
    const int i = layer(has(kind, "ffn_gate") ? n.ffn_gate : n.ffn_up);
    return f.ftype == F::iq3_kl && use_more_bits(i, f.n_layer) ? T::iq4_ks : f.base;
  }
  return f.base;
}

}  // namespace llm_sizer::gguf_rules
