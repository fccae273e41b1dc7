#include <catch2/catch.hpp>

#include <set>

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

TEST_CASE("quality comes from the catalog, unknown when nothing is published") {
  const auto options =
      run({{"model", "llama-3-8b"}, {"quantization", Json::object()}})["quantization"]["options"];
  for (const auto& o : options) {
    INFO(o["format"]);
    if (o["format"] == "q4_k_m") {
      // llama.cpp's Llama-3-8B scoreboard (tools/perplexity/README.md): PPL 6.2331 -> 6.4076.
      CHECK(o["quality_source"] != "unknown");
      CHECK(o["quality_loss_pct"].get<double>() > 0);
    }
    if (!o.contains("quality")) CHECK(o["quality_source"] == "unknown");
  }
  const auto none =
      run({{"model", "llama-3-70b"}, {"quantization", Json::object()}})["quantization"]["options"];
  for (const auto& o : none) CHECK(o["quality_source"] == "unknown");
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
