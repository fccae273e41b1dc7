// The CPU twin's kernels against the harness's double-precision references (the same checks
// gpu-bench runs on the GPU before it measures), and proof that the checks catch wrong kernels.
#include <catch2/catch.hpp>

#include "correctness.hpp"
#include "cpu_backend.hpp"

using namespace llm_sizer::bench;

namespace {

void require_passed(const CheckResult& c) {
  INFO(c.kernel << " " << c.detail.dump() << ": error " << c.max_rel_error << ", bound "
                << c.bound);
  CHECK(c.passed);
}

// The CPU kernels behind a fault, to show each check fails a kernel that is fast but wrong.
class FaultyBackend : public cpu::CpuBackend {
 public:
  enum class Fault { nibble_order, next_group_scale, kv_head, none };
  explicit FaultyBackend(Fault fault) : fault_(fault) {}

  std::vector<float> gemv(const PackedMatrix& w, const std::vector<uint16_t>& x,
                          int64_t batch) override {
    PackedMatrix broken = w;
    if (fault_ == Fault::nibble_order) {
      // Reads each byte's two 4-bit values in the other order.
      for (uint32_t& word : broken.weights) {
        word = ((word & 0x0f0f0f0fu) << 4) | ((word >> 4) & 0x0f0f0f0fu);
      }
    } else if (fault_ == Fault::next_group_scale) {
      // Takes each group's scale from the next group.
      const int64_t groups = broken.groups();
      for (int64_t r = 0; r < broken.shape.rows; ++r) {
        for (int64_t g = 0; g + 1 < groups; ++g) {
          broken.scales[size_t(r * groups + g)] = w.scales[size_t(r * groups + g + 1)];
        }
      }
    }
    return CpuBackend::gemv(broken, x, batch);
  }

  std::vector<float> attention(const AttentionCase& c) override {
    if (fault_ != Fault::kv_head) return CpuBackend::attention(c);
    // Pairs every query head with the first KV head.
    AttentionCase one = c;
    const AttentionShape& s = c.shape;
    const size_t per_head = size_t(s.tokens * s.head_dim);
    for (int b = 0; b < s.batch; ++b) {
      for (int h = 1; h < s.kv_heads; ++h) {
        for (size_t i = 0; i < per_head; ++i) {
          const size_t first = size_t(b * s.kv_heads) * per_head + i;
          one.k[first + size_t(h) * per_head] = c.k[first];
          one.v[first + size_t(h) * per_head] = c.v[first];
        }
      }
    }
    return CpuBackend::attention(one);
  }

 private:
  Fault fault_;
};

}  // namespace

TEST_CASE("the CPU dequantizing GEMV kernels match the reference within the bound") {
  cpu::CpuBackend backend;
  for (WeightType type : kWeightTypes) {
    for (int64_t batch : {1, 5, 16}) {
      require_passed(check_gemv(backend, type, {"odd", 75, 384}, batch, 11));
      require_passed(check_gemv(backend, type, {"wide", 33, 1024}, batch, 12));
    }
  }
}

TEST_CASE("the CPU attention kernel matches the reference within the bound") {
  cpu::CpuBackend backend;
  require_passed(check_attention(backend, {2, 8, 2, 128, 300, 1}, 21));
  require_passed(check_attention(backend, {3, 14, 2, 64, 129, 1}, 22));
  require_passed(check_attention(backend, {1, 12, 12, 64, 1, 1}, 23));
}

TEST_CASE("the CPU blocked GEMM is exact on small integers, including ragged edges") {
  cpu::CpuBackend backend;
  require_passed(check_gemm(backend, GemmPrecision::fp32, 64, 96, 256, 31));
  // Sizes that are multiples of none of the blocks (4, 8, 64, 256).
  require_passed(check_gemm(backend, GemmPrecision::fp32, 67, 301, 515, 32));
}

TEST_CASE("every check the bench runs before measuring passes on the CPU") {
  cpu::CpuBackend backend;
  const auto checks = check_kernels(backend);
  CHECK(checks.size() == 3 * 2 * 3 + 4 + 1);
  for (const auto& c : checks) require_passed(c);
}

TEST_CASE("the checks fail kernels that are fast but wrong") {
  FaultyBackend nibbles(FaultyBackend::Fault::nibble_order);
  CHECK_FALSE(check_gemv(nibbles, WeightType::int4, {"square", 256, 1024}, 1, 41).passed);
  CHECK_FALSE(check_gemv(nibbles, WeightType::int8, {"square", 256, 1024}, 3, 42).passed);
  FaultyBackend scales(FaultyBackend::Fault::next_group_scale);
  CHECK_FALSE(check_gemv(scales, WeightType::int4, {"square", 256, 1024}, 1, 43).passed);
  CHECK_FALSE(check_gemv(scales, WeightType::int8, {"odd", 75, 384}, 16, 44).passed);
  FaultyBackend heads(FaultyBackend::Fault::kv_head);
  CHECK_FALSE(check_attention(heads, {2, 8, 2, 128, 300, 1}, 45).passed);
  // The same backend without a fault passes the same checks.
  FaultyBackend sound(FaultyBackend::Fault::none);
  CHECK(check_gemv(sound, WeightType::int4, {"square", 256, 1024}, 1, 41).passed);
  CHECK(check_attention(sound, {2, 8, 2, 128, 300, 1}, 45).passed);
}
