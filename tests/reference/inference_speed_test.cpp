// Speed behaviour against published shapes. The measured speeds themselves are reference rows
// (data/measurements/inference-speed.json, checked by published_rows_test.cpp; `llm-sizer
// validate` prints the error over every row).
#include <catch2/catch.hpp>

#include "test_support.hpp"

TEST_CASE("the seeds' Llama-2-7B table in shape: 4-bit decodes faster than fp16 at batch 1") {
  // Seed article section 3.2: GPTQ 4-bit 65 ms and AWQ 58 ms against FP16 120 ms per request.
  const auto speed = [](const char* weights) {
    return llm_sizer::test::run(
               {{"model", "llama-2-7b"},
                {"hardware", {{"accelerator", "a100-80gb-sxm"}}},
                {"inference", {{"weights", weights}}}})["inference"]["decode_tokens_per_s"]
        .get<double>();
  };
  CHECK(speed("gptq-4bit-g128") > speed("fp16"));
  CHECK(speed("awq-4bit-g128") > speed("fp16"));
  CHECK(speed("w8a8") > speed("fp16"));
}

TEST_CASE("throughput grows with batch until the compute bound, per-user speed falls") {
  const auto r =
      llm_sizer::test::run({{"model", "llama-3-8b"}, {"inference", {{"batch", 64}}}})["inference"];
  const auto& points = r["speed_by_batch"];
  REQUIRE(points.size() >= 4);
  for (size_t i = 1; i < points.size(); ++i) {
    CHECK(points[i]["throughput_tokens_per_s"].get<double>() >
          points[i - 1]["throughput_tokens_per_s"].get<double>());
    CHECK(points[i]["tokens_per_s_per_user"].get<double>() <=
          points[i - 1]["tokens_per_s_per_user"].get<double>());
  }
  CHECK(r["bound"] == "memory");
  CHECK(r["arithmetic_intensity"].get<double>() < r["ridge_point"].get<double>());
}
