#pragma once

// What the per-tensor type rules of llama.cpp (gguf_mix.cpp) and of ik_llama.cpp
// (gguf_mix_ik.cpp) read: each tensor's category by name, the model's facts, the layer counters.
#include <cstdint>
#include <initializer_list>

#include "model/tensors.hpp"
#include "quantization/ggml_types.hpp"
#include "quantization/gguf_ftypes.hpp"

namespace llm_sizer::gguf_rules {

using F = GgufFtype;
using T = GgmlType;

// tensor_get_category: first match wins. llama.cpp searches the full name ("blk.7.attn_v.weight",
// "dec.blk.3.cross_attn_v.weight"); our kinds are that name without the "blk.N." prefix and
// ".weight" suffix, so the attention categories are suffix matches (cross_attn_v is attn_v-like)
// and the FFN ones substrings (they also catch *_exps and *_shexp).
enum class Category : uint8_t {
  token_embd,
  output,
  attn_qkv,
  attn_kv_b,
  attn_v,
  attn_k,
  attn_q,
  attn_output,
  ffn_up,
  ffn_gate,
  ffn_down,
  other,
};

inline bool is_one_of(F ftype, std::initializer_list<F> set) {
  for (F f : set) {
    if (f == ftype) return true;
  }
  return false;
}

// What llama.cpp reads from the model for the mix: hparams and the model type.
struct MixFacts {
  F ftype;
  T base;  // the ftype's default type
  bool imatrix;
  int n_layer;   // hparams.n_layer_all: decoder layers plus multi-token-prediction layers
  int n_expert;  // hparams.n_expert; 0 for dense models
  int64_t n_gqa;
  bool llama_70b;
  bool llama_8b;
  int64_t n_vocab;
  bool falcon;
  bool tied_embeddings;
  int n_attention_wv;
};

struct Counters {
  int attention_wv = 0;
  int ffn_down = 0;
  int ffn_gate = 0;
  int ffn_up = 0;
};

// ik_llama.cpp's rules for its own file types (gguf_mix_ik.cpp), before the shape fallback.
T ik_llama_type(const MixFacts& f, Counters& n, const TensorSpec& t, Category c);
// ik_llama.cpp's change_type_if_necessary: its fallback where a block does not divide the row
// (IQ4_NL for the 2-4 bit types, Q5_0, Q6_0 or Q8_0 above them); F16 where even 32 does not.
T ik_shape_fallback(T type, int64_t row_length);

}  // namespace llm_sizer::gguf_rules
