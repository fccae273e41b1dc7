#include <catch2/catch.hpp>

#include "explain/references.hpp"
#include "formula_eval.hpp"
#include "test_support.hpp"

namespace {

// "model.breakdown.attention" → the number at that path in the result.
const llm_sizer::Json& at_path(const llm_sizer::Json& result, const std::string& path) {
  const llm_sizer::Json* node = &result;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t dot = path.find('.', start);
    const std::string key = path.substr(start, dot - start);
    node = node->is_array() ? &node->at(std::stoul(key)) : &node->at(key);
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return *node;
}

void check_explanations(const llm_sizer::Json& result, const std::string& label) {
  for (const auto& [path, explanation] : result["explain"].items()) {
    INFO(label << " " << path << ": " << explanation["formula"]);
    std::map<std::string, double> terms;
    for (const auto& term : explanation["terms"]) terms[term["name"]] = term["value"];
    llm_sizer::test::FormulaEvaluator formula(explanation["formula"], terms);
    CHECK(formula.evaluate() == Approx(at_path(result, path).get<double>()).epsilon(1e-12));
    CHECK(llm_sizer::find_reference(explanation["ref"].get<std::string>()) != nullptr);
    CHECK(result["references"].contains(explanation["ref"].get<std::string>()));
  }
}

}  // namespace

TEST_CASE("every explanation evaluates to the number it explains, for every preset") {
  for (const auto& preset : llm_sizer::test::catalog().models) {
    check_explanations(llm_sizer::test::run({{"model", preset.id}}), preset.id);
    check_explanations(
        llm_sizer::test::run({{"model", preset.id}, {"inference", {{"allow_long_context", true}}}}),
        preset.id);
  }
}

TEST_CASE("every training explanation evaluates to its number, for every preset") {
  // Full training, LoRA and QLoRA with parallelism, ZeRO stages, offload and recomputation, so
  // every branch of every formula is evaluated at least once per architecture.
  const std::vector<llm_sizer::Json> sections = {
      llm_sizer::Json::object(),
      {{"zero_stage", 3},
       {"offload", "optimizer_and_params"},
       {"recompute", "full"},
       {"target_days", 30},
       {"margin", 0.25},
       {"discount", 0.3}},
      {{"method", "lora"},
       {"zero_stage", 2},
       {"recompute", "selective"},
       {"micro_batch", 2},
       {"flash_attention", false},
       {"dropout", true},
       {"optimizer", "adafactor"}},
      {{"method", "qlora"},
       {"recompute", "full"},
       {"zero_stage", 1},
       {"offload", "optimizer"},
       {"lora_modules", {"q", "v"}}},
  };
  for (const auto& preset : llm_sizer::test::catalog().models) {
    // Pipeline and tensor parallelism where the architecture allows them.
    const auto architecture = llm_sizer::test::model_result(preset.id)["architecture"];
    for (auto section : sections) {
      if (section.value("method", "") == "qlora" &&
          architecture["num_hidden_layers"].get<int>() % 2 == 0) {
        section["pp"] = 2;
      }
      // Mamba models have no q/k/v/o: their adapters go on in_proj and out_proj (up, down).
      if (section.contains("lora_modules") && architecture["num_attention_heads"] == 0) {
        section["lora_modules"] = {"up", "down"};
      }
      if (section.value("method", "") == "lora" &&
          architecture["num_attention_heads"].get<int>() % 2 == 0) {
        section["tp"] = 2;
        section["sequence_parallel"] = true;
      }
      const auto result = llm_sizer::test::run(
          {{"model", preset.id}, {"hardware", {{"count", 8}}}, {"training", section}});
      REQUIRE(result.contains("training"));
      CHECK(result["explain"].contains("training.flops_total"));
      CHECK(result["explain"].contains("training.memory.activations_bytes"));
      check_explanations(result, preset.id + " " + section.dump());
    }
  }
}

TEST_CASE("every planner explanation evaluates to its number") {
  // Dense with pipeline and ZeRO-3 on many nodes, MoE with experts split, one GPU with offload.
  const std::vector<llm_sizer::Json> scenarios = {
      {{"model", "llama-3-70b"},
       {"hardware", {{"count", 256}}},
       {"training", llm_sizer::Json::object()}},
      {{"model", "mixtral-8x7b"}, {"hardware", {{"count", 64}}}, {"training", {{"seq_len", 8192}}}},
      {{"model", "llama-3-8b"},
       {"hardware", {{"count", 1}}},
       {"training", llm_sizer::Json::object()}},
  };
  for (const auto& scenario : scenarios) {
    const auto answer = llm_sizer::test::plan(scenario);
    REQUIRE(answer["explain"].contains("plans.0.step_time_s"));
    check_explanations(answer, scenario.dump());
  }
  // And the training block's step model for plans the planner would not pick.
  const std::vector<llm_sizer::Json> plans = {
      {{"tp", 4},
       {"pp", 4},
       {"cp", 2},
       {"seq_len", 16384},
       {"zero_stage", 3},
       {"pipeline_schedule", "interleaved"},
       {"virtual_stages", 2},
       {"overlap_dp_comm", false}},
      {{"ep", 8},
       {"zero_stage", 3},
       {"offload", "optimizer_and_params"},
       {"recompute", "full"},
       {"precision", "fp8"},
       {"causal_attention_flops", true}},
  };
  for (const auto& training : plans) {
    const auto result = llm_sizer::test::run(
        {{"model", "mixtral-8x7b"}, {"hardware", {{"count", 64}}}, {"training", training}});
    CHECK(result["explain"].contains("training.step_breakdown.cp_comm_s"));
    check_explanations(result, training.dump());
  }
}

TEST_CASE("every offload explanation evaluates to its number") {
  // Layers and experts on a host, vLLM's streamed offload, a CPU as the only device (its
  // prefill's routed experts token by token), both ways of not fitting, and both ways of running
  // from disk.
  const auto host = [](const std::string& gpu, const std::string& cpu, double gib) {
    return llm_sizer::Json{{"accelerator", gpu},
                           {"host", {{"preset", cpu}, {"memory_bytes", gib * 1073741824.0}}}};
  };
  const llm_sizer::Json gguf = {{"runtime", "llama.cpp"}, {"weights", "q4_k_m"}};
  const std::vector<llm_sizer::Json> scenarios = {
      {{"model", "llama-3-70b"},
       {"hardware", host("rtx-4090", "ryzen-9-7950x", 64)},
       {"inference", gguf}},
      {{"model", "deepseek-v3"},
       {"hardware", host("rtx-4090", "epyc-9654", 512)},
       {"inference", gguf}},
      {{"model", "qwen3-30b-a3b"},
       {"hardware", {{"accelerator", "ryzen-9-7950x"}}},
       {"inference", gguf}},
      {{"model", "llama-3-8b"},
       {"hardware", host("rtx-4090", "ryzen-9-7950x", 64)},
       {"inference",
        {{"runtime", "vllm"}, {"weights", "fp16"}, {"cpu_offload_bytes", 4294967296.0}}}},
      {{"model", "llama-3-70b"},
       {"hardware", host("rtx-4090", "ryzen-9-7950x", 16)},
       {"inference", gguf}},
      {{"model", "llama-3-70b"}, {"hardware", {{"accelerator", "rtx-4090"}}}, {"inference", gguf}},
      {{"model", "deepseek-r1"},
       {"hardware",
        {{"accelerator", {{"preset", "ryzen-9-7950x"}, {"memory_bytes", 96 * 1073741824.0}}},
         {"disk_read_bytes_per_s", 7e9}}},
       {"inference", gguf}},
      {{"model", "deepseek-v3"},
       {"hardware",
        {{"accelerator", "rtx-4090"},
         {"host", {{"preset", "ryzen-9-7950x"}, {"memory_bytes", 128 * 1073741824.0}}},
         {"disk_read_bytes_per_s", 7e9}}},
       {"inference", gguf}},
  };
  for (const auto& scenario : scenarios) {
    const auto result = llm_sizer::test::run(scenario);
    CHECK(result["explain"].contains("inference.host_bytes"));
    check_explanations(result, scenario.dump());
  }
}

TEST_CASE("every explanation of MLX, ik_llama.cpp and KTransformers evaluates to its number") {
  // MLX's per-expert decode cost, ik_llama.cpp's experts as GEMMs with a cost per token, and
  // KTransformers' CPU prefill of every expert on two sockets.
  const std::vector<llm_sizer::Json> scenarios = {
      {{"model", "qwen3-30b-a3b"},
       {"hardware", {{"accelerator", "m4-max"}}},
       {"inference", {{"runtime", "mlx"}, {"weights", "mlx-4bit-g64"}}}},
      {{"model", "qwen3-30b-a3b"},
       {"hardware", {{"accelerator", "ryzen-9-7950x"}}},
       {"inference", {{"runtime", "ik_llama.cpp"}, {"weights", "iq4_xs"}}}},
      {{"model", "deepseek-v3"},
       {"hardware",
        {{"accelerator", "rtx-4090"},
         {"host",
          {{"preset", "xeon-gold-6454s"}, {"memory_bytes", 1099511627776.0}, {"sockets", 2}}}}},
       {"inference", {{"runtime", "ktransformers"}, {"weights", "q4_k_m"}}}},
  };
  for (const auto& scenario : scenarios) {
    check_explanations(llm_sizer::test::run(scenario), scenario.dump());
  }
}

TEST_CASE("every serving and speculative-decoding explanation evaluates to its number") {
  for (const char* model : {"llama-3.1-8b", "mixtral-8x7b", "gemma-3-27b", "deepseek-v2-lite"}) {
    check_explanations(
        llm_sizer::test::run(
            {{"model", model},
             {"hardware", {{"accelerator", "h100-sxm"}, {"count", 2}}},
             {"inference", {{"tp", 1}}},
             {"serving",
              {{"workload",
                {{"requests_per_s", 5}, {"requests", 100}, {"output_tokens_p99", 2000}}}}}}),
        model);
    check_explanations(llm_sizer::test::run(
                           {{"model", model},
                            {"hardware", {{"accelerator", "h200"}, {"count", 1}}},
                            {"inference", {{"weights", "fp8"}, {"speculative", Json::object()}}}}),
                       model);
  }
}
