#include "correctness.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

namespace llm_sizer::bench {
namespace {

// Compares outputs with references; `scale[i]` is what output i's error is measured against.
CheckResult compare(std::string kernel, Json detail, const std::vector<float>& got,
                    const std::vector<double>& want, const std::vector<double>& scale,
                    double bound) {
  CheckResult r{std::move(kernel), std::move(detail), 0, 0, bound, false};
  if (got.size() != want.size()) {
    r.detail["error"] = "returned " + std::to_string(got.size()) + " values, expected " +
                        std::to_string(want.size());
    r.max_abs_error = r.max_rel_error = INFINITY;
    return r;
  }
  for (size_t i = 0; i < got.size(); ++i) {
    const double error = std::abs(double(got[i]) - want[i]);
    // A NaN output must fail, and NaN compares false with everything: count it as infinite.
    const double abs_error = std::isnan(error) ? INFINITY : error;
    r.max_abs_error = std::max(r.max_abs_error, abs_error);
    r.max_rel_error = std::max(r.max_rel_error, scale[i] > 0 ? abs_error / scale[i] : abs_error);
  }
  r.passed = r.max_rel_error <= bound;
  return r;
}

}  // namespace

CheckResult check_gemv(KernelBackend& backend, WeightType type, const Matrix& shape, int64_t batch,
                       uint64_t seed) {
  const RandomMatrix w = random_matrix(type, shape, seed);
  const auto x = random_bf16(size_t(batch * shape.cols), seed + 1, 1.0);
  const size_t rows = size_t(shape.rows);
  const size_t cols = size_t(shape.cols);
  std::vector<double> want(size_t(batch) * rows), scale(want.size());
  for (size_t b = 0; b < size_t(batch); ++b) {
    for (size_t r = 0; r < rows; ++r) {
      double sum = 0, magnitude = 0;
      for (size_t k = 0; k < cols; ++k) {
        const double term = double(bf16_to_float(x[b * cols + k])) * double(w.dense[r * cols + k]);
        sum += term;
        magnitude += std::abs(term);
      }
      want[b * rows + r] = sum;
      scale[b * rows + r] = magnitude;
    }
  }
  return compare("gemv " + std::string(weight_type_name(type)),
                 {{"rows", shape.rows}, {"cols", shape.cols}, {"batch", batch}},
                 backend.gemv(w.packed, x, batch), want, scale, kGemvBound);
}

CheckResult check_attention(KernelBackend& backend, const AttentionShape& shape, uint64_t seed) {
  AttentionCase c{shape, {}, {}, {}};
  const AttentionShape& s = c.shape;
  const size_t d = size_t(s.head_dim);
  const size_t cache = size_t(s.batch * s.kv_heads * s.tokens) * d;
  // Queries large enough that each head's softmax picks out a few tokens: a kernel that mixes
  // up heads or tokens then misses by about the size of a value, not by a small average.
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> uniform(-9.0f, 9.0f);
  c.q.resize(size_t(s.batch * s.heads) * d);
  for (auto& value : c.q) value = uniform(rng);
  c.k = random_bf16(cache, seed + 1, 1.0);
  c.v = random_bf16(cache, seed + 2, 1.0);
  double largest_v = 0;
  for (uint16_t v : c.v) largest_v = std::max(largest_v, double(std::abs(bf16_to_float(v))));

  const size_t group = size_t(s.heads / s.kv_heads);
  const size_t tokens = size_t(s.tokens);
  std::vector<double> want(c.q.size()), scale(c.q.size(), largest_v), scores(tokens);
  for (size_t b = 0; b < size_t(s.batch); ++b) {
    for (size_t h = 0; h < size_t(s.heads); ++h) {
      const size_t kv = (b * size_t(s.kv_heads) + h / group) * tokens * d;
      const float* q = &c.q[(b * size_t(s.heads) + h) * d];
      double top = -INFINITY;
      for (size_t t = 0; t < tokens; ++t) {
        double dot = 0;
        for (size_t i = 0; i < d; ++i) dot += double(q[i]) * bf16_to_float(c.k[kv + t * d + i]);
        scores[t] = dot / std::sqrt(double(d));
        top = std::max(top, scores[t]);
      }
      double total = 0;
      for (double& s : scores) total += (s = std::exp(s - top));
      for (size_t i = 0; i < d; ++i) {
        double out = 0;
        for (size_t t = 0; t < tokens; ++t) out += scores[t] * bf16_to_float(c.v[kv + t * d + i]);
        want[(b * size_t(s.heads) + h) * d + i] = out / total;
      }
    }
  }
  return compare("attention",
                 {{"batch", s.batch},
                  {"heads", s.heads},
                  {"kv_heads", s.kv_heads},
                  {"head_dim", s.head_dim},
                  {"tokens", s.tokens},
                  {"splits", s.splits}},
                 backend.attention(c), want, scale, kAttentionBound);
}

CheckResult check_gemm(KernelBackend& backend, GemmPrecision precision, int64_t m, int64_t n,
                       int64_t k, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> small(-4, 4);
  std::vector<int8_t> a(size_t(m * k)), b(size_t(n * k));
  for (auto& v : a) v = int8_t(small(rng));
  for (auto& v : b) v = int8_t(small(rng));
  std::vector<double> want(size_t(m * n)), scale(want.size());
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0, magnitude = 0;
      for (int64_t p = 0; p < k; ++p) {
        const double term = double(a[size_t(i * k + p)]) * double(b[size_t(j * k + p)]);
        sum += term;
        magnitude += std::abs(term);
      }
      want[size_t(i * n + j)] = sum;
      scale[size_t(i * n + j)] = magnitude;
    }
  }
  return compare("gemm " + std::string(gemm_precision_name(precision)),
                 {{"m", m}, {"n", n}, {"k", k}}, backend.gemm(precision, m, n, k, a, b), want,
                 scale, kGemmBound);
}

std::vector<CheckResult> check_kernels(KernelBackend& backend) {
  std::vector<CheckResult> checks;
  // A check that throws (a launch error) fails with the reason, and the others still run.
  const auto run = [&](const std::string& kernel, const std::function<CheckResult()>& check) {
    try {
      checks.push_back(check());
    } catch (const std::exception& e) {
      checks.push_back({kernel, {{"error", e.what()}}, INFINITY, INFINITY, 0, false});
    }
  };
  uint64_t seed = 1;
  // An odd row count and a width that is not a multiple of a warp's 1024-wide int4 stride.
  for (WeightType type : kWeightTypes) {
    for (const Matrix& shape : {Matrix{"odd", 75, 384}, Matrix{"square", 256, 1024}}) {
      for (int64_t batch : {1, 3, 16}) {
        const uint64_t s = seed++;
        run("gemv " + std::string(weight_type_name(type)),
            [&] { return check_gemv(backend, type, shape, batch, s); });
      }
    }
  }
  // Grouped-query heads (4 and 7 per KV head, and none), one and several token splits.
  for (const AttentionShape& shape :
       {AttentionShape{2, 8, 2, 128, 300, 1}, AttentionShape{2, 8, 2, 128, 300, 3},
        AttentionShape{1, 12, 12, 64, 77, 2}, AttentionShape{3, 14, 2, 64, 129, 4}}) {
    const uint64_t s = seed++;
    run("attention", [&] { return check_attention(backend, shape, s); });
  }
  for (GemmPrecision precision : backend.gemm_precisions()) {
    const uint64_t s = seed++;
    run("gemm " + std::string(gemm_precision_name(precision)),
        [&] { return check_gemm(backend, precision, 64, 96, 256, s); });
  }
  return checks;
}

Json check_to_json(const CheckResult& c) {
  return {{"kernel", c.kernel},
          {"shape", c.detail},
          {"max_abs_error", c.max_abs_error},
          {"max_rel_error", c.max_rel_error},
          {"bound", c.bound},
          {"passed", c.passed}};
}

}  // namespace llm_sizer::bench
