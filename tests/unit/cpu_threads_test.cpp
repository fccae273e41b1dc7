// llama.cpp on a CPU by its thread count (inference/host_efficiency.cpp): the bandwidth the threads
// read, the barriers between them, the routed experts run one by one, and the -t that realises it.
// Speeds are checked against published llama-bench figures, with their sources.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"

using Catch::Contains;
using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

Json cpu_only(const std::string& model, const Json& cpu, const std::string& weights,
              Json extra = Json::object()) {
  Json inference = {{"runtime", "llama.cpp"}, {"weights", weights},
                    {"prompt_tokens", 1},     {"output_tokens", 128},
                    {"context_tokens", 512},  {"allow_long_context", true}};
  inference.update(extra);
  return {{"model", model}, {"hardware", {{"accelerator", cpu}}}, {"inference", inference}};
}

double decode(const Json& scenario) {
  return run(scenario)["inference"]["decode_tokens_per_s"].get<double>();
}

}  // namespace

TEST_CASE("a Graviton3's decode grows with its threads until the memory binds, as published") {
  // llama.cpp PR 8002, a 64-core Graviton3, 7B Q8_0 with -t 4 ... 48 (master column).
  const auto at = [](int threads) {
    return decode(cpu_only("llama-2-7b", "graviton3", "q8_0", {{"threads", threads}}));
  };
  CHECK(at(4) == Approx(6.2).epsilon(0.2));
  CHECK(at(8) == Approx(11.75).epsilon(0.2));
  CHECK(at(16) == Approx(20.94).epsilon(0.2));
  CHECK(at(48) == Approx(26.26).epsilon(0.2));
  // Four threads read twice what two do; past the memory's share more only add barriers.
  CHECK(at(4) == Approx(2 * at(2)).epsilon(0.05));
  CHECK(at(64) < at(32));
}

TEST_CASE("192 threads pay for their barriers: a 3B model on an AmpereOne, a 70B beside it") {
  // geerlingguy/ai-benchmarks, AmpereOne A192-32X, Ollama's defaults (192 threads), Q4_K_M:
  // the small model's speed is mostly barriers, the large one's mostly bytes.
  CHECK(decode(cpu_only("llama-3.2-3b", "ampereone-a192-32x", "q4_k_m")) ==
        Approx(23.52).epsilon(0.3));
  CHECK(decode(cpu_only("llama-3.1-70b", "ampereone-a192-32x", "q4_k_m")) ==
        Approx(3.86).epsilon(0.15));
}

TEST_CASE("routed experts run one by one on a CPU: Qwen3-30B-A3B on a Ryzen 9 7950X") {
  // ik_llama.cpp discussion 357: mainline llama.cpp, 16 threads, IQ4_XS experts, tg128 25.26 t/s.
  const Json scenario =
      cpu_only("qwen3-30b-a3b", "ryzen-9-7950x", "iq4_xs", {{"kv_cache", "q8_0"}});
  CHECK(decode(scenario) == Approx(25.26).epsilon(0.15));
  const Json result = run(scenario);
  CHECK(result["inference"]["assumptions"]["threads"] == 16);
}

TEST_CASE("the threads go into the command, one per physical core unless the scenario sets them") {
  const Json defaults = run(cpu_only("phi-4", "epyc-9554", "q4_k_m"));
  CHECK(defaults["inference"]["assumptions"]["threads"] == 64);
  CHECK_THAT(defaults["inference"]["command"]["run"].get<std::string>(), Contains(" -t 64"));
  const Json set = run(cpu_only("phi-4", "epyc-9554", "q4_k_m", {{"threads", 24}}));
  CHECK(set["inference"]["assumptions"]["threads"] == 24);
  CHECK_THAT(set["inference"]["command"]["run"].get<std::string>(), Contains(" -t 24"));
  // More threads than cores read no more, and their barriers cost more.
  CHECK(decode(cpu_only("phi-4", "epyc-9554", "q4_k_m", {{"threads", 128}})) <
        defaults["inference"]["decode_tokens_per_s"].get<double>());
}

TEST_CASE("a Threadripper's four core dies, not its eight channels, cap what it reads") {
  // ik_llama.cpp PR 534: Kimi-Dev-72B (Qwen2.5-72B) Q4_0 on a Threadripper PRO 7965WX, 24 threads,
  // 4.74 t/s: 194 GB/s, where its DDR5 channels give 333 GB/s and its four CCD links 256.
  CHECK(decode(cpu_only("qwen2.5-72b", "threadripper-pro-7965wx", "q4_0", {{"threads", 24}})) ==
        Approx(4.74).epsilon(0.15));
  // With as many core dies as a large EPYC the channels alone cap it, and it reads more.
  const Json mesh = cpu_only("qwen2.5-72b", {{"preset", "threadripper-pro-7965wx"}, {"ccds", 64}},
                             "q4_0", {{"threads", 24}});
  CHECK(decode(mesh) > 1.15 * 4.74);
}

namespace {

double prefill(const std::string& model, const Json& cpu, const std::string& weights,
               Json extra = Json::object()) {
  Json scenario = cpu_only(model, cpu, weights, extra);
  scenario["inference"]["prompt_tokens"] = extra.value("prompt_tokens", 512);
  scenario["inference"]["output_tokens"] = 1;
  scenario["inference"]["context_tokens"] = 1024;
  return run(scenario)["inference"]["prefill_tokens_per_s"].get<double>();
}

}  // namespace

TEST_CASE(
    "a prefill's routed experts pass their bytes token by token: Llama 4 Maverick, Q4 and Q8") {
  // website-7t7.pages.dev, EPYC 9175F, 14 threads, an 819-token prompt: Q4_K_M 68.4 t/s and
  // Q8_0, 1.75x the bytes, 52.4. A matmul-rate model has Q8_0 the faster (its kernels are).
  const Json threads = {{"threads", 14}, {"prompt_tokens", 819}};
  const Json cpu = {{"preset", "epyc-9175f"}, {"memory_bytes", 824633720832.0}};
  const double q4 = prefill("llama-4-maverick-17b-128e", cpu, "q4_k_m", threads);
  const double q8 = prefill("llama-4-maverick-17b-128e", cpu, "q8_0", threads);
  CHECK(q4 == Approx(68.4).epsilon(0.2));
  CHECK(q8 == Approx(52.4).epsilon(0.2));
  CHECK(q8 < q4);
  // Small experts pay per token and expert: Qwen3-30B-A3B on a 7950X (discussion 357, 141.8 t/s),
  // and the explanation names the experts' part.
  CHECK(prefill("qwen3-30b-a3b", "ryzen-9-7950x", "iq4_xs", {{"kv_cache", "q8_0"}}) ==
        Approx(141.84).epsilon(0.2));
  const Json result = run(cpu_only("qwen3-30b-a3b", "ryzen-9-7950x", "iq4_xs"));
  const std::string formula = result["explain"]["inference.prefill_s"]["formula"];
  CHECK_THAT(formula, Contains("{expert_bytes} / {expert_rate}"));
  CHECK_THAT(formula, Contains("{expert_dispatch}"));
}

TEST_CASE("Arm cores prefill at a share of their FMA peak, not of their INT8 matrix peak") {
  // Ampere's llama.cpp b3615 figures, AmpereOne A192-32X, Llama-3-8B pp128: Q8_0 151.7 t/s,
  // Q4_K_M 132.6; its i8mm peak is 8x its FP32 FMA peak, which a vector-peak model would take.
  const Json pp128 = {{"prompt_tokens", 128}};
  CHECK(prefill("llama-3-8b", "ampereone-a192-32x", "q8_0", pp128) == Approx(151.7).epsilon(0.2));
  CHECK(prefill("llama-3-8b", "ampereone-a192-32x", "q4_k_m", pp128) == Approx(132.6).epsilon(0.2));
  // Graviton4, 96 threads, Llama-3.2-3B pp512: Q8_0 368.4 t/s.
  CHECK(prefill("llama-3.2-3b", "graviton4", "q8_0", {{"threads", 96}}) ==
        Approx(368.4).epsilon(0.2));
}

TEST_CASE("CPU matmuls run at the boost clock, Intel Xeon cores under AVX-512 at their base clock") {
  // ik_llama.cpp issue 437: a Xeon 8480 engineering sample, 52 threads, Llama-3.1-8B Q4_K_M pp512
  // 228.2 t/s; its vector peak at the 3.8 GHz boost would make it 1.9x that.
  const Json pp512_52 = {{"threads", 52}};
  CHECK(prefill("llama-3.1-8b", "xeon-platinum-8480plus", "q4_k_m", pp512_52) ==
        Approx(228.18).epsilon(0.2));
  // A laptop's Zen 4 (Ryzen 7 8840U, 3.3 GHz base, 5.1 boost) prefills Llama-3.1-8B Q4_K_M at
  // 49.75 t/s (normiebench, LPDDR5X-6400).
  const Json laptop = {
      {"preset", "ryzen-7-8840u"}, {"memory_bytes", 34359738368.0}, {"memory_mt_per_s", 6400}};
  const double zen = prefill("llama-3.1-8b", laptop, "q4_k_m");
  CHECK(zen == Approx(49.75).epsilon(0.2));
  // The clock is the boost clock's: halfway to the base clock the rate falls with it; a Xeon's
  // stays at its base clock's whatever its boost.
  Json slower = laptop;
  slower["boost_clock_hz"] = 4.2e9;
  CHECK(prefill("llama-3.1-8b", slower, "q4_k_m") < 0.9 * zen);
  const Json xeon_boost = {{"preset", "xeon-platinum-8480plus"}, {"boost_clock_hz", 2.4e9}};
  CHECK(prefill("llama-3.1-8b", xeon_boost, "q4_k_m", pp512_52) ==
        Approx(prefill("llama-3.1-8b", "xeon-platinum-8480plus", "q4_k_m", pp512_52)));
}
