// MLX (mlx-lm) as a runtime on Apple GPUs: its quantized matmuls at streaming speed, its per-layer
// and per-expert costs, its cache that grows in 256-token blocks by copying, and its commands,
// each held against mlx-lm's published figures.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"

using Catch::Contains;
using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

// mlx_lm.benchmark -p 2048 -g 128, as mlx-lm's BENCHMARKS.md runs it.
Json mlx_benchmark_scenario(const std::string& model, const std::string& chip,
                            const std::string& weights) {
  return {{"model", model},
          {"hardware", {{"accelerator", chip}}},
          {"inference",
           {{"runtime", "mlx"},
            {"weights", weights},
            {"prompt_tokens", 2048},
            {"output_tokens", 128},
            {"context_tokens", 2176}}}};
}

double mlx_decode(const Json& scenario) {
  return run(scenario)["inference"]["decode_tokens_per_s"].get<double>();
}

}  // namespace

TEST_CASE("MLX decodes at the speeds mlx-lm publishes, dense and MoE, 16 and 4 bits") {
  // mlx_lm/BENCHMARKS.md (64 GB M4 Max, mlx-lm 0.28.2): Qwen3-4B bf16 52.47 and 4-bit 134.52
  // tokens/s; Qwen3-30B-A3B 4-bit 113.33.
  CHECK(mlx_decode(mlx_benchmark_scenario("qwen3-4b", "m4-max", "bf16")) ==
        Approx(52.47).epsilon(0.1));
  CHECK(mlx_decode(mlx_benchmark_scenario("qwen3-4b", "m4-max", "mlx-4bit-g64")) ==
        Approx(134.52).epsilon(0.1));
  CHECK(mlx_decode(mlx_benchmark_scenario("qwen3-30b-a3b", "m4-max", "mlx-4bit-g64")) ==
        Approx(113.33).epsilon(0.1));
  // mlx-examples#1029: Llama-3.3-70B 4-bit on a 64 GB M3 Max, 9.351 tokens/s (260-token prompt).
  Json seventy = mlx_benchmark_scenario("llama-3.3-70b", "m3-max", "mlx-4bit-g64");
  seventy["inference"].update({{"prompt_tokens", 260}, {"output_tokens", 309}});
  CHECK(mlx_decode(seventy) == Approx(9.351).epsilon(0.15));
}

TEST_CASE("MLX's peak memory holds the growing cache twice once") {
  // BENCHMARKS.md's peak memory for Qwen3-4B bf16: 9.02 GB; the cache grows in 256-token blocks.
  const Json inference =
      run(mlx_benchmark_scenario("qwen3-4b", "m4-max", "bf16"))["inference"]["per_device"];
  const double peak = inference["weights_bytes"].get<double>() +
                      inference["kv_cache_bytes"].get<double>() +
                      inference["activation_bytes"].get<double>();
  CHECK(peak / 1e9 == Approx(9.02).epsilon(0.05));
  Json odd = mlx_benchmark_scenario("qwen3-4b", "m4-max", "bf16");
  odd["inference"].update(
      {{"prompt_tokens", 900}, {"output_tokens", 100}, {"context_tokens", 1000}});
  const Json kv = run(odd)["inference"];
  // 36 layers x 8 KV heads x 128 x 2 (K and V) x 2 bytes = 147,456 bytes a token, for 1024 tokens.
  CHECK(kv["kv_cache_bytes"].get<double>() == Approx(147456.0 * 1024));
}

TEST_CASE("MLX is refused where mlx-lm does not run it, naming the field") {
  Json gpu = mlx_benchmark_scenario("qwen3-4b", "h100-sxm", "bf16");
  CHECK_THROWS_WITH(run(gpu), Catch::StartsWith("inference.runtime: must not be mlx on"));
  Json gguf = mlx_benchmark_scenario("qwen3-4b", "m4-max", "q4_k_m");
  CHECK_THROWS_WITH(run(gguf), Catch::StartsWith("inference.weights: must be a format mlx-lm"));
  Json two = mlx_benchmark_scenario("qwen3-4b", "m4-max", "bf16");
  two["hardware"]["count"] = 2;
  two["inference"]["tp"] = 2;
  CHECK_THROWS_WITH(run(two), Catch::StartsWith("inference.tp: must be 1 with mlx"));
}

TEST_CASE("the MLX commands convert, generate and benchmark the scenario's request") {
  Json scenario = mlx_benchmark_scenario("qwen3-30b-a3b", "m4-max", "mlx-4bit-g32");
  scenario["inference"]["kv_cache"] = "q8_0";
  const Json command = run(scenario)["inference"]["command"];
  CHECK(command["runtime"] == "mlx");
  const std::string generate = command["run"].get<std::string>();
  CHECK_THAT(generate, Contains("mlx_lm.convert --hf-path Qwen/Qwen3-30B-A3B"));
  CHECK_THAT(generate, Contains("-q --q-bits 4 --q-group-size 32 && mlx_lm.generate"));
  CHECK_THAT(generate, Contains("--max-tokens 128 --kv-bits 8 --quantized-kv-start 0"));
  CHECK_THAT(command["measure"].get<std::string>(), Contains("mlx_lm.benchmark --model"));
  CHECK_THAT(command["measure"].get<std::string>(), Contains("-p 2048 -g 128"));
  CHECK(command["notes"][0]["code"] == "note.launch.mlx_convert");
  CHECK_THAT(command["alternatives"][0]["run"].get<std::string>(), Contains("mlx_lm.server"));
  // 16-bit weights load from the model's own repository, with nothing to convert.
  const Json dense =
      run(mlx_benchmark_scenario("qwen3-4b", "m4-max", "bf16"))["inference"]["command"];
  CHECK(dense["run"].get<std::string>().rfind("mlx_lm.generate --model Qwen/Qwen3-4B", 0) == 0);
}
