// GRPO (Shao et al. 2024): each step generates a group of answers to every prompt with an
// inference engine, then trains the policy on them. Its time is the generation (an offline batch
// through the serving simulation), the update (the training step model, with the reference's and
// the old policy's log-probability passes) and the hand-over of the new weights to the engine.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

// Qwen2.5-7B on 8 H100 with a plan given (FSDP as ZeRO-3), 64 prompts of 8 answers a step.
Json grpo_scenario(const Json& rl, const Json& rollout = Json::object(),
                   const Json& training = Json::object(), int64_t gpus = 8) {
  Json section = {{"objective", "grpo"}, {"zero_stage", 3}, {"micro_batch", 1}};
  Json batch = {{"prompts_per_step", 64},
                {"group_size", 8},
                {"prompt_tokens", 512},
                {"response_tokens", 1024},
                {"steps", 10}};
  for (const auto& [key, value] : rl.items()) batch[key] = value;
  section["rl"] = batch;
  if (!rollout.empty()) section["rollout"] = rollout;
  for (const auto& [key, value] : training.items()) section[key] = value;
  return {{"model", "qwen2.5-7b"},
          {"hardware", {{"accelerator", "h100-sxm"}, {"count", gpus}}},
          {"training", section}};
}

Json grpo(const Json& rl, const Json& rollout = Json::object(),
          const Json& training = Json::object(), int64_t gpus = 8) {
  return run(grpo_scenario(rl, rollout, training, gpus))["training"];
}

double at(const Json& j, const char* key) {
  return j[key].get<double>();
}

}  // namespace

TEST_CASE("a GRPO step is its generation, its update and the weights' hand-over") {
  const Json t = grpo(Json::object());
  const Json& rl = t["rl"];
  CHECK(at(rl, "step_s") ==
        Approx(at(rl, "generation_s") + at(rl, "update_s") + at(rl, "reshard_s")));
  CHECK(at(rl, "sequences") == 64 * 8);
  CHECK(at(rl, "tokens") == 64 * 8 * (512 + 1024));
  // verl's and NeMo-RL's throughput: every token of the step over the step and all GPUs.
  CHECK(at(rl, "tokens_per_s_per_gpu") == Approx(at(rl, "tokens") / (at(rl, "step_s") * 8)));
  // The run: its steps over the goodput, on every GPU.
  CHECK(at(rl, "gpu_hours") ==
        Approx(10 * at(rl, "step_s") / at(rl, "goodput") * 8 / 3600).epsilon(1e-12));
  // The engine generated every answer's tokens.
  CHECK(at(rl["rollout"], "generated_tokens") == Approx(64 * 8 * 1024.0));
}

TEST_CASE("the update trains on every answer once per epoch, in mini_batches optimizer steps") {
  const Json one = grpo({{"mini_batches", 4}});
  const Json two = grpo({{"mini_batches", 4}, {"epochs", 2}});
  CHECK(at(one["rl"]["update"], "optimizer_steps") == Approx(4));
  CHECK(at(two["rl"]["update"], "optimizer_steps") == Approx(8));
  // Each optimizer step trains on a quarter of the step's answers as whole sequences.
  CHECK(at(one, "global_batch_tokens") == 64 * 8 / 4 * (512 + 1024));
  CHECK(at(one["rl"], "update_s") ==
        Approx(4 * at(one["rl"]["update"], "optimizer_step_s")).epsilon(1e-12));
}

TEST_CASE(
    "GRPO's log-probability passes: the reference for its KL term, the old policy when the "
    "batch is trained on more than once") {
  const auto forward = [](const Json& t) {
    const Json& b = t["flops_per_token_breakdown"];
    return b["forward_matmul"].get<double>() + b["forward_attention"].get<double>() +
           b["forward_lm_head"].get<double>();
  };
  const auto passes = [&](const Json& t) {
    const Json& b = t["flops_per_token_breakdown"];
    return b.contains("reference") ? b["reference"].get<double>() / forward(t) : 0.0;
  };
  CHECK(passes(grpo({{"mini_batches", 1}, {"kl_reference", false}})) == 0);
  CHECK(passes(grpo({{"mini_batches", 1}})) == Approx(1));
  CHECK(passes(grpo({{"mini_batches", 4}})) == Approx(2));
  CHECK(passes(grpo({{"mini_batches", 4}, {"kl_reference", false}})) == Approx(1));
  // Once per batch, however many epochs train on it.
  CHECK(passes(grpo({{"mini_batches", 4}, {"epochs", 2}})) == Approx(1));
  // Their share of the update's compute is reported apart.
  const Json t = grpo({{"mini_batches", 4}});
  CHECK(at(t["rl"], "log_prob_s") > 0.25 * at(t["rl"], "update_s"));
  CHECK(at(t["rl"], "log_prob_s") < 0.5 * at(t["rl"], "update_s"));
}

TEST_CASE("the step waits for its longest answers: a long tail lengthens generation") {
  const Json fixed = grpo(Json::object());
  const Json tail = grpo({{"response_tokens_p99", 4096}});
  CHECK(at(tail["rl"], "generation_s") > 1.5 * at(fixed["rl"], "generation_s"));
  // The same tokens are trained on, so the update barely moves.
  CHECK(at(tail["rl"], "update_s") == Approx(at(fixed["rl"], "update_s")).epsilon(0.05));
}

TEST_CASE("a group's answers share their prompt: the engine prefills it once") {
  const Json single = run(grpo_scenario({{"prompts_per_step", 512}, {"group_size", 1}}));
  const Json grouped = run(grpo_scenario({{"prompts_per_step", 64}, {"group_size", 8}}));
  // Same answers, same tokens; the grouped step prefills an eighth of the prompts.
  CHECK(at(single["training"]["rl"], "tokens") == at(grouped["training"]["rl"], "tokens"));
  CHECK(at(grouped["training"]["rl"], "generation_s") <
        at(single["training"]["rl"], "generation_s"));
}

TEST_CASE("separate pools: both count, and one step off-policy overlaps generation and update") {
  const Json sync = grpo(Json::object(), {{"placement", "separate"}, {"gpus", 8}});
  const Json async =
      grpo(Json::object(), {{"placement", "separate"}, {"gpus", 8}, {"async", true}});
  CHECK(at(sync["rl"], "gpus") == 16);
  CHECK(at(sync["rl"], "step_s") ==
        Approx(at(sync["rl"], "generation_s") + at(sync["rl"], "update_s") +
               at(sync["rl"], "reshard_s")));
  CHECK(at(async["rl"], "step_s") ==
        Approx(std::max(at(async["rl"], "generation_s"), at(async["rl"], "update_s")) +
               at(async["rl"], "reshard_s")));
  // The weights cross the link between the pools, not the colocated engine's IPC copy.
  CHECK(at(sync["rl"]["reshard"], "bytes_per_s") == Approx(50e9).epsilon(0.01));
  // The engine's GPUs hold only the engine.
  CHECK(at(sync["rl"]["memory"], "rollout_phase_bytes") ==
        Approx(at(sync["rl"]["memory"], "rollout_bytes")));
}

TEST_CASE("colocated, the engine's share sits beside the training states it does not free") {
  const Json t = grpo(Json::object());
  const Json& m = t["rl"]["memory"];
  CHECK(at(m, "rollout_bytes") == Approx(0.5 * 80 * 1073741824.0).epsilon(0.01));  // verl's 0.5
  CHECK(at(m, "rollout_phase_bytes") ==
        Approx(at(m, "resident_states_bytes") + at(m, "rollout_bytes")));
  CHECK(at(m, "peak_bytes") == std::max(at(m, "training_bytes"), at(m, "rollout_phase_bytes")));
  CHECK(m["fits"] == true);
  // Unsharded Adam states of 7.6B parameters beside 95% for the engine do not fit: a warning.
  const Json full =
      run(grpo_scenario(Json::object(), {{"gpu_memory_fraction", 0.95}}, {{"zero_stage", 0}}));
  CHECK(full["training"]["rl"]["memory"]["fits"] == false);
  bool warned = false;
  for (const auto& w : full["warnings"]) warned = warned || w["code"] == "warning.rl_memory";
  CHECK(warned);
}

TEST_CASE("GRPO's defaults are verl's example: 1,024 prompts of 5 answers, 4 optimizer steps") {
  const Json s =
      run({{"model", "qwen2.5-7b"},
           {"hardware", {{"accelerator", "h100-sxm"}, {"count", 8}}},
           {"training", {{"objective", "grpo"}, {"zero_stage", 3}}}})["scenario"]["training"];
  CHECK(s["rl"]["prompts_per_step"] == 1024);
  CHECK(s["rl"]["group_size"] == 5);
  CHECK(s["rl"]["mini_batches"] == 4);
  CHECK(s["rl"]["steps"] == 105);
  // The batch sets the sequences; the echo leaves out what it refuses, so it reruns as it is.
  CHECK_FALSE(s.contains("seq_len"));
  CHECK_FALSE(s.contains("tokens"));
  CHECK_FALSE(s["rollout"].contains("gpus"));
  CHECK(s["rollout"]["placement"] == "colocated");
  CHECK(s["rollout"]["runtime"] == "vllm");
  CHECK(s["rollout"]["gpu_memory_fraction"] == 0.5);
  // 15 GB of weights fit in half of the engine's 40 GB: one GPU per engine.
  CHECK(s["rollout"]["tp"] == 1);
}

TEST_CASE("the echoed scenario reruns to the same answer") {
  const Json first = run(grpo_scenario({{"response_tokens_p99", 4096}},
                                       {{"placement", "separate"}, {"gpus", 4}, {"async", true}}));
  Json again = first["scenario"];
  const Json second = run(again);
  CHECK(second["training"]["rl"] == first["training"]["rl"]);
}

TEST_CASE("bad GRPO input names the field, the value and what is allowed") {
  const Json base = {{"model", "qwen2.5-7b"},
                     {"hardware", {{"accelerator", "h100-sxm"}, {"count", 8}}}};
  const auto with = [&](const Json& training) {
    Json s = base;
    s["training"] = training;
    return s;
  };
  CHECK_THROWS_WITH(run(with({{"rl", {{"group_size", 4}}}})),
                    Catch::StartsWith("training.rl: applies only with training.objective "
                                      "\"grpo\" or \"ppo\""));
  CHECK_THROWS_WITH(run(with({{"objective", "grpo"}, {"tokens", 1e9}})),
                    Catch::StartsWith("training.tokens: is set by training.rl"));
  CHECK_THROWS_WITH(run(with({{"objective", "grpo"}, {"rl", {{"mini_batches", 3}}}})),
                    Catch::StartsWith("training.rl.mini_batches: must divide the step's 5120 "
                                      "answers"));
  CHECK_THROWS_WITH(run(with({{"objective", "grpo"}, {"rl", {{"group_size", 0}}}})),
                    Catch::StartsWith("training.rl.group_size: must be an integer in [1, 1024] ("));
  CHECK_THROWS_WITH(
      run(with({{"objective", "grpo"},
                {"rl", {{"response_tokens", 1000}, {"response_tokens_p99", 10}}}})),
      Catch::StartsWith("training.rl.response_tokens_p99: must be at least the mean"));
  CHECK_THROWS_WITH(run(with({{"objective", "grpo"}, {"rollout", {{"gpus", 8}}}})),
                    Catch::StartsWith("training.rollout.gpus: applies only with "
                                      "training.rollout.placement \"separate\""));
  CHECK_THROWS_WITH(run(with({{"objective", "grpo"}, {"rollout", {{"runtime", "llama.cpp"}}}})),
                    Catch::StartsWith("training.rollout.runtime: must be one of vllm, sglang"));
  CHECK_THROWS_WITH(run(with({{"objective", "grpo"}, {"rollout", {{"tp", 3}}}})),
                    Catch::StartsWith("training.rollout.tp: "));
  CHECK_THROWS_WITH(
      run(with({{"objective", "grpo"},
                {"zero_stage", 3},
                {"rl", {{"prompts_per_step", 100000}, {"group_size", 64}}}})),
      Catch::StartsWith("training.rl.prompts_per_step: makes a step's rollout larger than the "
                        "simulation follows"));
  CHECK_THROWS_WITH(run(with({{"objective", "grpo"}, {"rollout", {{"speculative", true}}}})),
                    Catch::StartsWith("training.rollout.speculative: "));
}

TEST_CASE("an engine share that holds the weights but no KV cache has no rollouts to time") {
  const Json t = grpo(Json::object(), {{"gpu_memory_fraction", 0.1}, {"tp", 1}});
  CHECK(t["rl"]["unavailable"] == "does_not_fit");
  CHECK_FALSE(t["rl"].contains("step_s"));
}

TEST_CASE(
    "PPO trains a critic beside the policy: one answer per prompt, its passes, time and states") {
  Json ppo_scenario = grpo_scenario({{"mini_batches", 4}});
  ppo_scenario["training"]["objective"] = "ppo";
  ppo_scenario["training"]["rl"].erase("group_size");
  const Json ppo = run(ppo_scenario);
  const Json& rl = ppo["training"]["rl"];
  CHECK(ppo["scenario"]["training"]["rl"]["group_size"] == 1);  // verl's rollout.n
  // The critic trains on the same tokens with the same plan: the policy's training passes.
  CHECK(at(rl, "critic_s") == Approx(at(rl, "update_s") - at(rl, "log_prob_s")));
  CHECK(at(rl, "step_s") == Approx(at(rl, "generation_s") + at(rl, "update_s") +
                                   at(rl, "critic_s") + at(rl, "reshard_s")));
  // Per batch: the reference, the old policy and the critic's values; a reward model adds one.
  const auto passes = [](const Json& t) {
    const Json& b = t["flops_per_token_breakdown"];
    return b["reference"].get<double>() /
           (b["forward_matmul"].get<double>() + b["forward_attention"].get<double>() +
            b["forward_lm_head"].get<double>());
  };
  CHECK(passes(ppo["training"]) == Approx(3));
  Json rewarded = ppo_scenario;
  rewarded["training"]["rl"]["reward_model"] = true;
  const Json with_reward = run(rewarded)["training"];
  CHECK(passes(with_reward) == Approx(4));
  // The critic keeps the policy's weights and optimizer states; a reward model its weights.
  const Json& m = rl["memory"];
  const Json& parts = ppo["training"]["memory"];
  CHECK(at(m, "critic_states_bytes") ==
        Approx(at(parts, "weights_bytes") + at(parts, "optimizer_bytes")));
  CHECK(at(m, "training_bytes") ==
        Approx(at(ppo["training"], "memory_per_gpu_bytes") + at(m, "critic_states_bytes")));
  CHECK(at(with_reward["rl"]["memory"], "reward_model_bytes") ==
        Approx(at(with_reward["memory"], "weights_bytes")));
  CHECK(ppo["explain"]["training.rl.step_s"]["formula"] ==
        "{generation} + {update} + {critic} + {reshard}");
}
