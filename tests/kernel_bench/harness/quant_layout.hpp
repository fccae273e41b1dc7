#pragma once

// The bench's weight layouts on the host: 16-bit float bit patterns, the packed integer layouts
// its dequantizing kernels read, and random matrices with their exact dequantized values.
#include <cstdint>
#include <cstring>
#include <vector>

#include "bench_types.hpp"

namespace llm_sizer::bench {

inline float bf16_to_float(uint16_t bits) {
  const uint32_t word = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

// Round to nearest, ties to even (what __float2bfloat16 does); NaN stays NaN.
uint16_t float_to_bf16(float value);
float half_to_float(uint16_t bits);

// A matrix as the kernels read it, row by row (one output channel after another):
//  - bf16: two values per 32-bit word;
//  - int8 / int4: unsigned values packed 4 / 8 per word, low bits first (GPTQ's packing, stored
//    by output row as exllama and Marlin reorder it), plus per group of 128 inputs an fp16 scale
//    and a zero point packed like the values. A weight is (q - zero) * scale.
inline int64_t words_per_row(WeightType type, int64_t cols) {
  return cols * weight_bits(type) / 32;
}
inline int64_t groups_per_row(int64_t cols) {
  return (cols + kGroupSize - 1) / kGroupSize;
}
inline int64_t zero_words_per_row(WeightType type, int64_t cols) {
  return (groups_per_row(cols) * weight_bits(type) + 31) / 32;
}

struct PackedMatrix {
  WeightType type = WeightType::bf16;
  Matrix shape;
  std::vector<uint32_t> weights;  // rows x words_per_row()
  std::vector<uint16_t> scales;   // fp16 bit patterns, rows x groups()
  std::vector<uint32_t> zeros;    // rows x zero_words_per_row()

  int64_t words_per_row() const { return bench::words_per_row(type, shape.cols); }
  int64_t groups() const { return groups_per_row(shape.cols); }
  int64_t zero_words_per_row() const { return bench::zero_words_per_row(type, shape.cols); }
};

// A packed matrix in memory the kernels do not own: a PackedMatrix's vectors, a slice of a
// pool on the host, or device memory (the CUDA kernels read the same layout).
struct MatrixView {
  WeightType type = WeightType::bf16;
  int64_t rows = 0;
  int64_t cols = 0;
  const uint32_t* weights = nullptr;  // rows x words_per_row(); 16-byte aligned on a GPU
  const uint16_t* scales = nullptr;   // rows x groups(), fp16
  const uint32_t* zeros = nullptr;    // rows x zero_words_per_row()

  int64_t words_per_row() const { return bench::words_per_row(type, cols); }
  int64_t groups() const { return groups_per_row(cols); }
  int64_t zero_words_per_row() const { return bench::zero_words_per_row(type, cols); }
};

// A random matrix: the packed form a kernel reads and every weight's exact value (dequantized
// in exact arithmetic), which is what a correct kernel multiplies by.
struct RandomMatrix {
  PackedMatrix packed;
  std::vector<float> dense;  // rows x cols
};

// Cuts timed matrices one after another out of two buffers the caller owns (host or device):
// 32-bit words for packed weights and zero points, each matrix starting 256 bytes aligned, and
// fp16 scales. Wraps around to the start when a buffer runs out (the values of timed data do not
// matter, only that the matrices a run streams are distinct).
class MatrixCarver {
 public:
  static size_t words_for(WeightType type, const Matrix& m);
  static size_t scales_for(WeightType type, const Matrix& m);

  MatrixCarver(const uint32_t* words, size_t word_count, const uint16_t* scales, size_t scale_count)
      : words_(words), word_count_(word_count), scales_(scales), scale_count_(scale_count) {}
  MatrixView cut(WeightType type, const Matrix& m);

 private:
  const uint32_t* words_;
  size_t word_count_;
  const uint16_t* scales_;
  size_t scale_count_;
  size_t word_ = 0;
  size_t scale_ = 0;
};

// cols must be a multiple of 128 (a whole number of groups and of 16-byte loads).
RandomMatrix random_matrix(WeightType type, const Matrix& shape, uint64_t seed);

// bf16 values drawn uniformly from [-magnitude, magnitude), rounded to bf16.
std::vector<uint16_t> random_bf16(size_t count, uint64_t seed, double magnitude);

}  // namespace llm_sizer::bench
