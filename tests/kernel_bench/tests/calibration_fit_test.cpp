// The calibration fit recovers the core's parameters from decode steps that follow its model,
// and the entry it writes is one the core loads.
#include <catch2/catch.hpp>

#include "calibration_fit.hpp"
#include "test_support.hpp"

using namespace llm_sizer::bench;
using llm_sizer::Json;

namespace {

constexpr double kBandwidth = 4.8e12;

StepPoint step(double bytes, double layers, double efficiency, double overhead_s) {
  return {bytes, layers, bytes / (kBandwidth * efficiency) + layers * overhead_s};
}

Measurement decode_step(WeightType type, const StepPoint& p) {
  Measurement m;
  m.kind = "decode_step";
  m.shape = {
      {"weights", weight_type_name(type)}, {"batch", 1}, {"layers", p.layers}, {"bytes", p.bytes}};
  m.timing = {p.seconds, p.seconds, 10};
  m.work = 1;
  m.unit = "tokens/s";
  return m;
}

}  // namespace

TEST_CASE("the decode-step fit recovers streaming efficiency and per-layer cost") {
  const std::vector<StepPoint> points = {step(2.5e9, 16, 0.8, 12e-6), step(16e9, 32, 0.8, 12e-6),
                                         step(36e9, 20, 0.8, 12e-6)};
  const StepFit fit = fit_decode_steps(points, kBandwidth);
  REQUIRE(fit.memory_efficiency);
  REQUIRE(fit.layer_overhead_s);
  CHECK(*fit.memory_efficiency == Approx(0.8).epsilon(1e-9));
  CHECK(*fit.layer_overhead_s == Approx(12e-6).epsilon(1e-6));
  CHECK(fit.points == 3);
  CHECK(fit.max_relative_residual < 1e-9);
}

TEST_CASE("the fit keeps the per-layer cost non-negative and needs two shapes for it") {
  // The same bytes over four times the layers, yet faster: only a negative cost fits exactly,
  // so the best fit with a cost of zero is taken instead.
  const StepPoint shallow = step(16e9, 16, 0.8, 0);
  const std::vector<StepPoint> faster_deep = {shallow, {16e9, 64, shallow.seconds - 1e-4}};
  const StepFit clamped = fit_decode_steps(faster_deep, kBandwidth);
  REQUIRE(clamped.layer_overhead_s);
  CHECK(*clamped.layer_overhead_s == 0);
  CHECK(clamped.max_relative_residual > 0);
  const StepFit one = fit_decode_steps({step(16e9, 32, 0.7, 10e-6)}, kBandwidth);
  CHECK_FALSE(one.layer_overhead_s);
  CHECK(*one.memory_efficiency < 0.7);  // the unseparated per-layer cost lowers the efficiency
  // Faster than the datasheet: no efficiency is claimed.
  CHECK_FALSE(fit_decode_steps({{16e9, 32, 16e9 / 5e12}}, kBandwidth).memory_efficiency);
}

TEST_CASE("a calibration entry from a run loads into the core and moves its prediction") {
  std::vector<Measurement> run;
  for (const auto& [bytes, layers] : {std::pair{2.5e9, 16.0}, std::pair{16e9, 32.0}}) {
    run.push_back(decode_step(WeightType::bf16, step(bytes, layers, 0.8, 12e-6)));
    // int4 steps stream at 0.9 of the 16-bit share.
    run.push_back(decode_step(WeightType::int4, step(bytes / 3.8, layers, 0.72, 12e-6)));
  }
  Measurement gemm;
  gemm.kind = "gemm";
  gemm.shape = {{"precision", "bf16"}};
  gemm.work = 7e12;
  gemm.timing = {0.01, 0.01, 10};  // 700 TFLOP/s
  run.push_back(gemm);

  const CorePredictor core(llm_sizer::test::catalog(), "h200");
  const Json entry = calibration_entry("h200", "test", "calibration_fit_test.cpp", run, core);
  CHECK(entry["memory_efficiency"].get<double>() == Approx(0.8));
  CHECK(entry["layer_overhead_s"].get<double>() == Approx(12e-6));
  CHECK(entry["weight_only_memory_factor"]["int4"].get<double>() == Approx(0.9));
  CHECK_FALSE(entry["weight_only_memory_factor"].contains("int8"));
  CHECK(entry["compute_efficiency"]["bf16"].get<double>() == Approx(700e12 / 989.4e12));

  // As data/calibration/h200.json, the core takes its figures as the H200's defaults.
  const std::string text = Json::array({entry}).dump();
  std::vector<llm_sizer::EmbeddedFile> files(llm_sizer::embedded_data_files().begin(),
                                             llm_sizer::embedded_data_files().end());
  files.push_back({"calibration/h200.json", text});
  const llm_sizer::Catalog calibrated = llm_sizer::load_catalog(files);
  const Json used = CorePredictor(calibrated, "h200").assumptions("llama-3-8b", "bf16");
  CHECK(used["memory_efficiency"].get<double>() == Approx(0.8));
  CHECK(used["efficiency_source"] == "data/calibration/h200.json");
}

TEST_CASE("a calibration entry leaves out a per-layer overhead above the schema's bound") {
  std::vector<Measurement> run;
  for (const auto& [bytes, layers] : {std::pair{2.5e9, 16.0}, std::pair{16e9, 32.0}}) {
    run.push_back(decode_step(WeightType::bf16, step(bytes, layers, 0.8, 3e-3)));
  }
  const CorePredictor core(llm_sizer::test::catalog(), "h200");
  const Json entry = calibration_entry("h200", "test", "calibration_fit_test.cpp", run, core);
  CHECK_FALSE(entry.contains("layer_overhead_s"));
  CHECK(entry["notes"].get<std::string>().find("layer_overhead_s left out") == 0);
  CHECK(entry["memory_efficiency"].get<double>() == Approx(0.8));
}
