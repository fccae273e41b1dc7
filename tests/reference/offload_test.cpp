// CPU-only inference, partial GPU offload and MoE expert offload against published figures
// (data/measurements/offload-speed.json, each entry with its source; and a llama.cpp load log).
// One set of documented host efficiencies for every case (inference/host_efficiency.cpp);
// `node tests/bench/accuracy.mjs` prints the error over the whole file.
#include <catch2/catch.hpp>

#include "test_support.hpp"
#include "units.hpp"

using llm_sizer::Json;
using llm_sizer::units::GiB;
using llm_sizer::units::MiB;

namespace {

// The machine as measured: the RAM and its speed go to the CPU (host or only device).
Json scenario_for(const Json& m) {
  Json cpu = Json::object();
  if (m.contains("host_memory_bytes")) cpu["memory_bytes"] = m["host_memory_bytes"];
  if (m.contains("host_memory_mt_per_s")) cpu["memory_mt_per_s"] = m["host_memory_mt_per_s"];
  if (m.contains("sockets")) cpu["sockets"] = m["sockets"];
  const auto with = [&](const Json& id) {
    if (cpu.empty()) return id;
    Json object = cpu;
    object["preset"] = id;
    return object;
  };
  Json hardware = m.contains("host")
                      ? Json{{"accelerator", m["accelerator"]}, {"host", with(m["host"])}}
                      : Json{{"accelerator", with(m["accelerator"])}};
  const int prompt = std::max(1, m["prompt_tokens"].get<int>());
  const int output = std::max(1, m["output_tokens"].get<int>());
  Json inference = {{"runtime", "llama.cpp"},    {"weights", m["weights"]},
                    {"kv_cache", m["kv_cache"]}, {"prompt_tokens", prompt},
                    {"output_tokens", output},   {"context_tokens", std::max(512, prompt + output)},
                    {"allow_long_context", true}};
  if (m.contains("gpu_layers")) inference["gpu_layers"] = m["gpu_layers"];
  if (m.contains("offload_experts")) inference["offload_experts"] = m["offload_experts"];
  return {{"model", m["model"]}, {"hardware", hardware}, {"inference", inference}};
}

void check(const std::string& id, double tolerance) {
  const Json& m = llm_sizer::test::measurement("offload-speed.json", id);
  INFO(id << " (" << m["source"].get<std::string>().substr(0, 140) << ")");
  const Json inference = llm_sizer::test::run(scenario_for(m))["inference"];
  const std::string metric = m["metric"];
  REQUIRE(inference.contains(metric));
  CHECK(inference[metric].get<double>() == Approx(m["value"].get<double>()).epsilon(tolerance));
}

}  // namespace

TEST_CASE("CPU-only decode within 25% of published measurements") {
  // Desktop DDR5 (Ryzen 9 7950X), laptop LPDDR5 (Ryzen 7 8840U), an APU's LPDDR5X (Ryzen AI Max+
  // 395), a server (EPYC 9135, twelve DDR5-5600 channels); dense and MoE models.
  check("ik357-qwen3-30b-a3b-iq4xs-7950x-cpu-tg128", 0.25);
  check("ik354-dsv2-lite-q40-7950x-cpu-tg128", 0.25);
  check("normiebench-l31-8b-q4km-8840u-cpu-tg128", 0.25);
  check("geerling-r1-distill-qwen-14b-q4km-ai-max-395-cpu", 0.25);
  check("xlab-r1-q80-epyc-9135-cpu-tg-peak", 0.25);
}

TEST_CASE("partial offload: tokens/s against the layers on the GPU within 30%") {
  // Qwen2.5-Coder-14B Q4_K_M, RTX 5060 Ti (PCIe 3.0 x8) and an i7-8700 with DDR4-2400: -ngl 0 to
  // 32 and all layers.
  for (int layers : {0, 8, 16, 24, 32, 49}) {
    check("inventivehq-qwen25-coder-14b-q4km-5060ti-i7-8700-ngl" + std::to_string(layers), 0.3);
  }
}

TEST_CASE("routed experts in host RAM, attention on the GPU, within 25%") {
  check("ik357-qwen3-30b-a3b-iq4xs-4080-exps14-tg128", 0.25);
  check("ktransformers-doc-v3-q4km-6454s-4090d-experts-tg", 0.25);
  check("ktransformers-314-r1-q4-epyc-9654-4090-experts-tg-1k", 0.25);
}

TEST_CASE("prefill on a CPU, and with host weights copied to the GPU, within 30%") {
  check("ik164-l31-8b-q40-7950x-cpu-pp512", 0.3);
  check("ik164-l31-8b-q80-7950x-cpu-pp512", 0.3);
  check("normiebench-l31-8b-q4km-8840u-cpu-pp512", 0.3);
  check("ik357-qwen3-30b-a3b-iq4xs-4080-exps14-pp512", 0.3);
}

TEST_CASE("llama.cpp with DeepSeek-R1's experts on the CPU: the GPU's share of the weights") {
  // llama.cpp PR 11397 (override tensor buffers), comment of 2025-03-04: DeepSeek R1 671B with
  // every routed expert on the CPU and all 62 layers offloaded: "CUDA0 model buffer size =
  // 9460.52 MiB" (attention, shared experts, the dense layers, the output layer). The file's type
  // is not named; Q4_K_M is assumed (its CPU buffers add up to the Q4_K_M size).
  const Json r =
      llm_sizer::test::run({{"model", "deepseek-r1"},
                            {"hardware",
                             {{"accelerator", "rtx-4090"},
                              {"host", {{"preset", "epyc-9654"}, {"memory_bytes", 768 * GiB}}}}},
                            {"inference",
                             {{"runtime", "llama.cpp"},
                              {"weights", "q4_k_m"},
                              {"offload_experts", true},
                              {"gpu_layers", 62}}}})["inference"];
  CHECK(r["placement"]["per_device"]["weights_bytes"].get<double>() ==
        Approx(9460.52 * MiB).epsilon(0.05));
}
