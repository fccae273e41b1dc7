// cpu-bench: the kernel bench's CPU twin. The same harness as gpu-bench (checks, measurements,
// the core's predictions, JSON and table) with C++ kernels on one host thread. `--quick` is the
// plan the test suite runs; the timings are printed, never asserted.
#include <algorithm>

#include "bench_run.hpp"
#include "cpu_backend.hpp"

namespace {

using llm_sizer::Json;
using namespace llm_sizer::bench;

BenchPlan plan_for(const BenchOptions& options) {
  BenchPlan plan;
  const Json gpt2_two_layers = {{"preset", "gpt2"}, {"num_hidden_layers", 2}};
  if (options.quick) {
    plan.stream_bytes = 128e6;
    plan.gemm_models = {"gpt2"};
    plan.gemm_tokens = {32};
    plan.gemv_models = {"gpt2"};
    plan.gemv_batches = {1, 4};
    // Two depths of one model separate the per-layer cost from streaming in the fit.
    plan.step_models = {"gpt2", gpt2_two_layers};
    plan.step_batches = {1};
    plan.context = 256;
    plan.light = {1, 3, 0.02, 50};
    plan.heavy = {1, 3, 0.05, 20};
  } else {
    plan.stream_bytes = 512e6;
    plan.gemm_models = {"gpt2", "llama-3.2-1b"};
    plan.gemm_tokens = {64, 256};
    plan.gemv_models = {"llama-3.2-1b"};
    plan.gemv_batches = {1, 4, 16};
    plan.step_models = {"gpt2", gpt2_two_layers, "llama-3.2-1b"};
    plan.step_batches = {1, 4};
    plan.context = 1024;
    plan.light = {2, 10, 0.2, 200};
    plan.heavy = {1, 5, 0.5, 50};
  }
  return plan;
}

// The host is no catalog device: describe it to the core by what this run measured, the read
// kernel's bandwidth and the best FLOP rate of its GEMM and GEMV kernels (fp32 arithmetic, which
// stands for bf16 weights too: a CPU runtime widens them to fp32).
Json describe_host(const DeviceInfo& info, const std::vector<Measurement>& measurements) {
  double bandwidth = 0, flops = 0;
  for (const Measurement& m : measurements) {
    if (m.kind == "bandwidth" && m.shape["kernel"] == "read") bandwidth = m.measured();
    if (m.kind == "gemm") flops = std::max(flops, m.measured());
    if (m.kind == "gemv")
      flops = std::max(flops, m.shape["flops"].get<double>() / m.timing.median_s);
  }
  return {
      {"name", info.name},
      {"memory_type", "DDR"},
      {"memory_bytes", info.memory_bytes},
      {"memory_bandwidth_bytes_per_s", bandwidth},
      {"dense_flops_per_s", {{"fp32", flops}, {"bf16", flops}}},
      {"source", "measured by this cpu-bench run: read bandwidth, best GEMM or GEMV FLOP rate"}};
}

}  // namespace

int main(int argc, char** argv) {
  return bench_main(
      argc, argv, plan_for, [] { return std::make_unique<llm_sizer::bench::cpu::CpuBackend>(); },
      describe_host);
}
