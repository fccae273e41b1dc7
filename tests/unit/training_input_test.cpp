// The training section: defaults written out, and bad input named by field, value and range.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

Json scenario(const Json& training, int64_t gpus = 8, const std::string& model = "llama-3-8b") {
  return {{"model", model},
          {"hardware", {{"accelerator", "h100-sxm"}, {"count", gpus}}},
          {"training", training}};
}

}  // namespace

TEST_CASE("no training section, no training block") {
  const auto result = run({{"model", "llama-3-8b"}});
  CHECK_FALSE(result.contains("training"));
  CHECK_FALSE(result["scenario"].contains("training"));
}

TEST_CASE("every training default is written out in the normalized scenario") {
  // One plan field given: the rest of the plan takes its defaults (no planner search).
  const auto result = run(scenario({{"zero_stage", 0}}));
  const auto& s = result["scenario"]["training"];
  CHECK(s["method"] == "full");
  CHECK_FALSE(s.contains("mfu"));  // the step-time model gives the speed
  CHECK(s["cp"] == 1);
  CHECK(s["ep"] == 1);
  CHECK(s["pipeline_schedule"] == "1f1b");
  CHECK(s["virtual_stages"] == 1);
  CHECK(s["overlap_dp_comm"] == true);
  CHECK(s["causal_attention_flops"] == false);
  CHECK(result["training"]["plan_source"] == "scenario");
  CHECK(s["precision"] == "bf16");
  CHECK(s["master_weights"] == true);
  CHECK(s["optimizer"] == "adamw");
  CHECK(s["zero_stage"] == 0);
  CHECK(s["offload"] == "none");
  CHECK(s["tp"] == 1);
  CHECK(s["pp"] == 1);
  CHECK(s["dp"] == 8);  // hardware.count / (tp x pp)
  CHECK(s["micro_batch"] == 1);
  CHECK(s["seq_len"] == 4096);
  // The default batch of every plan: Llama 2's 4M tokens, whole accumulation steps of 8 x 4096.
  CHECK(s["global_batch_tokens"] == 4194304);
  CHECK(result["training"]["grad_accumulation"] == 4194304 / (8 * 4096));
  CHECK(s["recompute"] == "none");
  CHECK(s["flash_attention"] == true);
  CHECK(s["margin"] == 0);
  CHECK(s["pue"] == 1.1);
  // Chinchilla's 20 tokens per active parameter when no token count is given.
  CHECK(s["tokens"] == 20.0 * result["model"]["params_active"].get<double>());
  CHECK(s["compute_budget_flops"] ==
        6 * s["tokens"].get<double>() * result["model"]["params_active"].get<double>());
  CHECK_FALSE(s.contains("lora_rank"));
  // Re-running the normalized scenario gives the same numbers.
  const auto again = run(result["scenario"]);
  CHECK(again["training"]["flops_total"] == result["training"]["flops_total"]);
  CHECK(again["training"]["memory_per_gpu_bytes"] == result["training"]["memory_per_gpu_bytes"]);

  // Fine-tuning starts from a fine-tuning run: Guanaco's 1875 steps x 16 sequences x at most
  // 16 + 512 tokens (artidoro/qlora scripts/finetune_guanaco_65b.sh), not from pre-training.
  for (const char* method : {"lora", "qlora"}) {
    const auto tuned = run(scenario({{"method", method}}));
    CHECK(tuned["scenario"]["training"]["tokens"] == 1875.0 * 16 * 528);
    CHECK(tuned["explain"]["training.tokens"]["ref"] == "guanaco-2023");
  }
  CHECK(result["explain"]["training.tokens"]["ref"] == "hoffmann-2022");
  CHECK_FALSE(run(scenario({{"tokens", 1e9}}))["explain"].contains("training.tokens"));

  const auto qlora =
      run(scenario({{"method", "qlora"}, {"zero_stage", 0}}))["scenario"]["training"];
  CHECK(qlora["optimizer"] == "paged_adamw_32bit");
  CHECK(qlora["master_weights"] == false);
  CHECK(qlora["lora_rank"] == 8);
  CHECK(qlora["lora_modules"] == Json({"q", "k", "v", "o", "gate", "up", "down"}));
  // seq_len is capped at the model's context: GPT-2 has 1024 positions.
  CHECK(run(scenario(Json::object(), 1, "gpt2"))["scenario"]["training"]["seq_len"] == 1024);
}

TEST_CASE("with no plan and no mfu, the planner picks the plan and the link keeps it") {
  const auto result = run(scenario(Json::object(), 64, "llama-3-70b"));
  const auto& s = result["scenario"]["training"];
  CHECK(result["training"]["plan_source"] == "planner");
  CHECK(result["training"]["fits"] == true);
  // The planner's batch: 2^22 tokens (1024 sequences of 4096).
  CHECK(s["global_batch_tokens"] == 4194304);
  CHECK(s["tp"].get<int64_t>() * s["pp"].get<int64_t>() * s["dp"].get<int64_t>() *
            s["cp"].get<int64_t>() ==
        64);
  CHECK(result["training"]["step_time_s"] == result["training"]["step_time_estimated_s"]);
  // The normalized scenario names the plan, so running it again gives the same numbers.
  const auto again = run(result["scenario"]);
  CHECK(again["training"]["plan_source"] == "scenario");
  CHECK(again["training"]["wall_days"] == result["training"]["wall_days"]);
  CHECK(again["training"]["memory_per_gpu_bytes"] == result["training"]["memory_per_gpu_bytes"]);
}

TEST_CASE("an mfu the scenario gives is honoured, without one the step-time model decides") {
  const auto given = run(scenario({{"mfu", 0.5}, {"tp", 2}}))["training"];
  CHECK(given["assumptions"]["mfu"] == 0.5);
  CHECK(given["step_time_s"].get<double>() ==
        Approx(given["wall_s"].get<double>() / given["steps"].get<double>()));
  CHECK(given["step_time_estimated_s"] != given["step_time_s"]);
  const auto modelled = run(scenario({{"tp", 2}}))["training"];
  CHECK(modelled["step_time_s"] == modelled["step_time_estimated_s"]);
  double parts = 0;
  for (const auto& [key, value] : modelled["step_breakdown"].items()) parts += value.get<double>();
  CHECK(parts == Approx(modelled["step_time_s"].get<double>()).epsilon(1e-12));
  // The utilisation the model implies, over the goodput's share of wall time, sets the time.
  const double goodput = modelled["goodput"]["fraction"].get<double>();
  CHECK(modelled["assumptions"]["goodput"] == goodput);
  CHECK(goodput > 0.9);  // 8 GPUs: an interruption every 7.8 months
  CHECK(modelled["assumptions"]["mfu"].get<double>() ==
        Approx(modelled["hfu_estimated"].get<double>() * goodput));
}

TEST_CASE("bad training input names the field, the value and what is allowed") {
  CHECK_THROWS_WITH(run(scenario({{"tokens", -1}})),
                    "training.tokens: must be a number in [1, 1e+16] (the longest published "
                    "pre-training, Qwen3's, used 3.6e13 tokens), got -1");
  CHECK_THROWS_WITH(run(scenario({{"mfu", 1.5}})),
                    Catch::StartsWith("training.mfu: must be a number in [0.001, 1] (") &&
                        Catch::EndsWith("), got 1.5"));
  CHECK_THROWS_WITH(run(scenario({{"mfu", 0}})),
                    Catch::StartsWith("training.mfu: must be a number in [0.001, 1] (") &&
                        Catch::EndsWith("), got 0"));
  CHECK_THROWS_WITH(run(scenario({{"tp", 5}}, 5)),
                    "training.tp: must divide the model's 32 attention heads, got 5");
  CHECK_THROWS_WITH(run(scenario({{"pp", 33}}, 33)),
                    "training.pp: must be at most the model's 32 layers (every pipeline stage "
                    "holds at least one), got 33");
  CHECK_THROWS_WITH(run(scenario({{"zero_stage", 4}})),
                    "training.zero_stage: must be an integer in [0, 3], got 4");
  CHECK_THROWS_WITH(run(scenario({{"optimizer", "lamb"}})),
                    "training.optimizer: must be one of adamw, adamw_8bit, paged_adamw_32bit, "
                    "paged_adamw_8bit, sgd_momentum, adafactor, got \"lamb\"");
  CHECK_THROWS_WITH(run(scenario({{"recompute", "some"}})),
                    "training.recompute: must be one of none, selective, full, got \"some\"");
  CHECK_THROWS_WITH(run(scenario({{"method", "prefix"}})),
                    "training.method: must be one of full, lora, qlora, got \"prefix\"");
  CHECK_THROWS_WITH(run(scenario({{"tp", 2}, {"dp", 2}})),
                    "training.dp: must make tp x pp x cp x dp equal hardware.count (8); with tp = "
                    "2, pp = 1 and cp = 1 that is dp = 4, got 2");
  CHECK_THROWS_WITH(run(scenario({{"tp", 4}}, 6)),
                    "hardware.count: must be a multiple of training.tp x training.pp x "
                    "training.cp = 4 (training.dp defaults to count / (tp x pp x cp)), got 6");
  CHECK_THROWS_WITH(run(scenario({{"colour", "red"}})),
                    Catch::StartsWith("training.colour: is not a known field"));
  CHECK_THROWS_WITH(run(scenario({{"lora_rank", 8}})),
                    "training.lora_rank: applies only when training.method is lora or qlora, "
                    "got 8");
  CHECK_THROWS_WITH(run(scenario({{"method", "lora"}, {"lora_modules", {"q", "qkv"}}})),
                    "training.lora_modules: must be a non-empty list of distinct names from q, k, "
                    "v, o, gate, up, down, got [\"q\",\"qkv\"]");
  CHECK_THROWS_WITH(run(scenario({{"method", "lora"}, {"lora_modules", {"gate"}}}, 1, "gpt2")),
                    Catch::StartsWith("training.lora_modules: must name at least one projection"));
  CHECK_THROWS_WITH(run(scenario({{"offload", "optimizer"}})),
                    Catch::StartsWith("training.offload: \"optimizer\" needs training.zero_stage"));
  CHECK_THROWS_WITH(run(scenario({{"zero_stage", 2}, {"offload", "optimizer_and_params"}})),
                    Catch::StartsWith("training.offload: \"optimizer_and_params\" needs "
                                      "training.zero_stage 3"));
  CHECK_THROWS_WITH(run(scenario({{"precision", "fp32"}, {"master_weights", true}})),
                    Catch::StartsWith("training.master_weights: must be false"));
  CHECK_THROWS_WITH(run(scenario({{"global_batch_tokens", 1000}, {"micro_batch", 1}})),
                    "training.global_batch_tokens: must be at least micro_batch x seq_len x dp = "
                    "32768 tokens, got 1000");
  CHECK_THROWS_WITH(run(scenario({{"discount", 1}})),
                    "training.discount: must be a number in [0, 1), got 1");
  CHECK_THROWS_WITH(run(scenario({{"pue", 0.9}})),
                    "training.pue: must be a number in [1, 3] (the industry average PUE is 1.58: "
                    "Uptime Institute 2023), got 0.9");
}

TEST_CASE("expert, context and pipeline-schedule fields are checked against the model") {
  CHECK_THROWS_WITH(run(scenario({{"ep", 2}})),
                    "training.ep: must be 1 for a dense model (it has no routed experts), got 2");
  CHECK_THROWS_WITH(run(scenario({{"ep", 3}}, 3, "mixtral-8x7b")),
                    "training.ep: must divide the model's 8 routed experts, got 3");
  CHECK_THROWS_WITH(run(scenario({{"ep", 4}, {"tp", 4}}, 8, "mixtral-8x7b")),
                    "training.ep: must divide training.dp (2): the experts are split over "
                    "data-parallel replicas, got 4");
  CHECK_THROWS_WITH(run(scenario({{"cp", 3}}, 3)),
                    "training.cp: must divide training.seq_len (4096): context parallelism splits "
                    "the sequence, got 3");
  CHECK_THROWS_WITH(run(scenario({{"pipeline_schedule", "interleaved"}})),
                    "training.pipeline_schedule: \"interleaved\" needs training.pp of 2 or more, "
                    "got \"interleaved\" with pp 1");
  CHECK_THROWS_WITH(run(scenario({{"virtual_stages", 2}})),
                    "training.virtual_stages: must be an integer in [1, 1], got 2");
  CHECK_THROWS_WITH(
      run(scenario({{"pp", 8}, {"pipeline_schedule", "interleaved"}, {"virtual_stages", 8}})),
      "training.virtual_stages: must keep pp x virtual_stages at most the model's 32 layers (one "
      "layer per model chunk), got 8");
  CHECK_THROWS_WITH(
      run(scenario({{"compute_efficiency", 1.5}})),
      "training.compute_efficiency: must be a number in [0.01, 1] (the fitted efficiencies are "
      "0.47 to 0.905, README: Speed), got 1.5");
  const auto moe = run(scenario({{"ep", 8}}, 8, "mixtral-8x7b"))["training"];
  CHECK(moe["parallelism"]["ep"] == 8);
  CHECK(moe["step_breakdown"]["ep_comm_s"].get<double>() > 0);
}

TEST_CASE("cluster fields: links from the catalog, bad ones named") {
  const Json base = {{"model", "llama-3-8b"}, {"training", {{"tp", 8}}}};
  Json bad = base;
  bad["hardware"] = {{"count", 8}, {"inter_node", "carrier-pigeon"}};
  CHECK_THROWS_WITH(run(bad),
                    "hardware.inter_node: must be an interconnect id (list them with "
                    "`llm-sizer presets`), got \"carrier-pigeon\"");
  bad["hardware"] = {{"count", 8}, {"gpus_per_node", 0}};
  CHECK_THROWS_WITH(
      run(bad), Catch::StartsWith("hardware.gpus_per_node: must be an integer in [1, 1000000] ("));
  bad["hardware"] = {{"count", 8}, {"intra_node", "tpu-ici-v4"}};
  CHECK_THROWS_WITH(run(bad), Catch::StartsWith("hardware.intra_node: must be an interconnect the "
                                                "catalog has a bandwidth for"));
  Json good = base;
  good["hardware"] = {{"count", 8}, {"accelerator", "a100-80gb-sxm"}};
  const auto defaults = run(good);
  CHECK(defaults["scenario"]["hardware"]["gpus_per_node"] == 8);
  CHECK(defaults["scenario"]["hardware"]["intra_node"] == "nvlink3");
  CHECK(defaults["scenario"]["hardware"]["inter_node"] == "ib-ndr");
  CHECK(defaults["hardware"]["cluster"]["intra_node"]["bytes_per_s"] == 300e9);
  CHECK(defaults["hardware"]["cluster"]["host_link"]["id"] == "pcie4-x16");
  // A slower link between nodes makes data parallelism across nodes slower.
  Json slow = good;
  slow["hardware"]["inter_node_bytes_per_s"] = 1e9;
  slow["training"] = {{"tp", 1}};
  Json fast = slow;
  fast["hardware"].erase("inter_node_bytes_per_s");
  fast["hardware"]["count"] = slow["hardware"]["count"] = 16;
  CHECK(run(slow)["training"]["step_breakdown"]["dp_comm_s"].get<double>() >
        run(fast)["training"]["step_breakdown"]["dp_comm_s"].get<double>());
}

TEST_CASE("a precision the device has no rate for is an error naming the rates it has") {
  // The A100 has no FP8 tensor cores; the TPU v4 lists only bf16 (and int8) in the catalog.
  const Json a100 = {{"model", "llama-3-8b"},
                     {"hardware", {{"accelerator", "a100-80gb-sxm"}}},
                     {"training", {{"precision", "fp8"}}}};
  CHECK_THROWS_WITH(run(a100),
                    "training.precision: must be a precision NVIDIA A100 SXM4 80GB has "
                    "a dense rate for (bf16, fp16, tf32, fp32), got \"fp8\"");
  const Json tpu = {{"model", "llama-3-8b"},
                    {"hardware", {{"accelerator", "tpu-v4"}}},
                    {"training", {{"precision", "fp32"}}}};
  CHECK_THROWS_WITH(run(tpu), Catch::Contains("(bf16), got \"fp32\""));
}

TEST_CASE(
    "a global batch that is not a whole number of accumulation steps is rounded, with a warning") {
  const auto result = run(scenario({{"global_batch_tokens", 4e6}, {"micro_batch", 1}}));
  CHECK(result["training"]["grad_accumulation"] == 122);  // 4e6 / (8 x 4096) = 122.07
  CHECK(result["training"]["global_batch_tokens"] == 122 * 8 * 4096);
  bool warned = false;
  for (const auto& w : result["warnings"]) warned |= w["field"] == "training.global_batch_tokens";
  CHECK(warned);
}
