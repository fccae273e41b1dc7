// Hosts, placements and their three-state answer: the rules llama.cpp and vLLM follow when a model
// does not all stay on the GPU (inference/placement.hpp), checked on their own terms.
#include <catch2/catch.hpp>

#include <cmath>

#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

Json scenario(const std::string& model, Json hardware, Json section) {
  return {{"model", model}, {"hardware", std::move(hardware)}, {"inference", std::move(section)}};
}

Json with_host(const std::string& gpu, const std::string& cpu, double ram_gib) {
  return {{"accelerator", gpu}, {"host", {{"preset", cpu}, {"memory_bytes", ram_gib * kGiB}}}};
}

Json llama_cpp(const std::string& weights, Json extra = Json::object()) {
  Json section = {{"runtime", "llama.cpp"}, {"weights", weights}};
  section.update(extra);
  return section;
}

}  // namespace

TEST_CASE("bad hosts and placements name the field") {
  const Json host = with_host("rtx-4090", "ryzen-9-7950x", 64);
  CHECK_THROWS_WITH(run(scenario("llama-3-8b", {{"accelerator", "rtx-4090"}, {"host", "ryzen-99"}},
                                 Json::object())),
                    Catch::StartsWith("hardware.host: must be a CPU preset id"));
  CHECK_THROWS_WITH(
      run(scenario("llama-3-8b", {{"accelerator", "epyc-9654"}, {"host", "ryzen-9-7950x"}},
                   Json::object())),
      Catch::StartsWith("hardware.host: must be absent when the accelerator is itself a CPU"));
  CHECK_THROWS_WITH(run(scenario("llama-3-8b", {{"accelerator", "m2-max"}, {"host", "epyc-9654"}},
                                 Json::object())),
                    Catch::StartsWith("hardware.host: must be absent for a unified-memory device"));
  CHECK_THROWS_WITH(
      run(scenario("llama-3-8b", {{"accelerator", "epyc-9654"}, {"count", 2}}, Json::object())),
      "hardware.count: must be 1 when the accelerator is a CPU, got 2");
  CHECK_THROWS_WITH(
      run(scenario("llama-3-8b", {{"accelerator", "rtx-4090"}},
                   llama_cpp("q4_k_m", {{"gpu_layers", 20}}))),
      "inference.gpu_layers: needs hardware.host (the CPU and RAM that hold what leaves the GPU), "
      "got 20");
  CHECK_THROWS_WITH(run(scenario("llama-3-8b", host, llama_cpp("q4_k_m", {{"gpu_layers", 99}}))),
                    "inference.gpu_layers: must be an integer in [0, 33] (the model's layers and "
                    "its output layer), got 99");
  CHECK_THROWS_WITH(
      run(scenario("llama-3-8b", host, llama_cpp("q4_k_m", {{"offload_experts", true}}))),
      "inference.offload_experts: applies to mixture-of-experts models only, got true");
  CHECK_THROWS_WITH(
      run(scenario("llama-3-8b", host, llama_cpp("q4_k_m", {{"cpu_offload_bytes", 1e9}}))),
      "inference.cpu_offload_bytes: applies to vllm and sglang (llama.cpp: gpu_layers), got "
      "1000000000.0");
  CHECK_THROWS_WITH(
      run(scenario("llama-3-8b", {{"accelerator", "ryzen-9-7950x"}}, {{"runtime", "vllm"}})),
      "inference.runtime: must be llama.cpp, ik_llama.cpp, ollama or generic when the accelerator "
      "is a "
      "CPU, got "
      "\"vllm\"");
  CHECK_THROWS_WITH(run(scenario("llama-3-8b",
                                 {{"accelerator", "rtx-4090"},
                                  {"host", {{"preset", "ryzen-9-7950x"}, {"host_link", "usb"}}}},
                                 Json::object())),
                    Catch::StartsWith("hardware.host.host_link: must be an interconnect id"));
}

TEST_CASE("a host: its RAM as given, else the CPU's maximum with a warning, the slower link") {
  const Json given =
      run(scenario("llama-3-8b", with_host("rtx-5090", "ryzen-9-7950x", 64), llama_cpp("q4_k_m")));
  CHECK(given["hardware"]["host"]["memory_bytes"].get<double>() == 64 * kGiB);
  // Both the RTX 5090 and AM5 are PCIe 5.0 x16.
  CHECK(given["hardware"]["host"]["host_link"]["id"] == "pcie5-x16");
  const Json assumed = run(scenario(
      "llama-3-8b", {{"accelerator", "rtx-5090"}, {"host", "core-i7-8700"}}, llama_cpp("q4_k_m")));
  CHECK(assumed["hardware"]["host"]["memory_bytes"].get<double>() == 128 * kGiB);
  CHECK(assumed["warnings"][0]["field"] == "hardware.host.memory_bytes");
  // A PCIe 5.0 x16 card in a PCIe 3.0 board: 3.0 x16, 16 GB/s each way; the RTX 5060 Ti has 8
  // lanes, so 3.0 x8.
  CHECK(assumed["hardware"]["host"]["host_link"]["bytes_per_s"].get<double>() == 16e9);
  const Json narrow = run(scenario("llama-3-8b", with_host("rtx-5060-ti-16gb", "core-i7-8700", 64),
                                   llama_cpp("q4_k_m")));
  CHECK(narrow["hardware"]["host"]["host_link"]["id"] == "pcie3-x8");
  CHECK(narrow["hardware"]["host"]["host_link"]["bytes_per_s"].get<double>() == 8e9);
  // A faster memory kit: bandwidth follows the transfer rate (128-bit bus x 6000 MT/s).
  const Json kit =
      run(scenario("llama-3-8b",
                   {{"accelerator", "rtx-4090"},
                    {"host", {{"preset", "ryzen-9-7950x"}, {"memory_mt_per_s", 6000}}}},
                   llama_cpp("q4_k_m")));
  CHECK(kit["hardware"]["host"]["memory_bandwidth_bytes_per_s"].get<double>() == 96e9);
}

TEST_CASE("layers off the GPU: what each side holds adds up to the model") {
  const Json r = run(scenario("llama-3-70b", with_host("rtx-4090", "ryzen-9-7950x", 64),
                              llama_cpp("q4_k_m", {{"gpu_layers", 40}})))["inference"];
  const Json& p = r["placement"];
  CHECK(p["verdict"] == "fits_with_offload");
  CHECK(p["gpu_layers"] == 40);
  CHECK(p["layers"] == 81);
  // Every weight is on one side: the GPU's part plus the host's is the model (one device).
  CHECK(p["per_device"]["weights_bytes"].get<double>() + p["host"]["weights_bytes"].get<double>() ==
        Approx(r["weights_bytes"].get<double>()).epsilon(1e-9));
  // -ngl 40 of 80 decoder layers: the first 40 and their KV cache stay on the host.
  CHECK(p["host"]["kv_cache_bytes"].get<double>() ==
        Approx(r["kv_cache_bytes"].get<double>() * 40.0 / 80.0).epsilon(1e-9));
  CHECK(r["host_bytes"].get<double>() == Approx(p["host_bytes"].get<double>()));
  CHECK(r["decode_step"]["host_s"].get<double>() > r["decode_step"]["memory_s"].get<double>());
  CHECK(r["decode_step"]["crossings"] == 2.0);  // into the GPU's layers, back for the output
}

TEST_CASE("without gpu_layers llama.cpp fits as many layers as it can") {
  const Json r = run(scenario("llama-3-70b", with_host("rtx-4090", "ryzen-9-7950x", 64),
                              llama_cpp("q4_k_m")))["inference"];
  const auto chosen = r["placement"]["gpu_layers"].get<int>();
  CHECK(chosen > 30);
  CHECK(chosen < 81);
  CHECK(r["placement"]["device_bytes"].get<double>() <=
        r["placement"]["device_usable_bytes"].get<double>());
  // One more layer would not fit.
  bool next_fits = true;
  for (const auto& point : r["speed_by_gpu_layers"]) {
    if (point["gpu_layers"] == chosen + 1) next_fits = point["verdict"] != "does_not_fit";
  }
  CHECK_FALSE(next_fits);
  CHECK(r["best_placement"]["gpu_layers"] == chosen);
  // Speed grows with every layer moved to the GPU, and stops where it no longer fits.
  double last = 0;
  for (const auto& point : r["speed_by_gpu_layers"]) {
    if (!point.contains("decode_tokens_per_s")) {
      CHECK(point["verdict"] == "does_not_fit");
      continue;
    }
    CHECK(point["decode_tokens_per_s"].get<double>() > last);
    last = point["decode_tokens_per_s"].get<double>();
  }
}

TEST_CASE("what does not fit says by how much, and gets no speed") {
  // No host: the GPU alone.
  const Json alone =
      run(scenario("llama-3-70b", {{"accelerator", "rtx-4090"}}, llama_cpp("q4_k_m")))["inference"];
  CHECK(alone["placement"]["verdict"] == "does_not_fit");
  CHECK(alone["placement"]["short_of"] == "device");
  CHECK(alone["placement"]["shortfall_bytes"].get<double>() ==
        Approx(alone["placement"]["device_bytes"].get<double>() -
               alone["placement"]["device_usable_bytes"].get<double>()));
  CHECK_FALSE(alone.contains("decode_tokens_per_s"));
  CHECK(alone["speed_unavailable"] == "does_not_fit");
  CHECK_FALSE(alone.contains("best_placement"));
  // A host too small for the rest.
  const Json small = run(scenario("llama-3-70b", with_host("rtx-4090", "ryzen-9-7950x", 16),
                                  llama_cpp("q4_k_m")))["inference"];
  CHECK(small["placement"]["verdict"] == "does_not_fit");
  CHECK(small["placement"]["short_of"] == "host");
  CHECK(small["placement"]["shortfall_bytes"].get<double>() ==
        Approx(small["host_bytes"].get<double>() - 16 * kGiB));
  CHECK_FALSE(small.contains("decode_tokens_per_s"));
  // Apple: beyond Metal's working-set share the model does not run on the GPU.
  const Json mac = run(scenario(
      "llama-2-13b", {{"accelerator", {{"preset", "m1-max"}, {"memory_bytes", 32 * kGiB}}}},
      llama_cpp("f16")))["inference"];
  CHECK(mac["placement"]["verdict"] == "does_not_fit");
  CHECK(mac["placement"]["working_set_limited"] == true);
  CHECK_FALSE(mac.contains("decode_tokens_per_s"));
}

TEST_CASE("MoE models keep attention on the GPU and move as few experts as fit") {
  const Json r = run(scenario("deepseek-v3", with_host("rtx-4090", "epyc-9654", 512),
                              llama_cpp("q4_k_m")))["inference"];
  const Json& p = r["placement"];
  CHECK(p["verdict"] == "fits_with_offload");
  CHECK(p["gpu_layers"] == 62);  // every layer and the output layer
  CHECK(p["moe_layers"] == 58);
  const auto experts = p["offload_experts"].get<int>();
  CHECK(experts > 0);
  CHECK(experts <= 58);
  // The routed experts the host holds are most of the model.
  CHECK(p["host"]["weights_bytes"].get<double>() > 0.9 * r["weights_bytes"].get<double>());
  CHECK(r["decode_step"]["crossings"] == 2.0 * experts);
  // Asked for all experts on the host: fewer bytes on the GPU, the rest as before.
  const Json all = run(scenario("deepseek-v3", with_host("rtx-4090", "epyc-9654", 512),
                                llama_cpp("q4_k_m", {{"offload_experts", true}})))["inference"];
  CHECK(all["placement"]["offload_experts"] == 58);
  CHECK(all["placement"]["device_bytes"].get<double>() < p["device_bytes"].get<double>());
}

TEST_CASE("vLLM's cpu_offload_gb streams its share over the link every step") {
  // 16 GB of FP16 weights do not fit vLLM's 0.9 of a 16 GB RTX 4080.
  const Json host = with_host("rtx-4080", "ryzen-9-7950x", 64);
  const Json none =
      run(scenario("llama-3-8b", host, {{"runtime", "vllm"}, {"weights", "fp16"}}))["inference"];
  CHECK(none["placement"]["verdict"] == "does_not_fit");
  // The best placement: the fewest whole GiB that fit.
  const double best = none["best_placement"]["cpu_offload_bytes"].get<double>();
  CHECK(best > 0);
  CHECK(std::fmod(best, kGiB) == 0);
  const Json offloaded = run(scenario(
      "llama-3-8b", host,
      {{"runtime", "vllm"}, {"weights", "fp16"}, {"cpu_offload_bytes", best}}))["inference"];
  CHECK(offloaded["placement"]["verdict"] == "fits_with_offload");
  CHECK(offloaded["host_bytes"].get<double>() == best);
  // Each step reads the offloaded bytes over PCIe 4.0 x16 at the link efficiency.
  const double link = 32e9 * offloaded["assumptions"]["link_efficiency"].get<double>();
  CHECK(offloaded["decode_step"]["link_s"].get<double>() == Approx(best / link));
}

TEST_CASE("a CPU as the only device: its RAM, bandwidth and vector peak") {
  const Json r = run(scenario(
      "llama-3-8b", {{"accelerator", {{"preset", "ryzen-9-7950x"}, {"memory_bytes", 32 * kGiB}}}},
      llama_cpp("q4_k_m")))["inference"];
  CHECK(r["placement"]["verdict"] == "fits_on_device");
  CHECK(r["device_usable_bytes"].get<double>() == 32 * kGiB);
  CHECK(r["overhead_bytes"] == 0.0);  // no CUDA context
  // The token embedding stays in the same RAM: it counts on the device.
  CHECK(r["per_device"]["weights_bytes"].get<double>() == Approx(r["weights_bytes"].get<double>()));
  CHECK(r["assumptions"]["compute_precision"] == "int8");  // k-quants multiply as INT8 dot products
  CHECK(r["assumptions"]["peak_flops_per_s"].get<double>() == 9.216e12);
  // Decode streams the weights at the host's efficiency of 83.2 GB/s (DDR5-5200, 2 channels).
  const double stream = r["decode_step"]["bytes"].get<double>() /
                        (83.2e9 * r["assumptions"]["memory_efficiency"].get<double>());
  CHECK(r["decode_step"]["memory_s"].get<double>() == Approx(stream));
}

TEST_CASE("the quantization table places each format and gives speeds only where it fits") {
  const Json r = run({{"model", "llama-3-70b"},
                      {"hardware", with_host("rtx-4090", "ryzen-9-7950x", 64)},
                      {"inference", llama_cpp("q4_k_m")},
                      {"quantization", {{"formats", {"q2_k", "q4_k_m", "f16"}}}}});
  const auto& options = r["quantization"]["options"];
  CHECK(options[0]["placement"] == "fits_with_offload");
  CHECK(options[1]["placement"] == "fits_with_offload");
  CHECK(options[1]["decode_tokens_per_s"].get<double>() ==
        Approx(r["inference"]["decode_tokens_per_s"].get<double>()));
  CHECK(options[2]["placement"] == "does_not_fit");  // 141 GB of f16 weights, 64 GiB of RAM
  CHECK_FALSE(options[2].contains("decode_tokens_per_s"));
}

namespace {

// DeepSeek-R1 (Q2_K, about 245 GB) on a CPU with 96 GiB of RAM, with and without a disk speed.
Json cpu_with_ram(double ram_gib, std::optional<double> disk) {
  Json hardware = {
      {"accelerator", {{"preset", "ryzen-9-7950x"}, {"memory_bytes", ram_gib * kGiB}}}};
  if (disk) hardware["disk_read_bytes_per_s"] = *disk;
  return hardware;
}

double decode_s(const Json& inference) {
  return 1.0 / inference["decode_tokens_per_s"].get<double>();
}

}  // namespace

TEST_CASE(
    "llama.cpp maps the file: with a disk speed, what RAM cannot hold is read from the disk") {
  const Json q2 = llama_cpp("q2_k", {{"prompt_tokens", 512}, {"output_tokens", 128}});
  const Json short_of_ram = run(scenario("deepseek-r1", cpu_with_ram(96, std::nullopt), q2));
  CHECK(short_of_ram["inference"]["placement"]["verdict"] == "does_not_fit");
  const Json streamed = run(scenario("deepseek-r1", cpu_with_ram(96, 7e9), q2))["inference"];
  const Json& placement = streamed["placement"];
  CHECK(placement["verdict"] == "streams_from_disk");
  CHECK(placement["disk_bytes"].get<double>() ==
        Approx(placement["shortfall_bytes"].get<double>()));
  // Every decode step reads its routed experts' missing share from the disk: RAM keeps the weights
  // every token reads (about 11 GB), and holds the same share of the 236 GB of experts as the
  // page cache does of them.
  const double expert_read = streamed["decode_step"]["disk_bytes"].get<double>();
  CHECK(expert_read > 1e9);
  CHECK(expert_read < 8e9);
  CHECK(streamed["decode_step"]["disk_s"].get<double>() == Approx(expert_read / 7e9));
  // Twice the disk speed: the disk's part halves, the rest stays.
  const Json faster = run(scenario("deepseek-r1", cpu_with_ram(96, 14e9), q2))["inference"];
  CHECK(decode_s(streamed) - decode_s(faster) == Approx(expert_read / 14e9).epsilon(1e-6));
  // More RAM holds more of the experts and reads less.
  const Json more_ram = run(scenario("deepseek-r1", cpu_with_ram(160, 7e9), q2))["inference"];
  CHECK(more_ram["decode_step"]["disk_bytes"].get<double>() < expert_read);
}

TEST_CASE("a dense model that does not fit in RAM reads all of it from the disk every step") {
  // The page cache evicts each page before a cyclic pass comes back to it: Llama-3-70B Q4_K_M
  // (42.5 GB) with 32 GiB of RAM reads every weight from a 7 GB/s disk each token (about 6 s).
  const Json q4 = llama_cpp("q4_k_m", {{"prompt_tokens", 512}, {"output_tokens", 128}});
  const Json r = run(scenario("llama-3-70b", cpu_with_ram(32, 7e9), q4))["inference"];
  CHECK(r["placement"]["verdict"] == "streams_from_disk");
  CHECK(r["decode_step"]["disk_bytes"].get<double>() ==
        Approx(r["weights_bytes"].get<double>()).epsilon(0.02));
  CHECK(decode_s(r) > 5.5);
  // The generic runtime stands for any, vLLM's too, which loads every weight into memory: it does
  // not fit however fast the disk.
  const Json generic = run(scenario("llama-3-70b", cpu_with_ram(32, 7e9),
                                    {{"runtime", "generic"}, {"weights", "q4_k_m"}}))["inference"];
  CHECK(generic["placement"]["verdict"] == "does_not_fit");
}

TEST_CASE("a GPU's host short of RAM streams the host's weights from the disk") {
  // Llama 4 Maverick (IQ2_M, 143 GiB) with 3 layers on an RTX 3090 and 64 GiB of RAM: the host
  // reads the routed experts RAM does not hold (r/LocalLLaMA, llama.cpp b5115: tg128 3.45 t/s on
  // an unnamed desktop; NVMe at 5-6 GiB/s).
  Json hardware = with_host("rtx-3090", "ryzen-9-7950x", 64);
  hardware["disk_read_bytes_per_s"] = 6.5e9;
  const Json result = run(scenario("llama-4-maverick-17b-128e", hardware,
                                   llama_cpp("iq2_m", {{"gpu_layers", 3},
                                                       {"checkpoint_weights_bytes", 143.06 * kGiB},
                                                       {"prompt_tokens", 512},
                                                       {"output_tokens", 128}})));
  const Json& r = result["inference"];
  CHECK(r["placement"]["verdict"] == "streams_from_disk");
  CHECK(r["placement"]["short_of"] == "host");
  CHECK(r["decode_tokens_per_s"].get<double>() == Approx(3.45).epsilon(0.6));
  // The disk's part is a term of its own in the speed's formula.
  const std::string formula = result["explain"]["inference.decode_tokens_per_s"]["formula"];
  CHECK(formula.find("{disk}") != std::string::npos);
}
