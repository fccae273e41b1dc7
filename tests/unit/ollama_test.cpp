// Ollama as a runtime (inference/runtime_profile.hpp): llama.cpp's engine with Ollama's own
// defaults: the context it picks by the GPUs' memory, what it leaves free on each GPU, whole
// layers (never experts) on the CPU, and its Modelfile as the command.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"

using Catch::Contains;
using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

Json ollama_scenario(const std::string& model, Json hardware, Json extra = Json::object()) {
  Json inference = {{"runtime", "ollama"}, {"weights", "q4_k_m"}};
  inference.update(extra);
  return {{"model", model}, {"hardware", std::move(hardware)}, {"inference", inference}};
}

int64_t ollama_context(const Json& result) {
  return result["scenario"]["inference"]["context_tokens"].get<int64_t>();
}

}  // namespace

TEST_CASE("Ollama's context follows the GPUs' memory: 4k, 32k, 256k, at most the model's") {
  // docs/context-length.mdx: below 24 GiB 4k; 24-48 GiB 32k; from 48 GiB 256k.
  CHECK(ollama_context(run(ollama_scenario("llama-3.1-8b", {{"accelerator", "rtx-3060-12gb"}}))) ==
        4096);
  CHECK(ollama_context(run(ollama_scenario("llama-3.1-8b", {{"accelerator", "rtx-4090"}}))) ==
        32768);
  CHECK(ollama_context(
            run(ollama_scenario("llama-3.1-8b", {{"accelerator", "rtx-4090"}, {"count", 2}}))) ==
        131072);  // 48 GiB asks for 256k; Llama 3.1 was trained to 128k
  CHECK(ollama_context(run(ollama_scenario("qwen3-30b-a3b", {{"accelerator", "h100-sxm"}}))) ==
        40960);
  // A CPU has no VRAM: 4k. A context the scenario gives is kept.
  CHECK(ollama_context(run(ollama_scenario("llama-3.1-8b", {{"accelerator", "ryzen-9-7950x"}}))) ==
        4096);
  CHECK(ollama_context(run(ollama_scenario("llama-3.1-8b", {{"accelerator", "rtx-4090"}},
                                           {{"context_tokens", 8192}}))) == 8192);
}

TEST_CASE("Ollama leaves 457 MiB of a GPU free and moves whole layers, not experts") {
  const Json llama = run(ollama_scenario("llama-3.1-8b", {{"accelerator", "rtx-4090"}},
                                         {{"context_tokens", 4096}}))["inference"];
  const Json bare =
      run({{"model", "llama-3.1-8b"},
           {"hardware", {{"accelerator", "rtx-4090"}}},
           {"inference", {{"runtime", "llama.cpp"}, {"weights", "q4_k_m"}}}})["inference"];
  CHECK(llama["overhead_bytes"].get<double>() - bare["overhead_bytes"].get<double>() ==
        Approx(457.0 * 1024 * 1024));
  // Qwen3-30B-A3B on a 12 GB card with 32 GiB of RAM: llama.cpp would keep attention on the GPU
  // and move experts; Ollama moves the first layers whole, and refuses expert offload.
  const Json host = {{"accelerator", "rtx-3060-12gb"},
                     {"host", {{"preset", "ryzen-9-7950x"}, {"memory_bytes", 32 * 1073741824.0}}}};
  const Json placed = run(ollama_scenario("qwen3-30b-a3b", host))["inference"]["placement"];
  CHECK(placed["verdict"] == "fits_with_offload");
  CHECK(placed["offload_experts"] == 0);
  CHECK(placed["gpu_layers"].get<int64_t>() < placed["layers"].get<int64_t>());
  CHECK_THROWS_WITH(run(ollama_scenario("qwen3-30b-a3b", host, {{"offload_experts", 8}})),
                    Catch::StartsWith("inference.offload_experts: must be absent with ollama"));
}

TEST_CASE("the command for Ollama is its Modelfile, with llama.cpp's beside it") {
  const Json command =
      run(ollama_scenario("llama-3.1-8b", {{"accelerator", "rtx-4090"}}))["inference"]["command"];
  CHECK(command["runtime"] == "ollama");
  CHECK_THAT(command["modelfile"].get<std::string>(), Contains("PARAMETER num_ctx 32768\n"));
  CHECK(command["alternatives"][0]["runtime"] == "llama.cpp");
}
