#pragma once

// The bench's back end on the host CPU: one thread, timed with the steady clock.
#include <vector>

#include "backend.hpp"
#include "cpu_kernels.hpp"

namespace llm_sizer::bench::cpu {

class CpuBackend : public KernelBackend {
 public:
  DeviceInfo info() const override;
  std::vector<GemmPrecision> gemm_precisions() const override { return {GemmPrecision::fp32}; }

  std::vector<float> gemv(const PackedMatrix& w, const std::vector<uint16_t>& x,
                          int64_t batch) override;
  std::vector<float> attention(const AttentionCase& c) override;
  std::vector<float> gemm(GemmPrecision precision, int64_t m, int64_t n, int64_t k,
                          const std::vector<int8_t>& a, const std::vector<int8_t>& b) override;

  Timing time_read(double bytes, const Repetitions& reps) override;
  Timing time_copy(double bytes, const Repetitions& reps) override;
  Timing time_gemm(GemmPrecision precision, int64_t m, int64_t n, int64_t k,
                   const Repetitions& reps) override;
  Timing time_gemv(WeightType type, const Matrix& w, int64_t batch,
                   const Repetitions& reps) override;
  Timing time_decode_step(WeightType type, const DecodePlan& plan, int64_t batch, int64_t context,
                          const Repetitions& reps) override;

 private:
  // Timed matrices are cut from these pools of valid values (bf16 pairs, which are also valid
  // packed integers and zero points; fp16 scales), grown to the largest request so far.
  MatrixCarver pools(size_t words, size_t scales);

  std::vector<uint32_t> words_;
  std::vector<uint16_t> scales_;
};

}  // namespace llm_sizer::bench::cpu
