// ik_llama.cpp as a runtime: llama.cpp's placement and memory with the fork's own CPU kernels
// (every type prefills alike, 16-bit floats at their peak, the experts as GEMMs, faster dot
// products), held against the fork's published comparisons on one Ryzen 9 7950X.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"

using Catch::Contains;
using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

Json ik_cpu_scenario(const std::string& runtime, const std::string& model,
                     const std::string& weights, int64_t threads) {
  return {{"model", model},
          {"hardware", {{"accelerator", "ryzen-9-7950x"}}},
          {"inference",
           {{"runtime", runtime},
            {"weights", weights},
            {"threads", threads},
            {"prompt_tokens", 512},
            {"output_tokens", 1},
            {"context_tokens", 513}}}};
}

double ik_prefill(const Json& scenario) {
  return run(scenario)["inference"]["prefill_tokens_per_s"].get<double>();
}

}  // namespace

TEST_CASE("ik_llama.cpp prefills every GGUF type alike on a CPU, mainline by its type's kernels") {
  // ik_llama.cpp discussion 164 (LLaMA-3.1-8B, pp512, 16 threads): ik Q4_K_S 269.6, IQ4_XS 269.9,
  // BF16 256.9 t/s; mainline IQ4_XS 74.4, Q3_K_S 85.2, BF16 78.6.
  CHECK(ik_prefill(ik_cpu_scenario("ik_llama.cpp", "llama-3.1-8b", "q4_k_s", 16)) ==
        Approx(269.6).epsilon(0.1));
  CHECK(ik_prefill(ik_cpu_scenario("ik_llama.cpp", "llama-3.1-8b", "iq4_xs", 16)) ==
        Approx(269.9).epsilon(0.1));
  CHECK(ik_prefill(ik_cpu_scenario("ik_llama.cpp", "llama-3.1-8b", "bf16", 16)) ==
        Approx(256.9).epsilon(0.1));
  CHECK(ik_prefill(ik_cpu_scenario("llama.cpp", "llama-3.1-8b", "iq4_xs", 16)) ==
        Approx(74.4).epsilon(0.1));
  CHECK(ik_prefill(ik_cpu_scenario("llama.cpp", "llama-3.1-8b", "q3_k_s", 16)) ==
        Approx(85.2).epsilon(0.1));
  CHECK(ik_prefill(ik_cpu_scenario("llama.cpp", "llama-3.1-8b", "bf16", 16)) ==
        Approx(78.6).epsilon(0.1));
}

TEST_CASE("ik_llama.cpp's fused MoE prefills a CPU's experts as GEMMs, with a cost per token") {
  // Discussion 357, Qwen3-30B-A3B IQ4_XS on 16 threads: ik 474.3 t/s, mainline 141.8.
  Json ik = ik_cpu_scenario("ik_llama.cpp", "qwen3-30b-a3b", "iq4_xs", 16);
  const Json result = run(ik);
  CHECK(result["inference"]["prefill_tokens_per_s"].get<double>() == Approx(474.3).epsilon(0.1));
  CHECK(ik_prefill(ik_cpu_scenario("llama.cpp", "qwen3-30b-a3b", "iq4_xs", 16)) ==
        Approx(141.8).epsilon(0.15));
  // The explanation names the experts' cost beside the matmuls.
  CHECK_THAT(result["explain"]["inference.prefill_s"]["formula"].get<std::string>(),
             Contains("{expert_dispatch}"));
}

TEST_CASE("ik_llama.cpp's threads pass more bytes: decode at 2 threads reaches the memory") {
  // Discussion 164, tg128 at 2 threads: Q4_K_S ik 13.48 t/s against mainline 9.57.
  Json ik = ik_cpu_scenario("ik_llama.cpp", "llama-3.1-8b", "q4_k_s", 2);
  ik["inference"].update({{"prompt_tokens", 1}, {"output_tokens", 128}, {"context_tokens", 129}});
  Json mainline = ik;
  mainline["inference"]["runtime"] = "llama.cpp";
  CHECK(run(ik)["inference"]["decode_tokens_per_s"].get<double>() == Approx(13.48).epsilon(0.1));
  CHECK(run(mainline)["inference"]["decode_tokens_per_s"].get<double>() ==
        Approx(9.57).epsilon(0.1));
}

TEST_CASE("ik_llama.cpp runs its own file types without a warning, with its build's commands") {
  const auto warned_of_format = [](const Json& result) {
    for (const Json& warning : result["warnings"]) {
      if (warning["code"] == "warning.ik_llama_format") return true;
    }
    return false;
  };
  const Json ik = run(ik_cpu_scenario("ik_llama.cpp", "llama-3.1-8b", "iq4_k", 16));
  CHECK_FALSE(warned_of_format(ik));
  CHECK(warned_of_format(run(ik_cpu_scenario("llama.cpp", "llama-3.1-8b", "iq4_k", 16))));
  const Json command = ik["inference"]["command"];
  CHECK(command["runtime"] == "ik_llama.cpp");
  CHECK(command["notes"][0]["code"] == "note.launch.ik_llama_build");
  CHECK_THAT(command["run"].get<std::string>(), Contains("llama-server -m "));
  CHECK(command["alternatives"].size() == 1);  // llama-cli; Ollama cannot load the fork's files
}
