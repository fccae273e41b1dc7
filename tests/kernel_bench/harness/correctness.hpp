#pragma once

// The bench's own kernels against straightforward references in double precision on random
// data, each with a stated error bound, so a fast but wrong kernel cannot pass. Errors are
// normwise: the largest error divided by the sum of the absolute terms of that output (GEMV,
// GEMM) or by the largest |value| averaged over (attention), which is what floating-point
// summation can be held to whatever the order of the sum.
#include <string>
#include <vector>

#include "backend.hpp"

namespace llm_sizer::bench {

struct CheckResult {
  std::string kernel;  // "gemv int4", "attention", "gemm fp8"
  Json detail;         // the shape checked
  double max_abs_error = 0;
  double max_rel_error = 0;  // normwise, as above
  double bound = 0;          // what max_rel_error must not exceed
  bool passed = false;
};

// fp32 accumulation of at most 1024 exactly representable products: the worst case is
// 1024 x 2^-24 = 6.1e-5 of the sum of |x w|.
inline constexpr double kGemvBound = 1e-4;
// Outputs rounded to bf16 (2^-9 relative) after an fp32 softmax.
inline constexpr double kAttentionBound = 1.0 / 128;
// 16-bit GEMM outputs round the exact integer sum by at most 2^-9 of it; int32 and fp32 outputs
// of these small integers are exact.
inline constexpr double kGemmBound = 1.0 / 256;

CheckResult check_gemv(KernelBackend& backend, WeightType type, const Matrix& shape, int64_t batch,
                       uint64_t seed);
// The queries, keys and values are drawn here.
CheckResult check_attention(KernelBackend& backend, const AttentionShape& shape, uint64_t seed);
CheckResult check_gemm(KernelBackend& backend, GemmPrecision precision, int64_t m, int64_t n,
                       int64_t k, uint64_t seed);

// Every check the bench runs before it measures anything: each weight type at two shapes and
// three batch sizes, attention with grouped heads and split token ranges, each GEMM precision.
std::vector<CheckResult> check_kernels(KernelBackend& backend);

Json check_to_json(const CheckResult& check);

}  // namespace llm_sizer::bench
