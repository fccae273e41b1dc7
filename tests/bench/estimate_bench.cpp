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

// The worst case the bounds allow for a preset (core/limits.hpp): the largest preset, the longest
// context, the widest batch and the most GPUs, with every section. Budget: 50 ms.
BENCHMARK_CAPTURE(run_scenario, largest_valid_scenario,
                  {{"model", "deepseek-v3"},
                   {"hardware", {{"accelerator", "h100-sxm"}, {"count", 1000000}}},
                   {"training", {{"tokens", 1e16}, {"micro_batch", 1000000}}},
                   {"inference",
                    {{"tp", 64},
                     {"batch", 1000000},
                     {"context_tokens", 100000000},
                     {"allow_long_context", true},
                     {"target_requests_per_s", 1e9}}},
                   {"quantization", llm_sizer::Json::object()}})
    ->Unit(benchmark::kMillisecond);

// A pasted config as deep as the bounds allow (10,000 layers), every section: the slowest valid
// model (the work grows with the tensor list).
BENCHMARK_CAPTURE(
    run_scenario, deepest_valid_config,
    {{"model", {{"preset", "llama-3-8b"}, {"num_hidden_layers", 10000}, {"hidden_size", 1024}}},
     {"hardware", {{"accelerator", "h100-sxm"}, {"count", 8}}},
     {"training", llm_sizer::Json::object()},
     {"inference", llm_sizer::Json::object()},
     {"quantization", llm_sizer::Json::object()}})
    ->Unit(benchmark::kMillisecond);

void catalog_load(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::load_builtin_catalog());
}
BENCHMARK(catalog_load)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
