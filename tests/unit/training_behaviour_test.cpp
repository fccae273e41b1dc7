// Behaviour of the training estimate: ZeRO, LoRA counts, micro-batch search, recomputation,
// GPU counts, prices.
#include <catch2/catch.hpp>

#include <algorithm>

#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

Json train(const Json& model, int64_t gpus, const Json& section,
           const Json& accelerator = "h100-sxm") {
  return run({{"model", model},
              {"hardware", {{"accelerator", accelerator}, {"count", gpus}}},
              {"training", section}})["training"];
}

double model_states(const Json& t) {
  return t["memory"]["weights_bytes"].get<double>() + t["memory"]["gradients_bytes"].get<double>() +
         t["memory"]["optimizer_bytes"].get<double>();
}

// A tiny Llama: h = 64, 4 heads of 16, 2 KV heads (kv width 32), MLP 128, 2 layers.
const Json kTinyLlama = {{"model_type", "llama"},    {"hidden_size", 64},
                         {"intermediate_size", 128}, {"num_attention_heads", 4},
                         {"num_key_value_heads", 2}, {"num_hidden_layers", 2},
                         {"vocab_size", 100},        {"max_position_embeddings", 256}};
// A tiny Mixtral: the same attention, 4 experts of width 96, 2 per token.
const Json kTinyMixtral = {{"model_type", "mixtral"},  {"hidden_size", 64},
                           {"intermediate_size", 96},  {"num_attention_heads", 4},
                           {"num_key_value_heads", 2}, {"num_hidden_layers", 2},
                           {"vocab_size", 100},        {"num_local_experts", 4},
                           {"num_experts_per_tok", 2}, {"max_position_embeddings", 256}};

}  // namespace

TEST_CASE("LoRA trainable parameters by hand: r (d_in + d_out) per adapted matrix") {
  const Json all = {{"method", "lora"}, {"lora_rank", 4}};
  const auto t = train(kTinyLlama, 1, all);
  // Per layer: q 4(64+64) + k 4(64+32) + v 4(64+32) + o 4(64+64) + gate, up, down 4(64+128) each.
  CHECK(t["adapter_params"] == 2 * (512 + 384 + 384 + 512 + 3 * 768));
  CHECK(t["trainable_params"] == t["adapter_params"]);
  const auto params_total = llm_sizer::test::model_result(kTinyLlama)["params_total"];
  CHECK(t["frozen_params"] == params_total.get<double>());

  const auto qv =
      train(kTinyLlama, 1, {{"method", "lora"}, {"lora_rank", 4}, {"lora_modules", {"q", "v"}}});
  CHECK(qv["adapter_params"] == 2 * (512 + 384));

  // Every expert gets its own adapter: 4 experts x 4 (64 + 96) for each of gate, up, down.
  const auto moe =
      train(kTinyMixtral, 1,
            {{"method", "lora"}, {"lora_rank", 4}, {"lora_modules", {"gate", "up", "down"}}});
  CHECK(moe["adapter_params"] == 2 * 3 * 4 * 4 * (64 + 96));
  // ... but only the 2 routed experts see a token: 2 r (d_in + d_out) FLOPs for each.
  CHECK(moe["flops_per_token_breakdown"]["forward_adapters"] == 2 * 3 * 2 * (2.0 * 4 * (64 + 96)));
}

TEST_CASE("ZeRO stages never add memory, and change nothing on one GPU") {
  for (const std::string model : {"llama-3-8b", "mixtral-8x7b", "qwen3-30b-a3b", "gpt2-xl"}) {
    // A plan field given: the rest of the plan is the default one, not the planner's.
    for (const Json& base :
         {Json{{"micro_batch", 1}}, Json{{"method", "lora"}, {"micro_batch", 1}}}) {
      INFO(model << " " << base.dump());
      double previous = 0;
      for (int stage = 0; stage <= 3; ++stage) {
        Json section = base;
        section["zero_stage"] = stage;
        const double sharded = model_states(train(model, 8, section));
        if (stage > 0) CHECK(sharded <= previous);
        previous = sharded;
        CHECK(model_states(train(model, 1, section)) == model_states(train(model, 1, base)));
      }
      Json full_sharding = base;
      full_sharding["zero_stage"] = 3;
      CHECK(model_states(train(model, 8, full_sharding)) ==
            Approx(model_states(train(model, 1, base)) / 8));
    }
  }
}

TEST_CASE("max_micro_batch is the largest micro-batch that fits") {
  const std::vector<std::pair<Json, Json>> cases = {
      {"llama-3-8b", {{"zero_stage", 3}, {"recompute", "full"}}},
      {"llama-3-8b", {{"method", "qlora"}}},
      {"mistral-7b-v0.1", {{"method", "lora"}, {"flash_attention", false}}},
      {"qwen2.5-0.5b", {{"zero_stage", 0}}},
      {"gpt2", {{"recompute", "selective"}}}};
  for (const auto& [model, section] : cases) {
    INFO(model << " " << section.dump());
    const auto t = train(model, 8, section);
    const int64_t best = t["max_micro_batch"];
    REQUIRE(best > 0);
    Json at = section;
    at["micro_batch"] = best;
    CHECK(train(model, 8, at)["fits"] == true);
    at["micro_batch"] = best + 1;
    const auto over = train(model, 8, at);
    CHECK(over["fits"] == false);
    CHECK(over["memory_per_gpu_bytes"].get<double>() >
          over["memory_available_bytes"].get<double>());
    CHECK(t["fits"] == (section.value("micro_batch", 1) <= best));
  }
  // A 70B model in 16-bit does not fit one GPU at any micro-batch.
  const auto too_big = train("llama-3-70b", 1, {{"zero_stage", 0}});
  CHECK(too_big["fits"] == false);
  CHECK(too_big["max_micro_batch"] == 0);
}

TEST_CASE("recomputation trades activation memory for FLOPs, FlashAttention drops the s^2 term") {
  const std::string model = "llama-3-8b";
  const auto none = train(model, 1, {{"recompute", "none"}, {"flash_attention", false}});
  const auto selective = train(model, 1, {{"recompute", "selective"}, {"flash_attention", false}});
  const auto full = train(model, 1, {{"recompute", "full"}, {"flash_attention", false}});
  const auto act = [](const Json& t) { return t["memory"]["activations_bytes"].get<double>(); };
  const auto flops = [](const Json& t) { return t["flops_total"].get<double>(); };
  CHECK(act(none) > act(selective));
  CHECK(act(selective) > act(full));
  CHECK(flops(none) < flops(selective));
  CHECK(flops(selective) < flops(full));
  CHECK(full["flops_total_6nd"].get<double>() ==
        Approx(none["flops_total_6nd"].get<double>() * 8 / 6));
  // Full recomputation keeps a rebuilt layer as a temporary buffer.
  CHECK(full["memory"]["buffers_bytes"].get<double>() > 0);
  CHECK(none["memory"]["buffers_bytes"] == 0);
  const auto flash = train(model, 1, {{"recompute", "none"}, {"flash_attention", true}});
  CHECK(act(flash) < act(none));
  // Selective recomputation with FlashAttention stores what selective alone stores.
  const auto flash_selective = train(model, 1, {{"recompute", "selective"}});
  CHECK(act(flash_selective) == Approx(act(selective)));
}

TEST_CASE("LoRA computes less than full training and holds less memory") {
  // The same tokens for each (their defaults differ: a fine-tuning run is far shorter).
  const auto full = train("llama-3-8b", 1, {{"tokens", 1e9}});
  const auto lora = train("llama-3-8b", 1, {{"method", "lora"}, {"tokens", 1e9}});
  const auto qlora = train("llama-3-8b", 1, {{"method", "qlora"}, {"tokens", 1e9}});
  CHECK(lora["flops_total"].get<double>() < full["flops_total"].get<double>());
  CHECK(lora["flops_total_6nd"] == full["flops_total_6nd"]);
  CHECK(lora["memory_per_gpu_bytes"].get<double>() < full["memory_per_gpu_bytes"].get<double>());
  CHECK(qlora["memory"]["weights_bytes"].get<double>() <
        lora["memory"]["weights_bytes"].get<double>());
  CHECK(qlora["memory"]["buffers_bytes"].get<double>() > 0);  // a dequantized matrix
}

TEST_CASE("GPU counts: the target-days answer, the days-versus-GPUs series") {
  const Json section = {{"tokens", 1e12}, {"target_days", 20}};
  const auto t = train("llama-3-8b", 8, section);
  const int64_t needed = t["gpus_for_target_days"];
  CHECK(train("llama-3-8b", needed, section)["wall_days"].get<double>() <= 20);
  CHECK(train("llama-3-8b", needed - 1, section)["wall_days"].get<double>() > 20);
  bool has_own_count = false;
  for (const auto& point : t["days_vs_gpus"]) {
    CHECK(point["wall_days"].get<double>() * point["gpus"].get<double>() ==
          Approx(t["wall_days"].get<double>() * 8));
    has_own_count |= point["gpus"] == 8;
  }
  CHECK(has_own_count);
  CHECK_FALSE(train("llama-3-8b", 8, Json::object()).contains("gpus_for_target_days"));
}

TEST_CASE("pipeline stages split the weights, the first stage holds the most activations") {
  const auto one = train("llama-3-8b", 2, {{"tp", 1}, {"pp", 1}, {"dp", 2}});
  const auto two = train("llama-3-8b", 2, {{"pp", 2}, {"global_batch_tokens", 8 * 4096}});
  const double w1 = one["memory"]["weights_bytes"], w2 = two["memory"]["weights_bytes"];
  CHECK(w2 < 0.6 * w1);
  CHECK(w2 > 0.4 * w1);
  CHECK(two["pipeline_bubble_fraction"] == Approx(1.0 / 8));
}

TEST_CASE("price: the catalog's lower-median on-demand entry, or the scenario's, or none") {
  // The rule, recomputed from the catalog: on-demand entries for the H100 SXM, sorted by price.
  std::vector<std::pair<double, std::string>> prices;
  for (const auto& entry : llm_sizer::test::catalog().listing["cloud_prices"]) {
    if (entry["accelerator"] == "h100-sxm" && entry["pricing"] == "on-demand") {
      prices.emplace_back(entry["price_per_gpu_hour_usd"].get<double>(), entry["id"]);
    }
  }
  std::sort(prices.begin(), prices.end());
  const auto& median = prices[(prices.size() - 1) / 2];
  const auto t = train("llama-3-8b", 8, {{"tokens", 1e11}, {"discount", 0.25}});
  CHECK(t["price_per_gpu_hour_usd"] == median.first);
  CHECK(t["price_source"]["id"] == median.second);
  CHECK(t["cost_usd"].get<double>() == Approx(t["gpu_hours"].get<double>() * median.first * 0.75));
  // Energy: 700 W x GPU-hours x PUE 1.1.
  CHECK(t["energy_kwh"].get<double>() == Approx(0.7 * t["gpu_hours"].get<double>() * 1.1));

  const auto own =
      train("llama-3-8b", 8, {{"price_per_gpu_hour_usd", 2.0}, {"electricity_usd_per_kwh", 0.1}});
  CHECK(own["price_source"]["kind"] == "scenario");
  CHECK(own["cost_usd"].get<double>() == Approx(own["gpu_hours"].get<double>() * 2.0));
  CHECK(own["energy_cost_usd"].get<double>() == Approx(own["energy_kwh"].get<double>() * 0.1));

  // A device with no catalog price and no TDP: neither cost nor energy, and warnings say so.
  const Json custom = {
      {"name", "my card"}, {"memory_bytes", 96e9}, {"dense_flops_per_s", {{"bf16", 500e12}}}};
  const auto result = run({{"model", "llama-3-8b"},
                           {"hardware", {{"accelerator", custom}, {"count", 4}}},
                           {"training", Json::object()}});
  CHECK_FALSE(result["training"].contains("cost_usd"));
  CHECK_FALSE(result["training"].contains("energy_kwh"));
  CHECK(result["training"]["price_source"]["kind"] == "none");
  CHECK(result["warnings"].size() == 2);
}

TEST_CASE("offload moves optimizer states to the CPU and reports the host memory") {
  const auto resident = train("llama-3-8b", 8, {{"zero_stage", 2}});
  const auto offloaded = train("llama-3-8b", 8, {{"zero_stage", 2}, {"offload", "optimizer"}});
  CHECK(resident["cpu_offload_bytes"] == 0);
  CHECK(offloaded["memory"]["optimizer_bytes"] == 0);
  CHECK(offloaded["memory"]["gradients_bytes"] == 0);
  CHECK(offloaded["cpu_offload_bytes"].get<double>() >
        resident["memory"]["optimizer_bytes"].get<double>());
}
