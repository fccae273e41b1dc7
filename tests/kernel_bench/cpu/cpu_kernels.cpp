#include "cpu_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace llm_sizer::bench::cpu {
namespace {

constexpr int kLanes = 8;  // independent partial sums: the compiler turns them into vectors

float dot(const float* a, const float* b, int64_t n) {
  float partial[kLanes] = {};
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int j = 0; j < kLanes; ++j) partial[j] += a[i + j] * b[i + j];
  }
  float sum = 0;
  for (; i < n; ++i) sum += a[i] * b[i];
  for (float p : partial) sum += p;
  return sum;
}

// One row of weights as floats: bf16 widened, or each group's (q - zero) * scale. The width
// is a compile-time constant so each 32-bit word unpacks in an unrolled loop.
template <int kBits>
void unpack_row(const MatrixView& w, int64_t row, float* out) {
  constexpr int kPerWord = 32 / kBits;
  constexpr uint32_t kMask = kBits == 32 ? ~0u : (1u << kBits) - 1;
  const uint32_t* words = w.weights + row * w.words_per_row();
  if constexpr (kBits == 16) {
    for (int64_t i = 0; i < w.cols / 2; ++i) {
      out[2 * i] = bf16_to_float(uint16_t(words[i]));
      out[2 * i + 1] = bf16_to_float(uint16_t(words[i] >> 16));
    }
  } else {
    const uint32_t* zeros = w.zeros + row * w.zero_words_per_row();
    const uint16_t* scales = w.scales + row * w.groups();
    for (int64_t g = 0; g < w.groups(); ++g) {
      const float scale = half_to_float(scales[g]);
      const float zero = float((zeros[g / kPerWord] >> ((g % kPerWord) * kBits)) & kMask);
      const uint32_t* group = words + g * (kGroupSize / kPerWord);
      float* values = out + g * kGroupSize;
      for (int64_t i = 0; i < kGroupSize / kPerWord; ++i) {
        for (int j = 0; j < kPerWord; ++j) {
          values[i * kPerWord + j] = (float((group[i] >> (j * kBits)) & kMask) - zero) * scale;
        }
      }
    }
  }
}

void unpack_row(const MatrixView& w, int64_t row, float* out) {
  switch (w.type) {
    case WeightType::bf16:
      return unpack_row<16>(w, row, out);
    case WeightType::int8:
      return unpack_row<8>(w, row, out);
    case WeightType::int4:
      return unpack_row<4>(w, row, out);
  }
}

// Strips of `width` rows of src (rows of ld floats) from `first`, columns [k0, k0 + kc), stored
// [strip][kc][width] so the GEMM's micro-kernel reads both operands contiguously; rows past
// `end` are zeros.
void pack_strips(const float* src, int64_t ld, int64_t first, int64_t count, int64_t end,
                 int64_t k0, int64_t kc, int64_t width, float* out) {
  for (int64_t s = 0; s < count; s += width) {
    for (int64_t p = 0; p < kc; ++p) {
      for (int64_t i = 0; i < width; ++i) {
        const int64_t row = first + s + i;
        out[s * kc + p * width + i] = row < end ? src[row * ld + k0 + p] : 0.0f;
      }
    }
  }
}

float round_to_bf16(float value) {
  return bf16_to_float(float_to_bf16(value));
}

}  // namespace

MatrixView view_of(const PackedMatrix& m) {
  return {m.type, m.shape.rows, m.shape.cols, m.weights.data(), m.scales.data(), m.zeros.data()};
}

void gemv(const MatrixView& w, const float* x, int64_t batch, float* y, bool accumulate) {
  // A row is unpacked once and used for every sequence, so the weights are read once per call
  // whatever the batch, as on the GPU.
  std::vector<float> row(size_t(w.cols));
  for (int64_t r = 0; r < w.rows; ++r) {
    unpack_row(w, r, row.data());
    for (int64_t b = 0; b < batch; ++b) {
      const float sum = dot(row.data(), x + b * w.cols, w.cols);
      float& out = y[b * w.rows + r];
      out = accumulate ? out + sum : sum;
    }
  }
}

void attention(const AttentionShape& s, const float* q, const uint16_t* k, const uint16_t* v,
               float* out) {
  const int group = s.heads / s.kv_heads;
  const float scale = 1.0f / std::sqrt(float(s.head_dim));
  std::vector<float> scores(size_t(s.tokens)), key(size_t(s.head_dim)), acc(size_t(s.head_dim));
  for (int b = 0; b < s.batch; ++b) {
    for (int h = 0; h < s.heads; ++h) {
      const size_t cache = size_t(b * s.kv_heads + h / group) * size_t(s.tokens * s.head_dim);
      const float* query = q + int64_t(b) * s.query_stride() + h * s.head_dim;
      float top = -INFINITY;
      for (int64_t t = 0; t < s.tokens; ++t) {
        for (int64_t i = 0; i < s.head_dim; ++i) {
          key[size_t(i)] = bf16_to_float(k[cache + size_t(t * s.head_dim + i)]);
        }
        scores[size_t(t)] = dot(query, key.data(), s.head_dim) * scale;
        top = std::max(top, scores[size_t(t)]);
      }
      float total = 0;
      std::fill(acc.begin(), acc.end(), 0.0f);
      for (int64_t t = 0; t < s.tokens; ++t) {
        const float p = std::exp(scores[size_t(t)] - top);
        total += p;
        const uint16_t* value = v + cache + size_t(t * s.head_dim);
        for (int64_t i = 0; i < s.head_dim; ++i) acc[size_t(i)] += p * bf16_to_float(value[i]);
      }
      float* o = out + size_t(b * s.heads + h) * size_t(s.head_dim);
      for (int64_t i = 0; i < s.head_dim; ++i) o[i] = round_to_bf16(acc[size_t(i)] / total);
    }
  }
}

void gemm(int64_t m, int64_t n, int64_t k, const float* a, const float* b, float* c) {
  // Goto-style blocking: a kc-deep slice of NR columns of b and of MR rows of a is packed so
  // the micro-kernel streams both contiguously and keeps an MR x NR tile of c in registers.
  // A 4 x 8 tile is 8 SSE registers: it stays in registers on any x86-64.
  constexpr int64_t MR = 4, NR = 8, KC = 256, MC = 64, NC = 256;
  std::fill(c, c + m * n, 0.0f);
  std::vector<float> bp(size_t(KC * NC)), ap(size_t(MC * KC));
  for (int64_t n0 = 0; n0 < n; n0 += NC) {
    const int64_t nc = std::min(NC, n - n0);
    for (int64_t k0 = 0; k0 < k; k0 += KC) {
      const int64_t kc = std::min(KC, k - k0);
      pack_strips(b, k, n0, nc, n0 + nc, k0, kc, NR, bp.data());
      for (int64_t m0 = 0; m0 < m; m0 += MC) {
        const int64_t mc = std::min(MC, m - m0);
        pack_strips(a, k, m0, mc, m0 + mc, k0, kc, MR, ap.data());
        for (int64_t i = 0; i < mc; i += MR) {
          for (int64_t j = 0; j < nc; j += NR) {
            float tile[MR][NR] = {};
            const float* as = &ap[size_t(i * kc)];
            const float* bs = &bp[size_t(j * kc)];
            for (int64_t p = 0; p < kc; ++p) {
              for (int64_t ii = 0; ii < MR; ++ii) {
                for (int64_t jj = 0; jj < NR; ++jj) {
                  tile[ii][jj] += as[p * MR + ii] * bs[p * NR + jj];
                }
              }
            }
            for (int64_t ii = 0; ii < MR && i + ii < mc; ++ii) {
              for (int64_t jj = 0; jj < NR && j + jj < nc; ++jj) {
                c[(m0 + i + ii) * n + n0 + j + jj] += tile[ii][jj];
              }
            }
          }
        }
      }
    }
  }
}

uint64_t read_words(const uint64_t* data, int64_t count) {
  uint64_t sums[kLanes] = {};
  int64_t i = 0;
  for (; i + kLanes <= count; i += kLanes) {
    for (int j = 0; j < kLanes; ++j) sums[j] += data[i + j];
  }
  uint64_t total = 0;
  for (; i < count; ++i) total += data[i];
  for (uint64_t s : sums) total += s;
  return total;
}

void copy_words(const uint64_t* from, uint64_t* to, int64_t count) {
  std::memcpy(to, from, size_t(count) * sizeof(uint64_t));
}

void rms_norm(const float* x, int64_t batch, int64_t width, float* out) {
  for (int64_t b = 0; b < batch; ++b) {
    const float* row = x + b * width;
    const float mean_square = dot(row, row, width) / float(width);
    const float inverse = 1.0f / std::sqrt(mean_square + 1e-6f);
    for (int64_t i = 0; i < width; ++i) out[b * width + i] = row[i] * inverse;
  }
}

void activation(const float* in, int64_t batch, int64_t out_width, bool gated, float* out) {
  const int64_t in_width = gated ? 2 * out_width : out_width;
  for (int64_t b = 0; b < batch; ++b) {
    const float* row = in + b * in_width;
    for (int64_t i = 0; i < out_width; ++i) {
      if (gated) {
        const float gate = row[i];
        out[b * out_width + i] = gate / (1.0f + std::exp(-gate)) * row[out_width + i];
      } else {
        const float u = row[i];  // GELU, tanh approximation (GPT-2)
        out[b * out_width + i] =
            0.5f * u * (1.0f + std::tanh(0.7978845608f * (u + 0.044715f * u * u * u)));
      }
    }
  }
}

}  // namespace llm_sizer::bench::cpu
