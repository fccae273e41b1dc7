// The packed layouts bit by bit, and the 16-bit float conversions against IEEE values.
#include <catch2/catch.hpp>
#include <cmath>

#include "quant_layout.hpp"

using namespace llm_sizer::bench;

TEST_CASE("fp16 and bf16 bit patterns convert to their IEEE values") {
  CHECK(half_to_float(0x3c00) == 1.0f);
  CHECK(half_to_float(0xc000) == -2.0f);
  CHECK(half_to_float(0x0001) == std::ldexp(1.0f, -24));  // smallest subnormal
  CHECK(half_to_float(0x7bff) == 65504.0f);               // largest normal
  CHECK(std::isinf(half_to_float(0x7c00)));
  CHECK(std::isnan(half_to_float(0x7e00)));
  CHECK(bf16_to_float(0x3f80) == 1.0f);
  CHECK(float_to_bf16(1.0f) == 0x3f80);
  // 1 + 2^-8 lies halfway between two bf16 values: ties go to the even one (1.0).
  CHECK(float_to_bf16(1.0f + std::ldexp(1.0f, -8)) == 0x3f80);
  CHECK(float_to_bf16(1.0f + 3 * std::ldexp(1.0f, -8)) == 0x3f82);
  CHECK(std::isnan(bf16_to_float(float_to_bf16(NAN))));
}

TEST_CASE("packed integers sit low bits first, one output row after another") {
  const RandomMatrix m = random_matrix(WeightType::int4, {"w", 3, 256}, 5);
  const PackedMatrix& p = m.packed;
  REQUIRE(p.words_per_row() == 32);
  REQUIRE(p.groups() == 2);
  REQUIRE(p.zero_words_per_row() == 1);
  REQUIRE(p.weights.size() == 3 * 32);
  // Rebuild each weight by hand from the words: (q - zero) * scale.
  for (int64_t r = 0; r < 3; ++r) {
    for (int64_t k = 0; k < 256; ++k) {
      const int g = int(k / 128);
      const int q = int(p.weights[size_t(r * 32 + k / 8)] >> (4 * (k % 8)) & 0xf);
      const int zero = int(p.zeros[size_t(r)] >> (4 * g) & 0xf);
      const float scale = half_to_float(p.scales[size_t(r * 2 + g)]);
      CHECK(m.dense[size_t(r * 256 + k)] == float(q - zero) * scale);
    }
  }
}

TEST_CASE("storage per matrix counts packed weights, fp16 scales and packed zero points") {
  const Matrix w{"w", 4096, 4096};
  CHECK(matrix_bytes(WeightType::bf16, w) == 4096.0 * 4096 * 2);
  // 32 groups per row: 32 scales of 2 bytes; zero points 8 (int4) or 4 (int8) per word.
  CHECK(matrix_bytes(WeightType::int4, w) == 4096.0 * (4096 / 2 + 32 * 2 + 4 * 4));
  CHECK(matrix_bytes(WeightType::int8, w) == 4096.0 * (4096 + 32 * 2 + 8 * 4));
  // GPTQ 4-bit, group 128: 4.16 bits per weight before g_idx (AutoGPTQ packing).
  CHECK(matrix_bytes(WeightType::int4, w) * 8 / (4096.0 * 4096) == Approx(4.156).epsilon(1e-3));
}
