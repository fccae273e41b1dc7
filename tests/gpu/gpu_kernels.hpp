#pragma once

// gpu-bench's own CUDA kernels (gpu_kernels.cu) behind plain launch functions, so the back end
// (gpu_backend.cpp) is ordinary C++. Layouts are those of harness/quant_layout.hpp. Every launch
// goes onto `stream` and is capturable into a CUDA graph.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "quant_layout.hpp"

namespace llm_sizer::bench::gpu {

// y (batch x rows, fp32) = x (batch x cols, bf16) times w transposed, added to y when
// `accumulate`; batch 1 to 16. One warp per output row streams the row in 16-byte loads and
// dequantizes each load in registers: weights are read once whatever the batch.
void launch_gemv(const MatrixView& w, const uint16_t* x, int batch, float* y, bool accumulate,
                 cudaStream_t stream);

// Decode attention (flash-decoding): each (sequence, KV head, token split) block keeps a running
// softmax over its tokens for the query heads sharing that KV head; a second kernel merges the
// splits. q: fp32, batch rows of query_stride() (head h at h * head_dim); k, v: bf16, batch x
// kv_heads x tokens x head_dim; out: bf16, batch x heads x head_dim. head_dim 64, 128 or 256;
// at most 8 query heads per KV head (4 with head_dim 256).
bool attention_supported(const AttentionShape& a);
size_t attention_workspace_floats(const AttentionShape& a);
void launch_attention(const AttentionShape& a, const float* q, const uint16_t* k, const uint16_t* v,
                      float* workspace, uint16_t* out, cudaStream_t stream);

// x / rms(x) per row, to bf16 (the norm's weight is 1); the MLP activation to bf16: SiLU(gate)
// * up over the two halves of each row when gated, GELU otherwise.
void launch_rms_norm(const float* x, int batch, int width, uint16_t* out, cudaStream_t stream);
void launch_activation(const float* in, int batch, int out_width, bool gated, uint16_t* out,
                       cudaStream_t stream);

// Streams over `count` 16-byte words: a read that folds every word into one (written only if it
// hits a value random data never gives, so the loads cannot be dropped), and a copy.
void launch_read(const void* data, size_t count, void* sink, int blocks, cudaStream_t stream);
void launch_copy(const void* from, void* to, size_t count, int blocks, cudaStream_t stream);

// Random contents from a hash of (seed, index): 32-bit words holding two normal bf16 values
// (also valid packed integers and zero points); fp16 scales in [2^-8, 2^-7); fp16 values in
// +-[2^-7, 1); FP8 E4M3 bytes that are never NaN; any int8.
void launch_fill_bf16_pairs(uint32_t* words, size_t count, uint64_t seed, cudaStream_t stream);
void launch_fill_scales(uint16_t* scales, size_t count, uint64_t seed, cudaStream_t stream);
void launch_fill_fp16(uint16_t* values, size_t count, uint64_t seed, cudaStream_t stream);
void launch_fill_bytes(uint8_t* bytes, size_t count, uint64_t seed, bool fp8, cudaStream_t stream);

}  // namespace llm_sizer::bench::gpu
