#pragma once

// Dense GEMMs through cuBLASLt at the bench's row-major convention: c (m x n) = a (m x k) times
// b (n x k) transposed, a the activations and b the weights as nn.Linear stores them. In
// cuBLAS's column-major terms that is D (n x m) = op(B) op(A) with the weights transposed ("TN"),
// the layout FP8 and INT8 tensor-core GEMMs require.
#include <cublasLt.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <string>

#include "bench_types.hpp"

namespace llm_sizer::bench::gpu {

// Input and output element sizes: bf16 and fp16 in, the same out; FP8 E4M3 in, bf16 out
// (FP8 GEMMs in serving runtimes write 16-bit activations); int8 in, int32 out.
int gemm_input_bytes(GemmPrecision precision);
int gemm_output_bytes(GemmPrecision precision);

class LtGemm {
 public:
  LtGemm();
  ~LtGemm();
  LtGemm(const LtGemm&) = delete;
  LtGemm& operator=(const LtGemm&) = delete;

  // One GEMM shape with its descriptors and the algorithm cuBLASLt's heuristic picks, made
  // once so timed runs pay only the launch. Null when cuBLASLt has no algorithm for it here.
  struct Plan;
  std::shared_ptr<Plan> plan(GemmPrecision precision, int64_t m, int64_t n, int64_t k);
  void run(const Plan& plan, const void* a, const void* b, void* c, cudaStream_t stream);

  std::string version() const;

 private:
  cublasLtHandle_t handle_ = nullptr;
  void* workspace_ = nullptr;
  size_t workspace_bytes_ = 0;
};

}  // namespace llm_sizer::bench::gpu
