// How long one estimate takes natively, per kind of scenario (Google Benchmark). The page's budget
// is 2 ms per recompute in WASM; `node tests/bench/page.mjs` measures that one in Chromium.
// Build: cmake -DLLM_SIZER_BUILD_BENCH=ON ... && build/native/tests/bench/llm_sizer_bench
#include <benchmark/benchmark.h>

#include "catalog/catalog.hpp"
#include "estimate.hpp"

namespace {

const llm_sizer::Catalog& catalog() {
  static const llm_sizer::Catalog loaded = llm_sizer::load_builtin_catalog();
  return loaded;
}

void run_scenario(benchmark::State& state, const llm_sizer::Json& scenario) {
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::estimate_json(scenario, catalog()));
}

const llm_sizer::Json kHardware = {{"accelerator", "h100-sxm"}, {"count", 8}};

}  // namespace

BENCHMARK_CAPTURE(run_scenario, model_llama3_70b, {{"model", "llama-3-70b"}});
BENCHMARK_CAPTURE(run_scenario, inference_llama3_70b,
                  {{"model", "llama-3-70b"},
                   {"hardware", kHardware},
                   {"inference", llm_sizer::Json::object()}});
BENCHMARK_CAPTURE(run_scenario, inference_deepseek_v3,
                  {{"model", "deepseek-v3"},
                   {"hardware", kHardware},
                   {"inference", llm_sizer::Json::object()}});
BENCHMARK_CAPTURE(run_scenario, quantization_table_llama3_70b,
                  {{"model", "llama-3-70b"},
                   {"hardware", kHardware},
                   {"inference", llm_sizer::Json::object()},
                   {"quantization", llm_sizer::Json::object()}});
BENCHMARK_CAPTURE(run_scenario, training_llama3_70b,
                  {{"model", "llama-3-70b"},
                   {"hardware", kHardware},
                   {"training", llm_sizer::Json::object()}});

void catalog_load(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::load_builtin_catalog());
}
BENCHMARK(catalog_load)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
