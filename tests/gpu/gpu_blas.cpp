#include "gpu_blas.hpp"

#include <stdexcept>

namespace llm_sizer::bench::gpu {
namespace {

constexpr size_t kWorkspaceBytes = size_t(64) << 20;  // what cuBLASLt's fastest kernels ask for

void check(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("cuBLASLt ") + what + ": status " +
                             std::to_string(int(status)));
  }
}

struct Types {
  cudaDataType_t input, output, scale;
  cublasComputeType_t compute;
};

Types types_of(GemmPrecision precision) {
  switch (precision) {
    case GemmPrecision::bf16:
      return {CUDA_R_16BF, CUDA_R_16BF, CUDA_R_32F, CUBLAS_COMPUTE_32F};
    case GemmPrecision::fp16:
      return {CUDA_R_16F, CUDA_R_16F, CUDA_R_32F, CUBLAS_COMPUTE_32F};
    case GemmPrecision::fp8:
      return {CUDA_R_8F_E4M3, CUDA_R_16BF, CUDA_R_32F, CUBLAS_COMPUTE_32F};
    case GemmPrecision::int8:
      return {CUDA_R_8I, CUDA_R_32I, CUDA_R_32I, CUBLAS_COMPUTE_32I};
    case GemmPrecision::fp32:
      break;
  }
  throw std::invalid_argument("gpu-bench runs no fp32 GEMM");
}

}  // namespace

struct LtGemm::Plan {
  GemmPrecision precision;
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t weights = nullptr, activations = nullptr, out = nullptr;
  cublasLtMatmulAlgo_t algo{};

  ~Plan() {
    if (out) cublasLtMatrixLayoutDestroy(out);
    if (activations) cublasLtMatrixLayoutDestroy(activations);
    if (weights) cublasLtMatrixLayoutDestroy(weights);
    if (desc) cublasLtMatmulDescDestroy(desc);
  }
};

int gemm_input_bytes(GemmPrecision precision) {
  return precision == GemmPrecision::fp8 || precision == GemmPrecision::int8 ? 1 : 2;
}

int gemm_output_bytes(GemmPrecision precision) {
  return precision == GemmPrecision::int8 ? 4 : 2;
}

LtGemm::LtGemm() {
  check(cublasLtCreate(&handle_), "create");
  if (cudaMalloc(&workspace_, kWorkspaceBytes) != cudaSuccess) {
    throw std::runtime_error("cannot allocate the cuBLASLt workspace");
  }
  workspace_bytes_ = kWorkspaceBytes;
}

LtGemm::~LtGemm() {
  cudaFree(workspace_);
  cublasLtDestroy(handle_);
}

std::string LtGemm::version() const {
  return std::to_string(cublasLtGetVersion());
}

std::shared_ptr<LtGemm::Plan> LtGemm::plan(GemmPrecision precision, int64_t m, int64_t n,
                                           int64_t k) {
  const Types t = types_of(precision);
  auto p = std::make_shared<Plan>();
  p->precision = precision;
  check(cublasLtMatmulDescCreate(&p->desc, t.compute, t.scale), "matmul descriptor");
  const cublasOperation_t transposed = CUBLAS_OP_T, plain = CUBLAS_OP_N;
  check(cublasLtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_TRANSA, &transposed,
                                       sizeof transposed),
        "transa");
  check(cublasLtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_TRANSB, &plain, sizeof plain),
        "transb");
  if (precision == GemmPrecision::fp8) {
    // Serving runtimes' FP8 GEMMs accumulate without periodic promotion (TensorRT-LLM's
    // default); the bench measures the same kernels.
    const int8_t fast = 1;
    check(cublasLtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast,
                                         sizeof fast),
          "fast accumulation");
  }
  // Column-major views of the row-major buffers: weights (k x n, ld k) used transposed,
  // activations (k x m, ld k), output (n x m, ld n).
  check(cublasLtMatrixLayoutCreate(&p->weights, t.input, uint64_t(k), uint64_t(n), k), "layout");
  check(cublasLtMatrixLayoutCreate(&p->activations, t.input, uint64_t(k), uint64_t(m), k),
        "layout");
  check(cublasLtMatrixLayoutCreate(&p->out, t.output, uint64_t(n), uint64_t(m), n), "layout");

  cublasLtMatmulPreference_t preference = nullptr;
  check(cublasLtMatmulPreferenceCreate(&preference), "preference");
  check(cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                             &workspace_bytes_, sizeof workspace_bytes_),
        "workspace preference");
  cublasLtMatmulHeuristicResult_t result{};
  int found = 0;
  const cublasStatus_t status = cublasLtMatmulAlgoGetHeuristic(
      handle_, p->desc, p->weights, p->activations, p->out, p->out, preference, 1, &result, &found);
  cublasLtMatmulPreferenceDestroy(preference);
  if (status != CUBLAS_STATUS_SUCCESS || found == 0) return nullptr;
  p->algo = result.algo;
  return p;
}

void LtGemm::run(const Plan& p, const void* a, const void* b, void* c, cudaStream_t stream) {
  const float alpha_f = 1.0f, beta_f = 0.0f;
  const int32_t alpha_i = 1, beta_i = 0;
  const bool integer = p.precision == GemmPrecision::int8;
  const void* alpha = integer ? static_cast<const void*>(&alpha_i) : &alpha_f;
  const void* beta = integer ? static_cast<const void*>(&beta_i) : &beta_f;
  check(cublasLtMatmul(handle_, p.desc, alpha, b, p.weights, a, p.activations, beta, c, p.out, c,
                       p.out, &p.algo, workspace_, workspace_bytes_, stream),
        "matmul");
}

}  // namespace llm_sizer::bench::gpu
