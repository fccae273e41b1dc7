// gpu-bench: the kernel bench on a CUDA GPU. Checks its own kernels against references, then
// measures bandwidth, cuBLASLt GEMMs at Llama 3 8B and 70B prefill shapes, decode GEMVs (bf16
// and its own int8/int4 dequantizing kernels) and whole decode steps, each beside the core's
// prediction for the catalog accelerator named with --accelerator. tests/gpu/run_device_bench.sh
// builds and runs it in one go.
#include "bench_run.hpp"
#include "gpu_backend.hpp"

namespace {

using llm_sizer::Json;
using namespace llm_sizer::bench;

BenchPlan plan_for(const BenchOptions& options) {
  BenchPlan plan;
  // 20 of Llama 3 70B's 80 layers: 36 GB of bf16 weights, a few seconds to fill and time.
  const Json llama_70b_part = {{"preset", "llama-3-70b"}, {"num_hidden_layers", 20}};
  plan.stream_bytes = 4e9;
  plan.gemm_models = {"llama-3-8b", "llama-3-70b"};
  plan.gemm_tokens = {512, 1024, 2048, 4096, 8192};
  plan.gemv_models = {"llama-3-8b", "llama-3-70b"};
  plan.gemv_batches = {1, 2, 4, 8, 16};
  // Three depths and widths: the fit separates streaming from the per-layer cost.
  plan.step_models = {"llama-3.2-1b", "llama-3-8b", llama_70b_part};
  plan.step_batches = {1, 16};
  plan.context = 1024;
  plan.light = {3, 20, 0.05, 500};
  plan.heavy = {2, 10, 0.1, 100};
  if (options.quick) {  // a smoke test of the whole path in seconds
    plan.stream_bytes = 1e9;
    plan.gemm_models = {"llama-3.2-1b"};
    plan.gemm_tokens = {512};
    plan.gemv_models = {"llama-3.2-1b"};
    plan.gemv_batches = {1, 16};
    plan.step_models = {"llama-3.2-1b", {{"preset", "llama-3.2-1b"}, {"num_hidden_layers", 4}}};
    plan.step_batches = {1};
    plan.light = {1, 5, 0.01, 50};
    plan.heavy = {1, 5, 0.02, 20};
  }
  return plan;
}

}  // namespace

int main(int argc, char** argv) {
  return bench_main(
      argc, argv, plan_for, [] { return std::make_unique<llm_sizer::bench::gpu::GpuBackend>(); },
      nullptr);
}
