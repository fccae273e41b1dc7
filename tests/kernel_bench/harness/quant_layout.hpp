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
struct PackedMatrix {
  WeightType type = WeightType::bf16;
  Matrix shape;
  std::vector<uint32_t> weights;  // rows x words_per_row()
  std::vector<uint16_t> scales;   // fp16 bit patterns, rows x groups()
  std::vector<uint32_t> zeros;    // rows x zero_words_per_row()

  int64_t words_per_row() const { return shape.cols * weight_bits(type) / 32; }
  int64_t groups() const { return (shape.cols + kGroupSize - 1) / kGroupSize; }
  int64_t zero_words_per_row() const { return (groups() * weight_bits(type) + 31) / 32; }
};

// A random matrix: the packed form a kernel reads and every weight's exact value (dequantized
// in exact arithmetic), which is what a correct kernel multiplies by.
struct RandomMatrix {
  PackedMatrix packed;
  std::vector<float> dense;  // rows x cols
};

// cols must be a multiple of 128 (a whole number of groups and of 16-byte loads).
RandomMatrix random_matrix(WeightType type, const Matrix& shape, uint64_t seed);

// bf16 values drawn uniformly from [-magnitude, magnitude), rounded to bf16.
std::vector<uint16_t> random_bf16(size_t count, uint64_t seed, double magnitude);

}  // namespace llm_sizer::bench
