// KTransformers as a runtime: every routed expert on the host's CPU, the rest on the GPU, a copy
// of the experts on each socket that then streams them from its own memory; held against the
// decode speeds and the RAM its DeepSeek-V3 tutorial publishes.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

constexpr double kTiB = 1099511627776.0;

// doc/en/DeepseekR1_V3_tutorial.md: DeepSeek-V3 Q4_K_M, a 4090D and Xeon Gold 6454S sockets,
// 500-token prompts and 300 generated tokens.
Json tutorial_scenario(int64_t sockets, double ram_bytes) {
  Json host = {{"preset", "xeon-gold-6454s"}, {"memory_bytes", ram_bytes}};
  if (sockets > 1) host["sockets"] = sockets;
  return {{"model", "deepseek-v3"},
          {"hardware", {{"accelerator", "rtx-4090"}, {"host", host}}},
          {"inference",
           {{"runtime", "ktransformers"},
            {"weights", "q4_k_m"},
            {"prompt_tokens", 500},
            {"output_tokens", 300},
            {"context_tokens", 800}}}};
}

}  // namespace

TEST_CASE(
    "KTransformers keeps every routed expert on the CPU and decodes at its tutorial's speed") {
  const Json one = run(tutorial_scenario(1, kTiB / 2))["inference"];
  CHECK(one["placement"]["verdict"] == "fits_with_offload");
  CHECK(one["placement"]["offload_experts"] == 58);  // every MoE layer of DeepSeek-V3
  CHECK(one["placement"]["gpu_layers"] == 62);       // all 61 layers and the output layer
  // One socket: 8.73 tokens/s; two (USE_NUMA): 12.21.
  CHECK(one["decode_tokens_per_s"].get<double>() == Approx(8.73).epsilon(0.1));
  const Json two = run(tutorial_scenario(2, kTiB))["inference"];
  CHECK(two["decode_tokens_per_s"].get<double>() == Approx(12.21).epsilon(0.1));
  // Each socket holds its copy of the experts: "382 GB" on one socket, "1 TB" on two.
  const double one_host = one["placement"]["host_bytes"].get<double>();
  const double two_host = two["placement"]["host_bytes"].get<double>();
  CHECK(one_host / 1e9 == Approx(382).epsilon(0.1));
  CHECK(two_host / one_host == Approx(2.0).epsilon(0.05));
  // 512 GiB on two sockets holds one copy, not two.
  CHECK(run(tutorial_scenario(2, kTiB / 2))["inference"]["placement"]["verdict"] == "does_not_fit");
}

TEST_CASE("KTransformers needs a MoE model, a GPU and a host, and places the experts itself") {
  Json dense = tutorial_scenario(1, kTiB);
  dense["model"] = "llama-3.1-70b";
  CHECK_THROWS_WITH(run(dense), Catch::StartsWith("inference.runtime: must not be ktransformers"));
  Json alone = tutorial_scenario(1, kTiB);
  alone["hardware"].erase("host");
  CHECK_THROWS_WITH(run(alone), Catch::StartsWith("inference.runtime: needs a GPU"));
  Json placed = tutorial_scenario(1, kTiB);
  placed["inference"]["offload_experts"] = 10;
  CHECK_THROWS_WITH(
      run(placed),
      Catch::StartsWith("inference.offload_experts: must be absent with ktransformers"));
}

TEST_CASE(
    "the KTransformers command is its local chat on the GGUF folder, timed by a prompt file") {
  const Json command = run(tutorial_scenario(1, kTiB))["inference"]["command"];
  CHECK(command["runtime"] == "ktransformers");
  CHECK(command["run"] ==
        "python -m ktransformers.local_chat --model_path deepseek-ai/DeepSeek-V3 --gguf_path "
        "./DeepSeek-V3-Q4_K_M --max_new_tokens 300 --cpu_infer 32");
  CHECK(command["measure"].get<std::string>().find("--prompt_file prompt.txt") !=
        std::string::npos);
}
