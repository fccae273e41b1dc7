#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "formula_eval.hpp"
#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

TEST_CASE("the quantization table compares every format unless the scenario names some") {
  const auto all = run({{"model", "llama-3-8b"}, {"quantization", Json::object()}});
  REQUIRE(all["quantization"]["options"].size() == llm_sizer::weight_format_ids().size());
  CHECK_FALSE(all.contains("inference"));  // the table alone does not answer the inference block

  const auto some =
      run({{"model", "llama-3-8b"}, {"quantization", {{"formats", {"q4_k_m", "awq-4bit-g128"}}}}});
  REQUIRE(some["quantization"]["options"].size() == 2);
  CHECK(some["quantization"]["options"][1]["format"] == "awq-4bit-g128");
  CHECK_THROWS_WITH(run({{"model", "llama-3-8b"}, {"quantization", {{"formats", {"q9_x"}}}}}),
                    Catch::StartsWith("quantization.formats: must be a known weight format"));
}

TEST_CASE("quality: one comparable figure, the perplexity increase over the 16-bit model") {
  const auto options =
      run({{"model", "llama-3-8b"}, {"quantization", Json::object()}})["quantization"]["options"];
  for (const auto& o : options) {
    INFO(o["format"]);
    // A row has a figure exactly when it has a loss; the source and its link come with it.
    // Without one the figures are absent (one rule for the whole result, README "Result").
    CHECK(o.contains("quality") == o.contains("quality_loss_pct"));
    if (!o.contains("quality")) {
      CHECK(o["quality_source"] == "unknown");
      CHECK_FALSE(o.contains("quality_kld"));
      continue;
    }
    CHECK(o["quality_source"] == o["quality"]["source"]);
    CHECK(o["quality"]["url"].get<std::string>().rfind("https://", 0) == 0);
  }
  const auto find = [&](const std::string& id) {
    for (const auto& o : options) {
      if (o["format"] == id) return o;
    }
    FAIL("no option " << id);
    return Json();
  };
  // llama.cpp tools/perplexity/README.md, "LLaMA 3 8b Scoreboard": f16 PPL 6.233160, Q4_K_M
  // (no importance matrix, as the format is sized) 6.407115, KLD 0.031273.
  const auto q4 = find("q4_k_m");
  CHECK(q4["quality_loss_pct"].get<double>() == Approx((6.407115 / 6.233160 - 1) * 100));
  CHECK(q4["quality_kld"].get<double>() == Approx(0.031273));
  CHECK(q4["quality"]["imatrix"] == false);
  // IQ2_XXS needs an importance matrix: the scoreboard's imatrix row is the one that applies.
  CHECK(find("iq2_xxs")["quality"]["imatrix"] == true);
  // The table's own 16-bit row is its reference: 0%.
  CHECK(find("f16")["quality_loss_pct"].get<double>() == 0);

  const auto none =
      run({{"model", "llama-3-70b"}, {"quantization", Json::object()}})["quantization"]["options"];
  for (const auto& o : none) CHECK(o["quality_source"] == "unknown");
}

TEST_CASE("quality of Llama 2 7B: the printed perplexity ratio, not a raw perplexity") {
  // llama.cpp tools/perplexity/README.md, "LLaMA 2 vs. LLaMA 3 Quantization comparison", L2 7b:
  // Mean PPL ratio 1.107955 (q2_K), 1.014242 (q4_K_M), 1.002406 (q6_K), 1.000689 (q8_0); Mean
  // KLD 0.108903, 0.012686, 0.002098, 0.000369.
  const auto result = run({{"model", "llama-2-7b"},
                           {"hardware", {{"accelerator", "rtx-4090"}}},
                           {"quantization", Json::object()}});
  const std::map<std::string, std::pair<double, double>> published = {
      {"q2_k", {10.7955, 0.108903}},
      {"q4_k_m", {1.4242, 0.012686}},
      {"q6_k", {0.2406, 0.002098}},
      {"q8_0", {0.0689, 0.000369}}};
  const auto& options = result["quantization"]["options"];
  for (size_t i = 0; i < options.size(); ++i) {
    const auto& o = options[i];
    const auto it = published.find(o["format"]);
    if (it == published.end()) continue;
    INFO(o["format"]);
    CHECK(o["quality_loss_pct"].get<double>() == Approx(it->second.first).epsilon(1e-6));
    CHECK(o["quality_kld"].get<double>() == Approx(it->second.second));
    CHECK(o["quality"]["dataset"] == "wikitext-2");
    // The page's formula panel: the explanation evaluates to the figure.
    const auto& e =
        result["explain"]["quantization.options." + std::to_string(i) + ".quality_loss_pct"];
    std::map<std::string, double> terms;
    for (const auto& term : e["terms"]) terms[term["name"]] = term["value"];
    CHECK(llm_sizer::test::FormulaEvaluator(e["formula"], terms).evaluate() ==
          Approx(o["quality_loss_pct"].get<double>()));
    CHECK(result["references"].contains(e["ref"].get<std::string>()));
  }
}

TEST_CASE("every catalog quality figure is a perplexity increase with a linked source") {
  for (const auto& entry : llm_sizer::test::catalog().listing["quant_quality"]) {
    INFO(entry["id"]);
    CHECK(entry["url"].get<std::string>().rfind("https://", 0) == 0);
    const std::string metric = entry["metric"];
    CHECK((metric == "ppl" || metric == "ppl_delta" || metric == "ppl_ratio"));
    if (metric != "ppl_ratio") CHECK(entry.contains("baseline_value"));
  }
}

TEST_CASE("the Pareto frontier: no other format is both smaller and better") {
  const auto options =
      run({{"model", "llama-3-8b"}, {"quantization", Json::object()}})["quantization"]["options"];
  int frontier = 0;
  for (const auto& o : options) {
    if (!o["pareto"].get<bool>()) continue;
    ++frontier;
    for (const auto& other : options) {
      if (!other.contains("quality_loss_pct")) continue;
      const bool smaller = other["weights_bytes"] < o["weights_bytes"];
      const bool better = other["quality_loss_pct"] < o["quality_loss_pct"];
      CHECK_FALSE((smaller && better));
    }
  }
  CHECK(frontier >= 3);
}
