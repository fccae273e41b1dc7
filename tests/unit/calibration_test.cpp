// The calibration mechanism: a data/calibration/<id>.json entry replaces that device's fitted
// efficiency defaults. The entry is supplied here, not committed: only a device run writes one.
#include <catch2/catch.hpp>
#include <map>
#include <vector>

#include "error.hpp"
#include "formula_eval.hpp"
#include "test_support.hpp"

using llm_sizer::Json;

namespace {

const Json kEntry = {{"id", "h200"},
                     {"name", "test device"},
                     {"measured", "2026-11"},
                     {"source", "supplied by calibration_test.cpp"},
                     {"memory_efficiency", 0.8},
                     {"weight_only_memory_factor", {{"int8", 0.95}, {"int4", 0.75}}},
                     {"layer_overhead_s", 1e-5},
                     {"compute_efficiency", {{"bf16", 0.7}, {"fp16", 0.68}, {"fp8", 0.5}}}};

// The built-in catalog plus one calibration file (parsed at once: the text need not outlive it).
llm_sizer::Catalog catalog_with(const Json& entry, const std::string& path) {
  const std::string text = Json::array({entry}).dump();
  std::vector<llm_sizer::EmbeddedFile> files(llm_sizer::embedded_data_files().begin(),
                                             llm_sizer::embedded_data_files().end());
  files.push_back({path, text});
  return llm_sizer::load_catalog(files);
}

const llm_sizer::Catalog& calibrated() {
  static const llm_sizer::Catalog catalog = catalog_with(kEntry, "calibration/h200.json");
  return catalog;
}

Json estimate(const llm_sizer::Catalog& catalog, const Json& accelerator, const Json& section) {
  return llm_sizer::estimate_json({{"model", "llama-3-8b"},
                                   {"hardware", {{"accelerator", accelerator}}},
                                   {"inference", section}},
                                  catalog);
}

}  // namespace

TEST_CASE("a calibration file replaces the device's fitted efficiencies and is named as source") {
  const Json r = estimate(calibrated(), "h200", Json::object());
  const Json& used = r["inference"]["assumptions"];
  CHECK(used["memory_efficiency"] == 0.8);
  CHECK(used["layer_overhead_s"] == 1e-5);
  CHECK(used["compute_efficiency"] == 0.7);
  CHECK(used["efficiency_source"] == "data/calibration/h200.json");
  for (const char* path : {"inference.decode_tokens_per_s", "inference.prefill_s"}) {
    const Json& explanation = r["explain"][path];
    CHECK(explanation["ref"] == "kernel-bench");
    CHECK(explanation["source"] == "data/calibration/h200.json");
  }
  CHECK(r["references"].contains("kernel-bench"));
  CHECK(1.0 /
            llm_sizer::test::evaluate_explanation(r["explain"]["inference.decode_tokens_per_s"]) ==
        Approx(1.0 / r["inference"]["decode_tokens_per_s"].get<double>()).epsilon(1e-12));
  CHECK(llm_sizer::test::evaluate_explanation(r["explain"]["inference.prefill_s"]) ==
        Approx(r["inference"]["prefill_s"].get<double>()).epsilon(1e-12));

  // The same speed as giving the measured figures as scenario overrides.
  const Json overridden = estimate(
      llm_sizer::test::catalog(), "h200",
      {{"memory_efficiency", 0.8}, {"layer_overhead_s", 1e-5}, {"compute_efficiency", 0.7}});
  CHECK(r["inference"]["decode_tokens_per_s"] == overridden["inference"]["decode_tokens_per_s"]);
  CHECK(r["inference"]["prefill_s"] == overridden["inference"]["prefill_s"]);
}

TEST_CASE("a calibration's weight-only factors and precisions follow the format") {
  const auto used = [](const Json& section) {
    return estimate(calibrated(), "h200", section)["inference"]["assumptions"];
  };
  const Json int4 = used({{"weights", "gptq-4bit-g128"}});
  CHECK(int4["memory_efficiency"] == Approx(0.8 * 0.75));
  // Weight-only formats compute in fp16 after dequantizing, which still costs its default share.
  const llm_sizer::WeightFormat gptq =
      llm_sizer::parse_weight_format("gptq-4bit-g128", "inference.weights");
  const llm_sizer::AcceleratorSpec& h200 = *calibrated().find_accelerator("h200");
  CHECK(int4["compute_efficiency"] ==
        Approx(0.68 * llm_sizer::format_compute_factor(gptq, h200, llm_sizer::Precision::fp16,
                                                       llm_sizer::Runtime::generic)));
  CHECK(used({{"weights", "gptq-8bit-g128"}})["memory_efficiency"] == Approx(0.8 * 0.95));
  CHECK(used({{"weights", "fp8"}})["compute_efficiency"] == 0.5);  // native: measured as is
  // No int8 GEMM figure: the fitted default stays.
  const Json w8a8 = used({{"weights", "w8a8"}});
  const Json fitted = estimate(llm_sizer::test::catalog(), "h200", {{"weights", "w8a8"}});
  CHECK(w8a8["compute_efficiency"] == fitted["inference"]["assumptions"]["compute_efficiency"]);

  // llama.cpp's own kernels keep their fitted per-layer cost; streaming is the device's.
  const Json gguf = used({{"runtime", "llama.cpp"}, {"weights", "q4_k_m"}});
  const Json gguf_fitted = estimate(llm_sizer::test::catalog(), "h200",
                                    {{"runtime", "llama.cpp"}, {"weights", "q4_k_m"}});
  const Json& fitted_used = gguf_fitted["inference"]["assumptions"];
  CHECK(gguf["layer_overhead_s"] == fitted_used["layer_overhead_s"]);
  CHECK(gguf["compute_efficiency"] == fitted_used["compute_efficiency"]);
  const llm_sizer::WeightFormat q4_k_m =
      llm_sizer::parse_weight_format("q4_k_m", "inference.weights");
  CHECK(gguf["memory_efficiency"] == Approx(0.8 * llm_sizer::format_memory_factor(q4_k_m)));
}

TEST_CASE("scenario overrides win over a calibration, other and modified devices ignore it") {
  const Json chosen = estimate(calibrated(), "h200", {{"memory_efficiency", 0.5}});
  CHECK(chosen["inference"]["assumptions"]["memory_efficiency"] == 0.5);

  const Json h100 = estimate(calibrated(), "h100-sxm", Json::object());
  CHECK(h100["inference"]["assumptions"]["efficiency_source"] ==
        "data/measurements/inference-speed.json");
  CHECK(h100["explain"]["inference.decode_tokens_per_s"]["ref"] == "roofline");
  CHECK_FALSE(h100["explain"]["inference.decode_tokens_per_s"].contains("source"));
  CHECK(h100["inference"] ==
        estimate(llm_sizer::test::catalog(), "h100-sxm", Json::object())["inference"]);

  // A changed device is no longer the one that was measured.
  const Json modified = estimate(
      calibrated(), {{"preset", "h200"}, {"memory_bandwidth_bytes_per_s", 5e12}}, Json::object());
  CHECK(modified["inference"]["assumptions"]["efficiency_source"] ==
        "data/measurements/inference-speed.json");
}

TEST_CASE("a bad calibration entry names the field") {
  Json unknown = kEntry;
  unknown["id"] = "h300";
  CHECK_THROWS_WITH(catalog_with(unknown, "calibration/h300.json"),
                    "data/calibration/h300.json[0].id: must name a catalog accelerator, got "
                    "\"h300\"");
  Json above_one = kEntry;
  above_one["memory_efficiency"] = 1.2;
  CHECK_THROWS_WITH(catalog_with(above_one, "calibration/h200.json"),
                    Catch::StartsWith("data/calibration/h200.json[0].memory_efficiency: "));
  Json product = kEntry;
  product["weight_only_memory_factor"]["int4"] = 1.3;
  CHECK_THROWS_WITH(catalog_with(product, "calibration/h200.json"),
                    "data/calibration/h200.json[0].weight_only_memory_factor.int4: times "
                    "memory_efficiency must not exceed 1, got 1.3");
  Json precision = kEntry;
  precision["compute_efficiency"]["fp64"] = 0.9;
  CHECK_THROWS_WITH(catalog_with(precision, "calibration/h200.json"),
                    Catch::StartsWith("data/calibration/h200.json[0].compute_efficiency.fp64: "));
}
