#include "bench_types.hpp"

#include <cmath>

namespace llm_sizer::bench {

std::string_view weight_type_name(WeightType type) {
  switch (type) {
    case WeightType::bf16:
      return "bf16";
    case WeightType::int8:
      return "int8";
    case WeightType::int4:
      return "int4";
  }
  return "bf16";
}

int weight_bits(WeightType type) {
  return type == WeightType::bf16 ? 16 : type == WeightType::int8 ? 8 : 4;
}

std::string_view core_format_id(WeightType type) {
  switch (type) {
    case WeightType::bf16:
      return "bf16";
    case WeightType::int8:
      return "gptq-8bit-g128";
    case WeightType::int4:
      return "gptq-4bit-g128";
  }
  return "bf16";
}

std::string_view gemm_precision_name(GemmPrecision precision) {
  switch (precision) {
    case GemmPrecision::bf16:
      return "bf16";
    case GemmPrecision::fp16:
      return "fp16";
    case GemmPrecision::fp8:
      return "fp8";
    case GemmPrecision::int8:
      return "int8";
    case GemmPrecision::fp32:
      return "fp32";
  }
  return "bf16";
}

std::string_view core_format_for(GemmPrecision precision) {
  // int8 matmuls are SmoothQuant's W8A8; the others are the plain float formats.
  return precision == GemmPrecision::int8 ? "w8a8" : gemm_precision_name(precision);
}

double matrix_bytes(WeightType type, const Matrix& m) {
  const double rows = double(m.rows);
  if (type == WeightType::bf16) return rows * double(m.cols) * 2.0;
  const int bits = weight_bits(type);
  const double groups = std::ceil(double(m.cols) / double(kGroupSize));
  const double zero_words = std::ceil(groups * bits / 32.0);
  return rows * (double(m.cols) * bits / 8.0 + groups * 2.0 + zero_words * 4.0);
}

}  // namespace llm_sizer::bench
