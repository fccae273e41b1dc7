#include <catch2/catch.hpp>

#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

Json inference(Json section, Json hardware = {{"accelerator", "h100-sxm"}}) {
  return run({{"model", "llama-3-8b"},
              {"hardware", std::move(hardware)},
              {"inference", std::move(section)}})["inference"];
}

}  // namespace

TEST_CASE("bad inference input names the field") {
  CHECK_THROWS_WITH(inference({{"weights", "q9_k"}}), Catch::StartsWith("inference.weights: "));
  CHECK_THROWS_WITH(inference({{"batch", 0}}),
                    Catch::StartsWith("inference.batch: must be an integer in [1, 1000000] (") &&
                        Catch::EndsWith("), got 0"));
  CHECK_THROWS_WITH(inference({{"context_tokens", 10000}}),
                    "inference.context_tokens: must not exceed the model's "
                    "max_position_embeddings (8192) unless allow_long_context is true, got 10000");
  CHECK_NOTHROW(inference({{"context_tokens", 10000}, {"allow_long_context", true}}));
  CHECK_THROWS_WITH(inference({{"tp", 3}}, {{"accelerator", "h100-sxm"}, {"count", 6}}),
                    Catch::StartsWith("inference.tp: must divide num_attention_heads (32), got 3"));
  CHECK_THROWS_WITH(inference({{"tp", 2}}, {{"accelerator", "h100-sxm"}, {"count", 3}}),
                    "inference.tp: must divide hardware.count (3), got 2");
  CHECK_THROWS_WITH(inference({{"prompt_tokens", 4000}, {"output_tokens", 500}}),
                    "inference.prompt_tokens: plus output_tokens must not exceed context_tokens "
                    "(4096), got 4000 + 500");
  CHECK_THROWS_WITH(
      inference({{"runtime", "lmstudio"}}),
      Catch::StartsWith("inference.runtime: must be one of generic, vllm, llama.cpp"));
}

TEST_CASE("TP must divide the KV heads or be a multiple of them") {
  // Qwen2.5-7B: 28 query heads, 4 KV heads. TP 7 divides the query heads but splits 4 KV heads
  // unevenly.
  CHECK_THROWS_WITH(run({{"model", "qwen2.5-7b"},
                         {"hardware", {{"accelerator", "h100-sxm"}, {"count", 7}}},
                         {"inference", Json::object()}}),
                    "inference.tp: must divide num_key_value_heads (4) or be a multiple of it (KV "
                    "heads are then replicated), got 7");
}

TEST_CASE("Llama 3 8B has 8 KV heads: TP 16 replicates them, TP 6 is refused") {
  // 32 query heads: 16 divides them; 8 KV heads are replicated twice.
  const auto replicated = run({{"model", "llama-3-8b"},
                               {"hardware", {{"accelerator", "h100-sxm"}, {"count", 16}}},
                               {"inference", Json::object()}})["inference"];
  const auto tp8 = run({{"model", "llama-3-8b"},
                        {"hardware", {{"accelerator", "h100-sxm"}, {"count", 8}}},
                        {"inference", Json::object()}})["inference"];
  CHECK(replicated["per_device"]["kv_cache_bytes"] == tp8["per_device"]["kv_cache_bytes"]);
}

TEST_CASE("inverse answers agree with the forward fit") {
  const Json hardware = {{"accelerator", "rtx-4090"}};
  const auto r = inference({{"weights", "q4_k_m"}, {"context_tokens", 8192}}, hardware);
  const int64_t max_batch = r["max_batch"];
  REQUIRE(max_batch > 1);
  CHECK(inference({{"weights", "q4_k_m"}, {"context_tokens", 8192}, {"batch", max_batch}},
                  hardware)["fits"] == true);
  CHECK(inference({{"weights", "q4_k_m"}, {"context_tokens", 8192}, {"batch", max_batch + 1}},
                  hardware)["fits"] == false);
}

TEST_CASE("Llama-3-70B: fewest H100s in bf16, and the best format for one RTX 4090") {
  // 141 GB of bf16 weights: one 80 GiB H100 is too small, two hold it with room for the KV cache.
  const auto on_h100 = run({{"model", "llama-3-70b"}, {"inference", Json::object()}})["inference"];
  CHECK(on_h100["fits"] == false);
  CHECK(on_h100["min_devices"] == 2);
  const auto on_4090 = run({{"model", "llama-3-70b"},
                            {"hardware", {{"accelerator", "rtx-4090"}}},
                            {"inference", {{"context_tokens", 2048}}}})["inference"];
  REQUIRE(on_4090["best_format"].is_string());
  const auto chosen =
      run({{"model", "llama-3-70b"},
           {"hardware", {{"accelerator", "rtx-4090"}}},
           {"inference",
            {{"context_tokens", 2048}, {"weights", on_4090["best_format"]}}}})["inference"];
  CHECK(chosen["fits"] == true);
  // 24 GiB holds at most 24 * 2^30 * 8 / 70.55e9 = 2.92 bits per weight, before any KV cache.
  CHECK(chosen["weights_bits_per_weight"].get<double>() < 2.92);
}

TEST_CASE("the best format that fits prefers the chosen one among equally precise formats") {
  // BF16 and FP16 store the same 16 bits: with BF16 chosen (the default) the answer is BF16.
  const auto chosen = [](const std::string& weights) {
    return run({{"model", "llama-3-8b"},
                {"inference", {{"weights", weights}}}})["inference"]["best_format"];
  };
  CHECK(chosen("bf16") == "bf16");
  CHECK(chosen("fp16") == "fp16");
  // A less precise choice does not lower the answer: 16-bit still fits on an 80 GB H100.
  CHECK(chosen("q4_k_m") == "fp16");
}

TEST_CASE("the per-device KV cache is explained: KV heads split by tensor parallelism") {
  const auto result =
      run({{"model", "llama-3-8b"}, {"hardware", {{"count", 2}}}, {"inference", {{"tp", 2}}}});
  const auto& e = result["explain"]["inference.per_device.kv_cache_bytes"];
  CHECK(e["formula"] == "{kv_cache} * {kv_heads_per_device} / {kv_heads}");
  // Llama 3 8B has 8 KV heads: 4 on each of 2 devices, half the cache each.
  CHECK(result["inference"]["per_device"]["kv_cache_bytes"].get<double>() ==
        Approx(result["inference"]["kv_cache_bytes"].get<double>() / 2));
}

TEST_CASE("the defaults are written out in the normalised scenario") {
  const auto result = run({{"model", "llama-3-8b"}, {"inference", Json::object()}});
  const auto& normalized = result["scenario"]["inference"];
  CHECK(normalized["weights"] == "bf16");
  CHECK(normalized["runtime"] == "generic");
  CHECK(normalized["context_tokens"] == 4096);
  CHECK(normalized["tp"] == 1);
}

TEST_CASE("serving: a fleet for a request rate, costs from the catalog price") {
  const auto r = run({{"model", "llama-3-8b"},
                      {"inference",
                       {{"target_requests_per_s", 50},
                        {"min_tokens_per_s_per_user", 30},
                        {"price_per_gpu_hour_usd", 2.0}}}})["inference"];
  REQUIRE(r["gpus_for_target"].is_number_integer());
  CHECK(r["gpus_for_target"].get<int64_t>() >= 1);
  const int64_t batch = r["batch_for_target"];
  const auto at_batch =
      run({{"model", "llama-3-8b"}, {"inference", {{"batch", batch}}}})["inference"];
  CHECK(at_batch["decode_tokens_per_s"].get<double>() >= 30);
  CHECK(r["cost_per_million_output_tokens_usd"].get<double>() > 0);
  CHECK(r["price_source"]["kind"] == "scenario");

  const auto catalog_price = run({{"model", "llama-3-8b"}, {"inference", Json::object()}});
  CHECK(catalog_price["inference"]["price_source"]["kind"] == "catalog");
}

TEST_CASE("a device without a sourced bandwidth gets memory answers and a warning, no speeds") {
  const auto result = run({{"model", "llama-3-8b"},
                           {"hardware", {{"accelerator", "ascend-910b"}}},
                           {"inference", Json::object()}});
  CHECK(result["inference"].contains("fits"));
  CHECK_FALSE(result["inference"].contains("decode_tokens_per_s"));
  bool warned = false;
  for (const auto& w : result["warnings"]) warned |= w["field"] == "hardware.accelerator";
  CHECK(warned);
}

TEST_CASE("a checkpoint's own bytes replace the format's computed size, shares kept") {
  Json scenario = {{"model", "qwen3-30b-a3b"},
                   {"hardware", {{"accelerator", "rtx-4090"}, {"count", 1}}},
                   {"inference", {{"weights", "q4_k_m"}, {"runtime", "llama.cpp"}}}};
  const Json computed = llm_sizer::test::run(scenario);
  // Unsloth's UD-Q4_K_XL file of the same model, in a listing's bytes.
  scenario["inference"]["checkpoint_weights_bytes"] = 17'715'663'712.0;
  const Json stored = llm_sizer::test::run(scenario);
  CHECK(stored["inference"]["weights_bytes"].get<double>() == Approx(17'715'663'712.0));
  CHECK(stored["scenario"]["inference"]["checkpoint_weights_bytes"] == 17'715'663'712.0);
  const double ratio = 17'715'663'712.0 / computed["inference"]["weights_bytes"].get<double>();
  CHECK(stored["inference"]["weights_bits_per_weight"].get<double>() ==
        Approx(computed["inference"]["weights_bits_per_weight"].get<double>() * ratio));
  // Fewer bytes to stream each token: decode is faster, in about the same proportion.
  CHECK(stored["inference"]["decode_tokens_per_s"].get<double>() >
        computed["inference"]["decode_tokens_per_s"].get<double>());
  CHECK(stored["explain"]["inference.weights_bytes"]["ref"] == "checkpoint-files");
  scenario["inference"]["checkpoint_weights_bytes"] = 0;
  CHECK_THROWS_WITH(llm_sizer::test::run(scenario),
                    Catch::StartsWith("inference.checkpoint_weights_bytes: must be a number in"));
}

TEST_CASE("TensorRT-LLM's FP8 matmuls reach more of the FP8 peak than other runtimes'") {
  // TensorRT-LLM's performance.md (Low Latency, H100 FP8): LLaMA 7B, batch 1, 2048 prompt tokens,
  // first token in 36 ms.
  const Json trt = {{"model", "llama-2-7b"},
                    {"hardware", {{"accelerator", "h100-sxm"}}},
                    {"inference",
                     {{"runtime", "tensorrt-llm"},
                      {"weights", "fp8"},
                      {"prompt_tokens", 2048},
                      {"output_tokens", 1},
                      {"context_tokens", 2049}}}};
  const Json fast = run(trt)["inference"];
  CHECK(fast["ttft_s"].get<double>() == Approx(0.036).epsilon(0.1));
  // vLLM's FP8 matmuls keep 0.6 of the 16-bit share (its FP8 serving rows), TensorRT-LLM's fused
  // FP8 kernels 0.72.
  Json vllm = trt;
  vllm["inference"]["runtime"] = "vllm";
  const Json slow = run(vllm)["inference"];
  CHECK(fast["assumptions"]["compute_efficiency"].get<double>() /
            slow["assumptions"]["compute_efficiency"].get<double>() ==
        Approx(0.72 / 0.6));
  // 16-bit matmuls are the same in both.
  Json bf16_trt = trt;
  bf16_trt["inference"]["weights"] = "bf16";
  Json bf16_vllm = vllm;
  bf16_vllm["inference"]["weights"] = "bf16";
  CHECK(run(bf16_trt)["inference"]["assumptions"]["compute_efficiency"] ==
        run(bf16_vllm)["inference"]["assumptions"]["compute_efficiency"]);
}
