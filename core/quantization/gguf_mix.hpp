#pragma once

#include <cstdint>
#include <vector>

#include "model/model_spec.hpp"
#include "model/tensors.hpp"
#include "quantization/ggml_types.hpp"
#include "quantization/gguf_ftypes.hpp"

namespace llm_sizer {

// llama.cpp's per-tensor choice of ggml type for one file type (llama-quantize's "mix"), as
// src/llama-quant.cpp does it at commit 007dbbf3fd17eefe9b47fee45f48f7ba5e62b714: the category of
// each tensor by name, layer counters, use_more_bits, the n_gqa / n_expert / 70B conditions, tied
// embeddings, then the shape fallback. These are the current rules; files written by older
// versions (2024 to mid-2025) differ only in the fallback of Q2_K/Q3_K (IQ4_NL, now Q4_0) and in
// attn_qkv having its own rule (now treated like attn_v).
//
// Returns one type per tensor, in the order of `tensors` (which lists layers in order, as the
// loader's sorted weight map does). Tensors llama-quantize never quantizes keep the type the
// converter wrote: F32 for 1-D tensors (norms, biases), the MoE router, position embeddings.
// Vision-tower tensors get the types of llama.cpp's separate mmproj file (F16 matrices, F32 vectors
// and position embeddings); callers report them apart.
//
// `imatrix`: whether an importance matrix was used; it changes IQ3_XXS's attn_v, and the first
// ffn_down layers of IQ3_XXS, IQ4_NL, IQ4_XS, Q4_0 and Q5_0.
//
// The per-tensor work that does not depend on the file type (each tensor's category by name) is
// done once in a GgufTensorTable, so many file types of one model can be sized cheaply.
struct GgufTensorTable {
  std::vector<uint8_t> categories;  // one per tensor, in the order of `tensors`
};

GgufTensorTable gguf_tensor_table(const std::vector<TensorSpec>& tensors);

std::vector<GgmlType> gguf_tensor_types(const ModelSpec& model,
                                        const std::vector<TensorSpec>& tensors,
                                        const GgufTensorTable& table, GgufFtype ftype,
                                        bool imatrix);

// llama.cpp's use_more_bits(i_layer, n_layers): the first and last eighth of the layers, and every
// third layer in between; exactly half of them for n a multiple of 8.
bool use_more_bits(int i_layer, int n_layers);

// After the mix rules: a type whose block does not divide the row length (ne[0]) is replaced
// (tensor_type_fallback in src/llama-quant.cpp, commit 007dbbf3); F16 when even the fallback's
// 32-element block does not fit.
GgmlType gguf_shape_fallback(GgmlType type, int64_t row_length);

}  // namespace llm_sizer
