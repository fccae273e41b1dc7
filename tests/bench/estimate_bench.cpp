// How long one estimate takes natively, per kind of scenario (Google Benchmark). The page's budget
// is 2 ms per recompute in WASM; `node tests/bench/page.mjs` measures that one in Chromium. The
// planner's budget: 5,000 plans or more searched in 50 ms or less (counters plans_evaluated and
// plans_per_s); `node tests/bench/planner.mjs` measures it in WASM.
// Build: cmake -DLLM_SIZER_BUILD_BENCH=ON ... && build/native/tests/bench/llm_sizer_bench
#include <benchmark/benchmark.h>

#include "catalog/catalog.hpp"
#include "estimate.hpp"
#include "plan.hpp"

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

// One plan() call; the counters report how many plans its searches evaluated (memory, and step
// time for those that fit) and how many per second.
void plan_scenario(benchmark::State& state, const llm_sizer::Json& scenario) {
  int64_t evaluated = 0;
  for (auto _ : state) {
    const llm_sizer::Json answer = llm_sizer::plan_json(scenario, catalog());
    evaluated = answer["search"]["evaluated"].get<int64_t>();
    benchmark::DoNotOptimize(answer);
  }
  state.counters["plans_evaluated"] = double(evaluated);
  state.counters["plans_per_s"] =
      benchmark::Counter(double(evaluated), benchmark::Counter::kIsIterationInvariantRate);
}

// The case: Llama-3-70B on 64 H100 SXM, 8-GPU NVLink nodes, 400 Gb/s InfiniBand.
const llm_sizer::Json kCluster = {
    {"accelerator", "h100-sxm"}, {"count", 64}, {"gpus_per_node", 8}, {"inter_node", "ib-ndr"}};

BENCHMARK_CAPTURE(plan_scenario, plans_llama3_70b_64_gpus,
                  {{"model", "llama-3-70b"},
                   {"hardware", kCluster},
                   {"training", llm_sizer::Json::object()},
                   {"planner", {{"scaling_curve", false}}}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(plan_scenario, scaling_12_points_llama3_70b,
                  {{"model", "llama-3-70b"},
                   {"hardware", kCluster},
                   {"training", llm_sizer::Json::object()},
                   {"planner", {{"top", 0}}}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(plan_scenario, plans_mixtral_8x22b_256_gpus,
                  {{"model", "mixtral-8x22b"},
                   {"hardware", {{"accelerator", "h100-sxm"}, {"count", 256}}},
                   {"training", {{"seq_len", 8192}}},
                   {"planner", {{"scaling_curve", false}}}})
    ->Unit(benchmark::kMillisecond);

void catalog_load(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::load_builtin_catalog());
}
BENCHMARK(catalog_load)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
