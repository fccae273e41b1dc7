// Predicted speeds against published measurements (data/measurements/inference-speed.json, each
// entry cites its source). One set of documented defaults for every case: nothing here is tuned
// per case. `node tests/bench/accuracy.mjs` prints the error over the whole file.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using llm_sizer::Json;

namespace {

// A llama-bench style run: tg N decodes N tokens from an empty context, pp N prefills N tokens.
Json llama_cpp(const std::string& model, const std::string& device, int count,
               const std::string& weights, int prompt, int output) {
  return {{"model", model},
          {"hardware", {{"accelerator", device}, {"count", count}}},
          {"inference",
           {{"runtime", "llama.cpp"},
            {"weights", weights},
            {"kv_cache", "f16"},
            {"prompt_tokens", prompt},
            {"output_tokens", output},
            {"context_tokens", std::max(512, prompt + output)}}}};
}

double predicted(const Json& scenario, const std::string& metric) {
  const auto inference = llm_sizer::test::run(scenario)["inference"];
  if (metric == "ttft_s") return inference["ttft_s"];
  return inference[metric];
}

void check(const std::string& id, const Json& scenario, double tolerance) {
  const Json& m = llm_sizer::test::measurement("inference-speed.json", id);
  const std::string metric = m["metric"];
  INFO(id << " (" << m["source"].get<std::string>().substr(0, 120) << ")");
  CHECK(predicted(scenario, metric) == Approx(m["value"].get<double>()).epsilon(tolerance));
}

}  // namespace

TEST_CASE("batch-1 decode within 20% of published measurements") {
  // NVIDIA consumer, workstation and datacenter GPUs, Apple chips; fp16, 8-bit and 4-bit; 7B to
  // 70B; llama.cpp and a CUDA-graph PyTorch engine (gpt-fast, as the generic runtime).
  check("xd-l3-8b-f16-rtx-4090-x1-tg512", llama_cpp("llama-3-8b", "rtx-4090", 1, "f16", 1, 512),
        0.2);
  check("xd-l3-8b-q4km-rtx-4090-x1-tg512", llama_cpp("llama-3-8b", "rtx-4090", 1, "q4_k_m", 1, 512),
        0.2);
  check("xd-l3-8b-q4km-a100-80gb-pcie-x1-tg512",
        llama_cpp("llama-3-8b", "a100-80gb-pcie", 1, "q4_k_m", 1, 512), 0.2);
  check("xd-l3-70b-q4km-h100-pcie-x1-tg512",
        llama_cpp("llama-3-70b", "h100-pcie", 1, "q4_k_m", 1, 512), 0.2);
  check("xd-l3-70b-q4km-rtx-3090-x2-tg512",
        llama_cpp("llama-3-70b", "rtx-3090", 2, "q4_k_m", 1, 512), 0.2);
  check("xd-l3-8b-q4km-m3-max-x1-tg512", llama_cpp("llama-3-8b", "m3-max", 1, "q4_k_m", 1, 512),
        0.2);
  check("d4167-m2-ultra-76c-f16-tg128", llama_cpp("llama-2-7b", "m2-ultra", 1, "f16", 1, 128), 0.2);
  check("d4167-m4-max-40c-q40-tg128", llama_cpp("llama-2-7b", "m4-max", 1, "q4_0", 1, 128), 0.2);
  check("d4167-m1-8c-q80-tg128", llama_cpp("llama-2-7b", "m1", 1, "q8_0", 1, 128), 0.2);
  const auto gpt_fast = [](const char* model, int gpus) {
    return Json{{"model", model},
                {"hardware", {{"accelerator", "a100-80gb-sxm"}, {"count", gpus}}},
                {"inference", {{"weights", "bf16"}, {"prompt_tokens", 5}, {"output_tokens", 200}}}};
  };
  check("gptfast-llama-2-7b-bf16-a100-tp1", gpt_fast("llama-2-7b", 1), 0.2);
  check("gptfast-llama-2-70b-bf16-a100-tp8", gpt_fast("llama-2-70b", 8), 0.2);
}

TEST_CASE("prefill within 30% of published measurements") {
  check("xd-l3-8b-q4km-rtx-4090-x1-pp512", llama_cpp("llama-3-8b", "rtx-4090", 1, "q4_k_m", 512, 1),
        0.3);
  check("xd-l3-8b-f16-rtx-3090-x1-pp512", llama_cpp("llama-3-8b", "rtx-3090", 1, "f16", 512, 1),
        0.3);
  check("xd-l3-70b-q4km-a100-80gb-pcie-x1-pp512",
        llama_cpp("llama-3-70b", "a100-80gb-pcie", 1, "q4_k_m", 512, 1), 0.3);
  check("d4167-m2-ultra-76c-f16-pp512", llama_cpp("llama-2-7b", "m2-ultra", 1, "f16", 512, 1), 0.3);
  check("d4167-m4-max-40c-q40-pp512", llama_cpp("llama-2-7b", "m4-max", 1, "q4_0", 512, 1), 0.3);
  // TensorRT-LLM v0.5 performance table: time to first token for 2048 prompt tokens, batch 1.
  check("trtllm-v05-ttft-llama-2-7b-fp16-a100-tp1-isl2048",
        {{"model", "llama-2-7b"},
         {"hardware", {{"accelerator", "a100-80gb-sxm"}}},
         {"inference",
          {{"runtime", "tensorrt-llm"},
           {"weights", "fp16"},
           {"prompt_tokens", 2048},
           {"output_tokens", 1}}}},
        0.3);
}

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
