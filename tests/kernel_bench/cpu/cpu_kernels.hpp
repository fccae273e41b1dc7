#pragma once

// The CPU twin's kernels: the same operations as the CUDA ones, one thread, plain C++ written so
// the compiler vectorizes the inner loops. Layouts are those of harness/quant_layout.hpp.
#include <cstdint>

#include "bench_types.hpp"
#include "quant_layout.hpp"

namespace llm_sizer::bench::cpu {

// The kernels' view of a matrix on the host.
MatrixView view_of(const PackedMatrix& m);

// y (batch x rows) = x (batch x cols, as floats) times the matrix transposed; added to y when
// `accumulate` (the residual connection).
void gemv(const MatrixView& w, const float* x, int64_t batch, float* y, bool accumulate);

// Decode attention of each sequence's query heads over its cached keys and values: q rows of
// shape.query_stride() floats; k, v bf16, batch x kv_heads x tokens x head_dim; out batch x heads
// x head_dim, rounded to bf16 as the GPU kernel stores it. One pass: the splits are ignored.
void attention(const AttentionShape& s, const float* q, const uint16_t* k, const uint16_t* v,
               float* out);

// c (m x n) = a (m x k) times b (n x k) transposed, blocked for the caches.
void gemm(int64_t m, int64_t n, int64_t k, const float* a, const float* b, float* c);

// Streams: the sum of every word (returned so it cannot be optimised away), and a copy.
uint64_t read_words(const uint64_t* data, int64_t count);
void copy_words(const uint64_t* from, uint64_t* to, int64_t count);

// x / rms(x) per row (the norm's weight is 1), and the MLP activation: SiLU(gate) * up over the
// two halves of each row when gated, GELU otherwise. Both write floats the next GEMV reads.
void rms_norm(const float* x, int64_t batch, int64_t width, float* out);
void activation(const float* in, int64_t batch, int64_t out_width, bool gated, float* out);

}  // namespace llm_sizer::bench::cpu
