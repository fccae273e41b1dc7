// DPO (Rafailov et al. 2023): the policy trains on chosen and rejected answers while a frozen
// reference policy scores the same tokens. Its cost is a forward pass per token (2 N, on the
// 6 N of training) and, as a copy of the model, its weights; TRL's DPOTrainer avoids the copy
// under PEFT (the base with the adapters switched off) and the pass with precomputed
// reference log-probabilities.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

Json dpo_run(const Json& extra) {
  Json section = {{"tokens", 1e9}, {"zero_stage", 1}, {"micro_batch", 1}, {"seq_len", 2048}};
  for (const auto& [key, value] : extra.items()) section[key] = value;
  return run({{"model", "llama-3.1-8b"},
              {"hardware", {{"accelerator", "h100-sxm"}, {"count", 8}}},
              {"training", section}})["training"];
}

double per_token(const Json& t) {
  return t["flops_per_token"].get<double>();
}

}  // namespace

TEST_CASE(
    "DPO's reference forward adds 2 N per token, and precomputed log-probabilities add nothing") {
  const Json sft = dpo_run(Json::object());
  const Json dpo = dpo_run({{"objective", "dpo"}});
  const Json precomputed = dpo_run({{"objective", "dpo"}, {"dpo_reference", "precomputed"}});
  // Llama 3.1 8B: 8.03e9 parameters, so about 16.06 GFLOPs a token for the reference's forward.
  CHECK(per_token(dpo) - per_token(sft) == Approx(2 * 8.03e9).epsilon(0.01));
  CHECK(dpo["flops_per_token_breakdown"]["reference"].get<double>() ==
        Approx(per_token(dpo) - per_token(sft)));
  CHECK(dpo["flops_per_token_6n"].get<double>() ==
        Approx(sft["flops_per_token_6n"].get<double>() * 8 / 6));
  CHECK(per_token(precomputed) == Approx(per_token(sft)));
  // The step takes longer by about the work it adds (attention and elementwise work aside).
  const double slower = dpo["step_time_s"].get<double>() / sft["step_time_s"].get<double>();
  CHECK(slower > 1.2);
  CHECK(slower < 1.34);
}

TEST_CASE(
    "a reference copy holds the model's 16-bit weights on every GPU, sharded only by ZeRO-3") {
  const Json dpo = dpo_run({{"objective", "dpo"}});
  CHECK(dpo["memory"]["reference_weights_bytes"].get<double>() == Approx(2 * 8.03e9).epsilon(0.01));
  CHECK(dpo["memory_per_gpu_bytes"].get<double>() -
            dpo_run(Json::object())["memory_per_gpu_bytes"].get<double>() ==
        Approx(dpo["memory"]["reference_weights_bytes"].get<double>()).epsilon(0.01));
  const Json zero3 = dpo_run({{"objective", "dpo"}, {"zero_stage", 3}});
  CHECK(zero3["memory"]["reference_weights_bytes"].get<double>() ==
        Approx(2 * 8.03e9 / 8).epsilon(0.01));
  CHECK_FALSE(dpo_run({{"objective", "dpo"}, {"dpo_reference", "precomputed"}})["memory"].contains(
      "reference_weights_bytes"));
}

TEST_CASE("under LoRA the reference is the base with its adapters off: a forward, no copy") {
  const Json lora = dpo_run({{"method", "lora"}});
  const Json dpo = dpo_run({{"method", "lora"}, {"objective", "dpo"}});
  CHECK_FALSE(dpo["memory"].contains("reference_weights_bytes"));
  CHECK(dpo["memory_per_gpu_bytes"].get<double>() ==
        Approx(lora["memory_per_gpu_bytes"].get<double>()));
  CHECK(per_token(dpo) - per_token(lora) == Approx(2 * 8.03e9).epsilon(0.01));
}

TEST_CASE("a DPO reference is refused without DPO, and the adapters' base without adapters") {
  const auto with = [](const Json& section) {
    return Json{{"model", "llama-3.1-8b"},
                {"hardware", {{"accelerator", "h100-sxm"}}},
                {"training", section}};
  };
  CHECK_THROWS_WITH(
      run(with({{"dpo_reference", "model"}})),
      Catch::StartsWith("training.dpo_reference: applies only with training.objective"));
  CHECK_THROWS_WITH(run(with({{"objective", "dpo"}, {"dpo_reference", "adapters_off"}})),
                    Catch::StartsWith("training.dpo_reference: needs training.method") &&
                        Catch::EndsWith("got \"adapters_off\" with method \"full\""));
  CHECK_THROWS_WITH(run(with({{"objective", "rlhf"}})), Catch::StartsWith("training.objective:"));
}
