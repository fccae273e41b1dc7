// The comparison the bench prints and saves: ratios, predictions from the core, options.
#include <catch2/catch.hpp>
#include <sstream>

#include <stdexcept>

#include "bench_run.hpp"
#include "cpu_backend.hpp"
#include "measure.hpp"
#include "report.hpp"
#include "test_support.hpp"

using namespace llm_sizer::bench;
using llm_sizer::Json;

TEST_CASE("a measurement's ratio is the core's rate over the measured one") {
  Measurement m;
  m.work = 1e9;
  m.timing = {0.5, 0.4, 5};  // 2 GB/s measured
  CHECK(m.measured() == 2e9);
  CHECK_FALSE(m.ratio());
  m.predicted = 3e9;
  CHECK(*m.ratio() == Approx(1.5));
}

TEST_CASE("predictions come from the core for the same device, model and format") {
  const CorePredictor core(llm_sizer::test::catalog(), "h200");
  std::vector<Measurement> ms(3);
  ms[0].kind = "bandwidth";
  ms[0].shape = {{"kernel", "read"}};
  ms[1].kind = "gemv";
  ms[1].shape = {{"model", "llama-3-8b"}, {"weights", "int4"}, {"flops", 2.0 * 4096 * 4096}};
  ms[1].work = matrix_bytes(WeightType::int4, {"o", 4096, 4096});
  ms[2].kind = "decode_step";
  ms[2].shape = {{"model", "llama-3-8b"}, {"weights", "bf16"}, {"batch", 1}, {"context", 1024}};
  predict(ms, core);
  CHECK(*ms[0].predicted == 4.8e12);  // the catalog's H200 datasheet bandwidth
  const Json used = core.assumptions("llama-3-8b", "gptq-4bit-g128");
  CHECK(*ms[1].predicted ==
        Approx(4.8e12 * used["memory_efficiency"].get<double>()).epsilon(1e-12));
  const Json inference = core.decode("llama-3-8b", WeightType::bf16, 1, 1024);
  CHECK(*ms[2].predicted == inference["decode_tokens_per_s"].get<double>());
  CHECK(inference["decode_step"]["context_tokens"] == 1024);
  CHECK(ms[2].core["decode_step"] == inference["decode_step"]);
}

TEST_CASE("the report holds every check and measurement with its ratio") {
  BenchReport r;
  r.bench = "cpu-bench";
  r.device.name = "test";
  r.checks = {{"gemv bf16", {{"batch", 1}}, 1e-7, 1e-7, 1e-4, true}};
  Measurement m;
  m.kind = "bandwidth";
  m.name = "read";
  m.work = 8e9;
  m.timing = {1, 1, 3};
  m.unit = "bytes/s";
  m.predicted = 10e9;
  r.measurements = {m};
  const Json out = report_to_json(r);
  CHECK(out["checks_passed"] == true);
  CHECK(out["measurements"][0]["measured"] == 8e9);
  CHECK(out["measurements"][0]["ratio"] == Approx(1.25));
  CHECK(out["summary"]["bandwidth"]["median_ratio"] == Approx(1.25));
  std::ostringstream table;
  print_report(r, table);
  CHECK_THAT(table.str(), Catch::Contains("8 G") && Catch::Contains("1.25"));
  r.checks[0].passed = false;
  CHECK_FALSE(r.checks_passed());
}

TEST_CASE("bench options name what is wrong") {
  const char* both[] = {"gpu-bench", "--accelerator", "h200", "--device", "{\"memory_bytes\": 1}"};
  CHECK_THROWS_WITH(parse_options(5, both), "give --accelerator or --device, not both");
  const char* unknown[] = {"cpu-bench", "--fast"};
  CHECK_THROWS_WITH(parse_options(2, unknown), Catch::StartsWith("unknown option --fast"));
  const char* missing[] = {"cpu-bench", "--out"};
  CHECK_THROWS_WITH(parse_options(2, missing), "--out needs a value");
  const char* good[] = {"/x/cpu-bench", "--quick", "--out", "r.json"};
  const BenchOptions o = parse_options(4, good);
  CHECK(o.bench == "cpu-bench");
  CHECK(o.quick);
  CHECK(o.out == "r.json");
}

TEST_CASE("a measurement that fails is noted and the rest of the run goes on") {
  // GEMVs fail here as a GPU's might (a driver error): everything else is still measured.
  class NoGemv : public cpu::CpuBackend {
    Timing time_gemv(WeightType, const Matrix&, int64_t, const Repetitions&) override {
      throw std::runtime_error("no GEMV today");
    }
  } backend;
  BenchPlan plan;
  plan.stream_bytes = 1e6;
  plan.gemv_models = {{{"preset", "gpt2"}, {"num_hidden_layers", 1}}};
  plan.gemv_batches = {1};
  plan.step_models = plan.gemv_models;
  plan.step_batches = {1};
  plan.context = 16;
  plan.light = plan.heavy = {0, 1, 0, 1};
  std::ostringstream log;
  const MeasuredPlan run = measure_plan(backend, plan, llm_sizer::test::catalog(), log);
  CHECK(run.skipped.size() == 4 * 3 + 1);  // four projections in three formats, the head
  CHECK(run.skipped[0]["why"] == "no GEMV today");
  CHECK(run.measurements.size() == 2 + 3);  // read, copy, a step in each format
  CHECK_THAT(log.str(), Catch::Contains("skipped gpt2/1 layers qkv 2304x768 bf16 b=1"));
}
