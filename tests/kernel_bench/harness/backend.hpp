#pragma once

// What a device must provide for the bench: its kernels run on given data (for the correctness
// checks) and timed on data of its own (for the measurements). gpu-bench implements it in CUDA,
// cpu-bench in C++; the harness does everything else the same way for both.
#include <cstdint>
#include <string>
#include <vector>

#include "bench_types.hpp"
#include "decode_plan.hpp"
#include "field_reader.hpp"
#include "quant_layout.hpp"

namespace llm_sizer::bench {

struct DeviceInfo {
  std::string name;         // "NVIDIA H200", "host CPU (1 thread)"
  double cache_bytes = 0;   // the last cache level, which timed data must exceed many times over
  double memory_bytes = 0;  // what the bench may allocate
  Json details;             // compute capability, driver, toolkit, ...
};

// An attention problem with its data.
struct AttentionCase {
  AttentionShape shape;
  std::vector<float> q;     // batch x heads x head_dim
  std::vector<uint16_t> k;  // bf16, batch x kv_heads x tokens x head_dim
  std::vector<uint16_t> v;  // same layout as k
};

class KernelBackend {
 public:
  virtual ~KernelBackend() = default;

  virtual DeviceInfo info() const = 0;
  // The GEMM precisions this device and library run (fp8 needs Ada or Hopper, ...).
  virtual std::vector<GemmPrecision> gemm_precisions() const = 0;

  // The bench's own kernels on given data, for the correctness checks.
  // y (batch x rows, fp32) = x (batch x cols, bf16) times the matrix, transposed.
  virtual std::vector<float> gemv(const PackedMatrix& w, const std::vector<uint16_t>& x,
                                  int64_t batch) = 0;
  // batch x heads x head_dim outputs, rounded to bf16 and returned as floats.
  virtual std::vector<float> attention(const AttentionCase& c) = 0;
  // c (m x n) = a (m x k) times b (n x k) transposed, on small integers exactly representable
  // in every precision; returned as floats from the GEMM's own output type.
  virtual std::vector<float> gemm(GemmPrecision precision, int64_t m, int64_t n, int64_t k,
                                  const std::vector<int8_t>& a, const std::vector<int8_t>& b) = 0;

  // Timings on the device's own data, each well above the last cache level. A GEMM the
  // device's library cannot run returns zero repetitions and is left out.
  virtual Timing time_read(double bytes, const Repetitions& reps) = 0;
  virtual Timing time_copy(double bytes, const Repetitions& reps) = 0;
  virtual Timing time_gemm(GemmPrecision precision, int64_t m, int64_t n, int64_t k,
                           const Repetitions& reps) = 0;
  virtual Timing time_gemv(WeightType type, const Matrix& w, int64_t batch,
                           const Repetitions& reps) = 0;
  // One whole decode step: every layer's kernels and the output head, for `batch` sequences
  // at `context` tokens of KV cache.
  virtual Timing time_decode_step(WeightType type, const DecodePlan& plan, int64_t batch,
                                  int64_t context, const Repetitions& reps) = 0;
};

}  // namespace llm_sizer::bench
