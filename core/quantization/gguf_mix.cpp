#include "quantization/gguf_mix.hpp"

#include <string_view>

#include "quantization/gguf_mix_rules.hpp"

// Every rule below transcribes llama_tensor_get_type_impl, tensor_allows_quantization and
// tensor_type_fallback in src/llama-quant.cpp of llama.cpp at commit
// 007dbbf3fd17eefe9b47fee45f48f7ba5e62b714 (https://github.com/ggml-org/llama.cpp).

namespace llm_sizer {
namespace {

using namespace gguf_rules;

bool ends_with(std::string_view kind, std::string_view suffix) {
  return kind.size() >= suffix.size() && kind.substr(kind.size() - suffix.size()) == suffix;
}

Category categorize(std::string_view kind) {
  if (kind == "output") return Category::output;
  if (kind == "token_embd" || kind == "per_layer_token_embd") return Category::token_embd;
  if (ends_with(kind, "attn_qkv")) return Category::attn_qkv;
  if (ends_with(kind, "attn_kv_b")) return Category::attn_kv_b;
  if (ends_with(kind, "attn_v")) return Category::attn_v;
  if (ends_with(kind, "attn_k")) return Category::attn_k;
  if (ends_with(kind, "attn_q")) return Category::attn_q;
  if (ends_with(kind, "attn_output")) return Category::attn_output;
  if (kind.find("ffn_up") != std::string_view::npos) return Category::ffn_up;
  if (kind.find("ffn_gate") != std::string_view::npos) return Category::ffn_gate;
  if (kind.find("ffn_down") != std::string_view::npos) return Category::ffn_down;
  return Category::other;
}

// category_is_attn_v: the fused QKV and MLA's kv_b get attn_v's rules in this version.
bool is_attn_v_like(Category c) {
  return c == Category::attn_v || c == Category::attn_qkv || c == Category::attn_kv_b;
}

// tensor_allows_quantization, for the tensors our lists contain. ggml_n_dims ignores trailing
// dimensions of 1, so an [n, 1] matrix (Qwen2-MoE's shared-expert gate) counts as 1-D. Position
// tables, BERT's token types and T5's relative position bias stay as they are.
bool allows_quantization(const TensorSpec& t) {
  if (t.vector || (t.rows == 1 && t.matrices == 1)) return false;
  return t.kind != "ffn_gate_inp" && t.kind != "position_embd" && t.kind != "token_types" &&
         t.kind != "attn_rel_b";
}

// llama_model_llama::load_arch_hparams (src/llama-model.cpp / src/models/llama.cpp): an
// LLM_ARCH_LLAMA model without 8 experts and with 80 layers is LLM_TYPE_70B when it uses GQA (65B
// otherwise). The converter maps LlamaForCausalLM, MistralForCausalLM and MixtralForCausalLM to
// LLM_ARCH_LLAMA.
bool is_llama_arch(const ModelSpec& m) {
  return m.model_type == "llama" || m.model_type == "mistral" || m.model_type == "mixtral";
}

bool is_llama_70b(const ModelSpec& m) {
  return is_llama_arch(m) && m.moe.num_experts != 8 && m.num_layers == 80 &&
         m.num_heads != m.num_kv_heads;
}

// The same: 32 layers with Llama 3's 128,256-token vocabulary are LLM_TYPE_8B (7B otherwise).
bool is_llama_8b(const ModelSpec& m) {
  return is_llama_arch(m) && m.moe.num_experts != 8 && m.num_layers == 32 && m.vocab_size == 128256;
}

MixFacts mix_facts(const ModelSpec& m, const std::vector<TensorSpec>& tensors,
                   const GgufTensorTable& table, F ftype, bool imatrix) {
  MixFacts f{};
  f.ftype = ftype;
  f.base = gguf_ftype_info(ftype).default_type;
  f.imatrix = imatrix;
  f.n_layer = static_cast<int>(m.layers.size() + m.mtp_layers);
  f.n_expert = static_cast<int>(m.moe.num_experts);
  f.n_gqa = m.num_kv_heads > 0 ? m.num_heads / m.num_kv_heads : 0;  // hparams.n_gqa()
  f.llama_70b = is_llama_70b(m);
  f.llama_8b = is_llama_8b(m);
  f.n_vocab = m.vocab_size;
  f.falcon = m.shape == "falcon";
  f.tied_embeddings = true;  // until an output.weight is seen (init_quantize_state_counters)
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (is_media_encoder(tensors[i].component)) continue;
    const auto c = static_cast<Category>(table.categories[i]);
    if (c == Category::output) f.tied_embeddings = false;
    if (is_attn_v_like(c)) ++f.n_attention_wv;
  }
  return f;
}

// The output head, and the token embedding when it doubles as the head.
T output_type(const MixFacts& f, int64_t row_length) {
  if (f.ftype == F::mxfp4_moe) return T::q8_0;
  if (f.falcon || row_length % ggml_layout(f.base).block_weights != 0) return T::q8_0;
  if (is_one_of(f.ftype,
                {F::iq2_xxs, F::iq2_xs, F::iq3_xxs, F::iq1_s, F::iq2_s, F::iq2_m, F::iq1_m})) {
    return T::q5_k;
  }
  return f.base != T::q8_0 ? T::q6_k : f.base;
}

T token_embd_type(const MixFacts& f) {
  if (is_one_of(f.ftype, {F::iq2_xxs, F::iq2_xs, F::iq1_s, F::iq1_m})) return T::q2_k;
  if (is_one_of(f.ftype, {F::iq2_s, F::iq2_m, F::iq3_xxs})) return T::iq3_s;
  if (is_one_of(f.ftype, {F::tq1_0, F::tq2_0})) return T::q4_k;
  return f.base;
}

// IQ1_S, IQ1_M, IQ2_XXS, IQ2_XS, IQ2_S, IQ2_M: their own branch, ahead of the general rules.
T very_low_bit_type(const MixFacts& f, Counters& n, Category c) {
  const bool iq2_sm = f.ftype == F::iq2_s || f.ftype == F::iq2_m;
  if (is_attn_v_like(c)) {
    ++n.attention_wv;
    if (f.n_gqa >= 4 || f.n_expert >= 4) return T::q4_k;
    return iq2_sm ? T::iq3_s : T::q2_k;
  }
  if (c == Category::attn_k && f.n_expert == 8) return T::q4_k;
  if (c == Category::ffn_down) {
    // Counter-based even for MoE models: every ffn_down-like tensor advances it.
    const bool early = n.ffn_down < f.n_layer / 8;
    ++n.ffn_down;
    if (early) return iq2_sm ? T::iq3_s : T::q2_k;
    return f.base;
  }
  if (c == Category::attn_output) {
    if (f.n_expert == 8) return T::q5_k;
    if (f.ftype == F::iq1_s || f.ftype == F::iq1_m) return T::iq2_xxs;
    if (iq2_sm) return T::iq3_s;
  }
  return f.base;
}

T attn_v_type(const MixFacts& f, Counters& n) {
  const int i = n.attention_wv++;
  T type = f.base;
  switch (f.ftype) {
    case F::q2_k:
      type = f.n_gqa >= 4 ? T::q4_k : T::q3_k;
      break;
    case F::q2_k_s:
    case F::iq3_xs:
    case F::iq3_s:
      if (f.n_gqa >= 4) type = T::q4_k;
      break;
    case F::iq3_xxs:
      type = f.n_gqa >= 4 ? T::q4_k : (f.imatrix ? T::iq3_xxs : T::iq3_s);
      break;
    case F::iq3_m:
      type = T::q4_k;
      break;
    case F::q3_k_m:
      type = i < 2 ? T::q5_k : T::q4_k;
      break;
    case F::q3_k_l:
      type = T::q5_k;
      break;
    case F::iq4_nl:
    case F::iq4_xs:
      if (f.n_gqa >= 4) type = T::q5_k;
      break;
    case F::q4_k_m:
    case F::q5_k_m:
      if (use_more_bits(i, f.n_attention_wv)) type = T::q6_k;
      break;
    case F::q4_k_s:
      if (i < 4) type = T::q5_k;
      break;
    default:
      break;
  }
  // "In the 70B model we have 8 heads sharing the same attn_v weights ... 8x smaller".
  if (f.llama_70b && (type == T::q3_k || type == T::q4_k)) type = T::q5_k;
  // "for the 8-expert model, bumping this to Q8_0 trades just ~128MB".
  if (f.n_expert == 8) type = T::q8_0;
  return type;
}

T ffn_down_type(const MixFacts& f, int i, int n) {
  const bool more = use_more_bits(i, n);
  switch (f.ftype) {
    case F::q2_k:
      return T::q3_k;
    case F::q2_k_s:
      return i < n / 8 ? T::q4_k : f.base;
    case F::iq3_xxs:
      if (f.imatrix) return f.base;
      return i < n / 8 ? T::q4_k : T::q3_k;
    case F::q3_k_m:
      if (i < n / 16) return T::q5_k;
      return !f.falcon || more ? T::q4_k : T::q3_k;
    case F::iq3_m:
      return i < n / 8 || (f.n_expert == 8 && more) ? T::q4_k : f.base;
    case F::q3_k_l:
      return f.falcon ? T::q4_k : T::q5_k;
    case F::q4_k_m:
      if (f.falcon) return i < n / 16 ? T::q6_k : (more ? T::q5_k : T::q4_k);
      return more ? T::q6_k : f.base;
    case F::iq4_nl:
    case F::iq4_xs:
      return i < n / 8 && !f.imatrix ? T::q5_k : f.base;
    case F::q5_k_m:
      return more ? T::q6_k : f.base;
    case F::q4_k_s:
      return !f.falcon && i < n / 8 ? T::q5_k : f.base;
    case F::q4_0:
      return f.imatrix && i < n / 8 ? T::q4_1 : f.base;
    case F::q5_0:
      return f.imatrix && i < n / 8 ? T::q5_1 : f.base;
    default:
      return f.base;
  }
}

T attn_output_type(const MixFacts& f) {
  if (f.falcon) return f.ftype == F::q3_k_l ? T::q4_k : f.base;
  if (f.n_expert == 8) {
    const bool bump =
        is_one_of(f.ftype, {F::q2_k, F::iq3_xs, F::iq3_xxs, F::q3_k_s, F::q3_k_m, F::iq4_nl,
                            F::q4_k_s, F::q4_k_m, F::iq3_s, F::iq3_m, F::iq4_xs});
    return bump ? T::q5_k : f.base;
  }
  switch (f.ftype) {
    case F::q2_k:
      return T::q3_k;
    case F::iq3_xxs:
      return T::iq3_s;
    case F::q3_k_m:
    case F::iq3_m:
      return T::q4_k;
    case F::q3_k_l:
      return T::q5_k;
    default:
      return f.base;
  }
}

// The mix rules for one quantizable tensor, before the shape fallback.
T mix_type(const MixFacts& f, Counters& n, const TensorSpec& t, Category c) {
  if (gguf_ftype_is_ik_llama(f.ftype)) return ik_llama_type(f, n, t, c);
  if (c == Category::output || (f.tied_embeddings && c == Category::token_embd)) {
    return output_type(f, t.row_length);
  }
  if (f.ftype == F::mxfp4_moe) return t.matrices > 1 ? T::mxfp4 : T::q8_0;
  if (c == Category::token_embd) return token_embd_type(f);
  if (is_one_of(f.ftype, {F::iq2_xxs, F::iq2_xs, F::iq1_s, F::iq2_s, F::iq2_m, F::iq1_m})) {
    return very_low_bit_type(f, n, c);
  }
  // layer_info: MoE models take the layer from the tensor's name, dense ones count tensors.
  const bool by_name = f.n_expert > 1;
  switch (c) {
    case Category::attn_v:
    case Category::attn_qkv:
    case Category::attn_kv_b:
      return attn_v_type(f, n);
    case Category::attn_k:
      if (f.n_expert == 8) return T::q8_0;
      if (f.ftype == F::iq3_xs) return T::iq3_xxs;
      if (f.ftype == F::iq3_xxs) return T::iq2_s;
      return f.base;
    case Category::attn_q:
      if (f.ftype == F::iq3_xs) return T::iq3_xxs;
      if (f.ftype == F::iq3_xxs) return T::iq2_s;
      return f.base;
    case Category::ffn_down: {
      const int i = by_name ? t.layer : n.ffn_down;
      ++n.ffn_down;
      return ffn_down_type(f, i, f.n_layer);
    }
    case Category::attn_output:
      return attn_output_type(f);
    case Category::ffn_gate:
    case Category::ffn_up: {
      int& counter = c == Category::ffn_gate ? n.ffn_gate : n.ffn_up;
      const int i = by_name ? t.layer : counter;
      ++counter;
      const bool middle = i >= f.n_layer / 8 && i < 7 * f.n_layer / 8;
      return f.ftype == F::iq3_xs && middle ? T::iq3_xxs : f.base;
    }
    default:
      return f.base;
  }
}

// llama.cpp's converter writes 1-D tensors, the MoE router and position embeddings as F32
// (convert_hf_to_gguf.py, prepare_tensors), and llama-quantize leaves them as they are.
constexpr T kKeptType = T::f32;

// The separate mmproj file of a multimodal model: F16 matrices, F32 vectors and positions.
T vision_type(const TensorSpec& t) {
  if (t.vector || t.kind == "v.position_embd") return T::f32;
  return T::f16;
}

}  // namespace

bool use_more_bits(int i_layer, int n_layers) {
  return i_layer < n_layers / 8 || i_layer >= 7 * n_layers / 8 || (i_layer - n_layers / 8) % 3 == 2;
}

GgmlType gguf_shape_fallback(GgmlType type, int64_t row_length) {
  if (row_length % ggml_layout(type).block_weights == 0) return type;
  T fallback = T::f16;
  switch (type) {
    case T::iq1_s:
    case T::iq1_m:
    case T::iq2_xxs:
    case T::iq2_xs:
    case T::iq2_s:
    case T::iq3_xxs:
    case T::iq3_s:
    case T::iq4_xs:
      fallback = T::iq4_nl;
      break;
    case T::q2_k:
    case T::q3_k:
    case T::tq1_0:
    case T::tq2_0:
      fallback = T::q4_0;  // IQ4_NL for Q2_K and Q3_K in 2024 to mid-2025 versions
      break;
    case T::q4_k:
      fallback = T::q5_0;
      break;
    case T::q5_k:
      fallback = T::q5_1;
      break;
    case T::q6_k:
      fallback = T::q8_0;
      break;
    default:
      // llama-quantize stops with "no tensor type fallback is defined" (a 32-block type on rows
      // that are not a multiple of 32); such a file cannot be made, F16 is what it would keep.
      return T::f16;
  }
  return row_length % ggml_layout(fallback).block_weights == 0 ? fallback : T::f16;
}

GgufTensorTable gguf_tensor_table(const std::vector<TensorSpec>& tensors) {
  GgufTensorTable table;
  table.categories.reserve(tensors.size());
  for (const auto& t : tensors) table.categories.push_back(uint8_t(categorize(t.kind)));
  return table;
}

std::vector<GgmlType> gguf_tensor_types(const ModelSpec& model,
                                        const std::vector<TensorSpec>& tensors,
                                        const GgufTensorTable& table, GgufFtype ftype,
                                        bool imatrix) {
  const MixFacts facts = mix_facts(model, tensors, table, ftype, imatrix);
  const bool quantized = gguf_ftype_is_quantized(ftype);
  Counters counters;
  std::vector<GgmlType> types;
  types.reserve(tensors.size());
  for (size_t i = 0; i < tensors.size(); ++i) {
    const TensorSpec& t = tensors[i];
    if (is_media_encoder(t.component)) {
      types.push_back(vision_type(t));
    } else if (!allows_quantization(t)) {
      types.push_back(kKeptType);
    } else if (!quantized) {
      types.push_back(facts.base);  // F32 / F16 / BF16 files: no mixing
    } else {
      const auto category = static_cast<Category>(table.categories[i]);
      const T type = mix_type(facts, counters, t, category);
      types.push_back(gguf_ftype_is_ik_llama(ftype) ? ik_shape_fallback(type, t.row_length)
                                                    : gguf_shape_fallback(type, t.row_length));
    }
  }
  return types;
}

}  // namespace llm_sizer
