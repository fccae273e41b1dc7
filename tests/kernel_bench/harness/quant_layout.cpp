#include "quant_layout.hpp"

#include <cmath>
#include <random>
#include <stdexcept>

namespace llm_sizer::bench {
namespace {

// Scales are exact fp16 values in [2^-8, 2^-7): exponent field 7, a random 10-bit mantissa.
constexpr uint16_t kScaleExponentBits = 7 << 10;

void put_packed(std::vector<uint32_t>& words, int64_t row_words, int64_t row, int64_t index,
                int bits, uint32_t value) {
  const int64_t per_word = 32 / bits;
  words[size_t(row * row_words + index / per_word)] |= value << ((index % per_word) * bits);
}

}  // namespace

uint16_t float_to_bf16(float value) {
  uint32_t word;
  std::memcpy(&word, &value, sizeof word);
  if (std::isnan(value)) return uint16_t((word >> 16) | 0x40);
  const uint32_t rounding = 0x7fff + ((word >> 16) & 1);
  return uint16_t((word + rounding) >> 16);
}

float half_to_float(uint16_t bits) {
  const uint32_t sign = uint32_t(bits & 0x8000) << 16;
  const uint32_t exponent = (bits >> 10) & 0x1f;
  const uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0) {  // zero or subnormal: mantissa x 2^-24, exact in a float
    const float magnitude = float(mantissa) * 0x1p-24f;
    return sign ? -magnitude : magnitude;
  }
  // Normal numbers rebias the exponent (15 -> 127); infinities and NaNs keep an all-ones one.
  const uint32_t word =
      sign | (exponent == 31 ? 0x7f800000u : (exponent + 112) << 23) | (mantissa << 13);
  float value;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

size_t MatrixCarver::words_for(WeightType type, const Matrix& m) {
  constexpr size_t kAlignWords = 64;  // 256 bytes
  const bool integer = type != WeightType::bf16;
  const size_t words = size_t(
      m.rows * (words_per_row(type, m.cols) + (integer ? zero_words_per_row(type, m.cols) : 0)));
  return (words + kAlignWords - 1) / kAlignWords * kAlignWords;
}

size_t MatrixCarver::scales_for(WeightType type, const Matrix& m) {
  return type == WeightType::bf16 ? 0 : size_t(m.rows * groups_per_row(m.cols));
}

MatrixView MatrixCarver::cut(WeightType type, const Matrix& m) {
  const size_t words = words_for(type, m);
  const size_t scales = scales_for(type, m);
  if (words > word_count_ || scales > scale_count_) {
    throw std::invalid_argument("matrix " + m.name + " is larger than the buffers it is cut from");
  }
  if (word_ + words > word_count_) word_ = 0;
  if (scale_ + scales > scale_count_) scale_ = 0;
  MatrixView v{type, m.rows, m.cols, words_ + word_, nullptr, nullptr};
  if (type != WeightType::bf16) {
    v.zeros = v.weights + m.rows * v.words_per_row();
    v.scales = scales_ + scale_;
  }
  word_ += words;
  scale_ += scales;
  return v;
}

std::vector<uint16_t> random_bf16(size_t count, uint64_t seed, double magnitude) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(-magnitude, magnitude);
  std::vector<uint16_t> out(count);
  for (auto& v : out) v = float_to_bf16(float(uniform(rng)));
  return out;
}

RandomMatrix random_matrix(WeightType type, const Matrix& shape, uint64_t seed) {
  if (shape.cols % kGroupSize != 0 || shape.rows <= 0) {
    throw std::invalid_argument("matrix " + shape.name +
                                ": columns must be a positive multiple of " +
                                std::to_string(kGroupSize));
  }
  RandomMatrix m;
  PackedMatrix& p = m.packed;
  p.type = type;
  p.shape = shape;
  const size_t rows = size_t(shape.rows);
  const size_t cols = size_t(shape.cols);
  m.dense.resize(rows * cols);
  p.weights.assign(rows * size_t(p.words_per_row()), 0);
  if (type == WeightType::bf16) {
    // Magnitude 1/sqrt(cols), as initialised linear layers are, keeps outputs near 1.
    const auto values = random_bf16(rows * cols, seed, 1.0 / std::sqrt(double(cols)));
    for (size_t i = 0; i < values.size(); ++i) {
      put_packed(p.weights, p.words_per_row(), int64_t(i / cols), int64_t(i % cols), 16, values[i]);
      m.dense[i] = bf16_to_float(values[i]);
    }
    return m;
  }
  const int bits = weight_bits(type);
  const size_t groups = size_t(p.groups());
  p.scales.resize(rows * groups);
  p.zeros.assign(rows * size_t(p.zero_words_per_row()), 0);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<uint32_t> level(0, (1u << bits) - 1);
  std::uniform_int_distribution<uint32_t> mantissa(0, 1023);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t g = 0; g < groups; ++g) {
      const uint16_t scale = uint16_t(kScaleExponentBits | mantissa(rng));
      const uint32_t zero = level(rng);
      p.scales[r * groups + g] = scale;
      put_packed(p.zeros, p.zero_words_per_row(), int64_t(r), int64_t(g), bits, zero);
      const float s = half_to_float(scale);
      for (size_t k = g * kGroupSize; k < (g + 1) * kGroupSize && k < cols; ++k) {
        const uint32_t q = level(rng);
        put_packed(p.weights, p.words_per_row(), int64_t(r), int64_t(k), bits, q);
        // (q - zero) has at most 9 significant bits and the scale 11: the product is exact.
        m.dense[r * cols + k] = float(int(q) - int(zero)) * s;
      }
    }
  }
  return m;
}

}  // namespace llm_sizer::bench
