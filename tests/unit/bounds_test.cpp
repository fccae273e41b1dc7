#include <catch2/catch.hpp>
#include <limits>

#include "checked.hpp"
#include "error.hpp"
#include "limits.hpp"
#include "model/hf_config.hpp"
#include "scenario/finite_check.hpp"
#include "test_support.hpp"

using llm_sizer::InputError;
using llm_sizer::Json;
using llm_sizer::test::run;

TEST_CASE("a non-finite number in a result is refused, naming its path") {
  Json result = {
      {"inference",
       {{"speed_by_batch", Json::array({{{"tokens", 1.0}},
                                        {{"tokens", std::numeric_limits<double>::infinity()}}})}}}};
  CHECK_THROWS_WITH(llm_sizer::check_finite(result),
                    Catch::StartsWith("result.inference.speed_by_batch[1].tokens: is not a finite "
                                      "number"));
  result["inference"]["speed_by_batch"][1]["tokens"] = 2.0;
  CHECK_NOTHROW(llm_sizer::check_finite(result));
}

TEST_CASE("a count beyond 2^53 is an input error, never a wrapped integer") {
  CHECK(llm_sizer::checked_count(1024.0, "training.target_days", "a GPU count", "30") == 1024);
  CHECK_THROWS_WITH(llm_sizer::checked_count(1e300, "training.target_days", "a GPU count", "1e-3"),
                    "training.target_days: asks for a GPU count beyond 2^53, more than can be "
                    "counted, got 1e-3");
  CHECK_THROWS_AS(llm_sizer::checked_count(std::nan(""), "f", "a count", "x"), InputError);
}

TEST_CASE("the whole model is bounded, not only each dimension") {
  Json config = llm_sizer::test::read_json("tests/reference/configs/meta-llama-3-8b.json");
  config["hidden_size"] = 1 << 20;
  config["intermediate_size"] = 1 << 20;
  config["num_attention_heads"] = 1024;
  config["num_key_value_heads"] = 1024;
  config["num_hidden_layers"] = 10000;
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(config, "model"),
                    Catch::StartsWith("model: must have at most 1e+15 parameters"));
}

TEST_CASE("every preset sits inside the bounds, and so do its neighbourhoods") {
  // The largest real models in the catalog estimate at the widest settings the bounds allow
  // together with them; nothing comes out non-finite.
  for (const char* model :
       {"llama-3.1-405b", "deepseek-v3", "deepseek-v3.2", "qwen3-next-80b-a3b", "kimi-k2.5"}) {
    INFO(model);
    const Json result = run({{"model", model},
                             {"hardware", {{"count", llm_sizer::limits::kDevices.max}}},
                             {"training",
                              {{"tokens", llm_sizer::limits::kTrainingTokens.max},
                               {"target_days", llm_sizer::limits::kDays.min},
                               {"margin", llm_sizer::limits::kMargin.max},
                               {"price_per_gpu_hour_usd", llm_sizer::limits::kUsdPerGpuHour.max}}},
                             {"inference",
                              {{"tp", 8},
                               {"batch", llm_sizer::limits::kSequences.max},
                               {"context_tokens", 1000000},
                               {"allow_long_context", true},
                               {"target_requests_per_s", llm_sizer::limits::kRequestsPerS.max}}}});
    CHECK(result["training"]["wall_days"].get<double>() > 0);
    CHECK(result["inference"]["memory_per_device_bytes"].get<double>() > 0);
  }
}

TEST_CASE("a host and its offload are bounded like every other field") {
  const auto host = [](Json fields) {
    Json h = {{"preset", "epyc-9654"}};
    h.update(fields);
    return Json{{"model", "llama-3-8b"},
                {"hardware", {{"accelerator", "rtx-4090"}, {"host", h}}},
                {"inference", {{"runtime", "vllm"}}}};
  };
  CHECK_THROWS_WITH(run(host({{"memory_bytes", 1e300}})),
                    Catch::StartsWith("hardware.host.memory_bytes: must be a number in"));
  CHECK_THROWS_WITH(run(host({{"sockets", 1000}})),
                    Catch::StartsWith("hardware.host.sockets: must be an integer in [1, 8]"));
  CHECK_THROWS_WITH(run(host({{"memory_mt_per_s", 1e12}})),
                    Catch::StartsWith("hardware.host.memory_mt_per_s: must be a number in"));
  CHECK_THROWS_WITH(run(host({{"dense_flops_per_s", {{"bf16", 1e300}}}})),
                    Catch::StartsWith("hardware.host.dense_flops_per_s.bf16: must be a number in"));
  Json offload = host(Json::object());
  offload["inference"]["cpu_offload_bytes"] = 1e300;
  CHECK_THROWS_WITH(run(offload),
                    Catch::StartsWith("inference.cpu_offload_bytes: must be a number in"));
  // The largest values allowed still give finite results.
  const Json widest = run(host({{"sockets", llm_sizer::limits::kSockets.max},
                                {"memory_bytes", llm_sizer::limits::kHostMemoryBytes.max}}));
  CHECK(widest["inference"]["host_bytes"].get<double>() >= 0);
}

TEST_CASE(
    "the sparse-attention indexer, the hybrid block letters and the new image encoders are "
    "bounded") {
  const auto* v32 = llm_sizer::test::catalog().find_model("deepseek-v3.2");
  REQUIRE(v32 != nullptr);
  Json config = v32->config;
  config["index_topk"] = 0;
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(config, "model"),
                    Catch::StartsWith("model.index_topk: must be an integer in [1,"));
  config["index_topk"] = 2048;
  config["index_head_dim"] = 1 << 20;
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(config, "model"),
                    Catch::StartsWith("model.index_head_dim: must be an integer in [1, 65536]"));
  config.erase("index_n_heads");
  config["index_head_dim"] = 128;
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(config, "model"),
                    Catch::StartsWith("model.index_n_heads: "));

  const auto* k25 = llm_sizer::test::catalog().find_model("kimi-k2.5");
  REQUIRE(k25 != nullptr);
  Json multimodal = k25->config;
  multimodal["vision_config"]["vt_hidden_size"] = 0;
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(multimodal, "model"),
                    Catch::StartsWith("model.vision_config.vt_hidden_size: must be an integer in"));
  multimodal["vision_config"]["vt_hidden_size"] = 1152;
  multimodal["vision_config"]["merge_kernel_size"] = Json::array({2, 2, 2});
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(multimodal, "model"),
                    Catch::StartsWith("model.vision_config.merge_kernel_size"));

  const auto* nemotron = llm_sizer::test::catalog().find_model("nemotron-h-8b");
  REQUIRE(nemotron != nullptr);
  Json hybrid = nemotron->config;
  hybrid["hybrid_override_pattern"] = "M-M*";
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(hybrid, "model"),
                    Catch::StartsWith("model.hybrid_override_pattern: must give one block a layer "
                                      "(52)"));
  hybrid["hybrid_override_pattern"] = std::string(52, 'X');
  CHECK_THROWS_AS(llm_sizer::parse_hf_config(hybrid, "model"), InputError);
  hybrid["hybrid_override_pattern"] = 7;
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(hybrid, "model"),
                    Catch::StartsWith("model.hybrid_override_pattern: is required"));
  hybrid.erase("hybrid_override_pattern");
  hybrid["layers_block_type"] = Json::array({"mamba", "moe"});
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(hybrid, "model"),
                    Catch::StartsWith("model.layers_block_type: must give one block a layer"));

  const auto* kimi = llm_sizer::test::catalog().find_model("kimi-linear-48b-a3b");
  REQUIRE(kimi != nullptr);
  Json kda = kimi->config;
  kda["linear_attn_config"]["kda_layers"] = Json::array({0, 1});
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(kda, "model"),
                    Catch::StartsWith("model.linear_attn_config.kda_layers: entries must be layer "
                                      "numbers in [1, 27]"));
  kda["linear_attn_config"] = "kda";
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(kda, "model"),
                    Catch::StartsWith("model.linear_attn_config: must be a JSON object"));
  kda.erase("linear_attn_config");
  CHECK_THROWS_WITH(llm_sizer::parse_hf_config(kda, "model"),
                    Catch::StartsWith("model.linear_attn_config: is required"));
}
