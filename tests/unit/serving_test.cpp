#include <catch2/catch.hpp>

#include "serving/portable_math.hpp"
#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

// One replica of Llama 3.1 8B on an H100 under vLLM, with the given serving section.
Json serve(const Json& serving, const Json& inference = Json::object()) {
  Json section = inference;
  if (!section.contains("runtime")) section["runtime"] = "vllm";
  return run({{"model", "llama-3.1-8b"},
              {"hardware", {{"accelerator", "h100-sxm"}, {"count", 1}}},
              {"inference", section},
              {"serving", serving}})["serving"];
}

}  // namespace

TEST_CASE("the portable logarithm, exponential and normal quantile match the library's") {
  for (const double x : {1e-300, 1e-9, 0.3, 1.0, 2.0, 10.0, 12345.678, 1e300}) {
    CHECK(llm_sizer::portable_log(x) == Approx(std::log(x)).epsilon(1e-14));
  }
  for (const double x : {-700.0, -5.0, -0.1, 0.0, 0.5, 3.0, 700.0}) {
    CHECK(llm_sizer::portable_exp(x) == Approx(std::exp(x)).epsilon(1e-14));
  }
  // Tables of the standard normal: z at 0.5, 0.9, 0.99 and 0.001.
  CHECK(llm_sizer::normal_quantile(0.5) == Approx(0.0).margin(1e-12));
  CHECK(llm_sizer::normal_quantile(0.9) == Approx(1.2815515655).epsilon(1e-8));
  CHECK(llm_sizer::normal_quantile(0.99) == Approx(2.3263478740).epsilon(1e-8));
  CHECK(llm_sizer::normal_quantile(0.001) == Approx(-3.0902323062).epsilon(1e-8));
}

TEST_CASE("a lone request at a low rate waits for nothing: its TTFT is its prefill") {
  // One request a minute: each finds the engine idle, so TTFT = the prompt's prefill plus the
  // engine's per-request cost, and every inter-token gap is one batch-1 decode step.
  const Json alone = serve({{"workload",
                             {{"requests_per_s", 1.0 / 60},
                              {"requests", 20},
                              {"prompt_tokens", 1000},
                              {"output_tokens", 100}}}});
  const Json single = run({{"model", "llama-3.1-8b"},
                           {"hardware", {{"accelerator", "h100-sxm"}}},
                           {"inference",
                            {{"runtime", "vllm"},
                             {"batch", 1},
                             {"prompt_tokens", 1000},
                             {"output_tokens", 100}}}})["inference"];
  CHECK(alone["queue_s_mean"].get<double>() == Approx(0.0).margin(1e-12));
  CHECK(alone["ttft_s"]["p99"].get<double>() ==
        Approx(single["ttft_s"].get<double>()).epsilon(0.05));
  CHECK(alone["itl_s"]["p50"].get<double>() ==
        Approx(1.0 / single["decode_tokens_per_s"].get<double>()).epsilon(0.05));
  CHECK(alone["mean_batch"].get<double>() == Approx(1.0));
  CHECK_FALSE(alone["overloaded"].get<bool>());
  // Its answer: the 99 tokens after the first, one batch-1 step each.
  CHECK(alone["decode_s_mean"].get<double>() ==
        Approx(99 / single["decode_tokens_per_s"].get<double>()).epsilon(0.05));
}

TEST_CASE("a mean request's queue, prefill, overhead and decode add up to its end-to-end latency") {
  const Json busy = serve({{"workload", {{"requests_per_s", 40}, {"requests", 400}}}});
  const double parts = busy["queue_s_mean"].get<double>() + busy["prefill_s_mean"].get<double>() +
                       busy["scheduler"]["request_overhead_s"].get<double>() +
                       busy["decode_s_mean"].get<double>();
  CHECK(busy["queue_s_mean"].get<double>() > 0);
  CHECK(parts == Approx(busy["e2e_latency_s"]["mean"].get<double>()).epsilon(1e-9));
}

TEST_CASE("a closed loop obeys Little's law: in flight = throughput x latency") {
  const Json loop = serve(
      {{"workload",
        {{"concurrency", 32}, {"requests", 640}, {"prompt_tokens", 512}, {"output_tokens", 256}}}});
  const double in_flight =
      loop["requests_per_s"].get<double>() * loop["e2e_latency_s"]["mean"].get<double>();
  // The last requests drain with fewer in flight, so the mean sits a little under 32.
  CHECK(in_flight == Approx(32).epsilon(0.06));
  CHECK(loop["peak_batch"].get<int>() == 32);
}

TEST_CASE("load raises latency: more requests per second, longer TTFT and TPOT, then overload") {
  double last_ttft = 0;
  double last_tpot = 0;
  for (const double rate : {1.0, 5.0, 10.0}) {
    const Json s = serve({{"workload",
                           {{"requests_per_s", rate},
                            {"requests", 400},
                            {"prompt_tokens", 2000},
                            {"output_tokens", 300}}}});
    INFO(rate);
    CHECK(s["ttft_s"]["p50"].get<double>() > last_ttft);
    CHECK(s["tpot_s"]["p50"].get<double>() > last_tpot);
    CHECK_FALSE(s["overloaded"].get<bool>());
    last_ttft = s["ttft_s"]["p50"].get<double>();
    last_tpot = s["tpot_s"]["p50"].get<double>();
  }
  const Json flooded = serve({{"workload",
                               {{"requests_per_s", 1000},
                                {"requests", 2000},
                                {"prompt_tokens", 2000},
                                {"output_tokens", 300}}}});
  CHECK(flooded["overloaded"].get<bool>());
}

TEST_CASE("a pool too small for the batch preempts under vLLM and never under TensorRT-LLM") {
  // 2 GB of KV cache (about 16k tokens of Llama 3.1 8B in fp16) for 64 requests of 2,300 tokens.
  const Json workload = {
      {"workload", {{"requests", 64}, {"prompt_tokens", 300}, {"output_tokens", 2000}}}};
  const Json tight = {{"gpu_memory_fraction", 0.25}};
  Json vllm = tight;
  vllm["runtime"] = "vllm";
  Json trt = tight;
  trt["runtime"] = "tensorrt-llm";
  const Json on_demand = serve(workload, vllm);
  const Json reserved = serve(workload, trt);
  CHECK(on_demand["preemptions"].get<int>() > 0);
  CHECK(reserved["preemptions"].get<int>() == 0);
  CHECK(on_demand["served"].get<int>() == 64);
  CHECK(reserved["served"].get<int>() == 64);
  // Reserving the whole answer up front holds fewer sequences at once.
  CHECK(reserved["peak_batch"].get<double>() < on_demand["peak_batch"].get<double>());
}

TEST_CASE("replicas split the traffic and add their throughput") {
  const Json one = run({{"model", "llama-3.1-8b"},
                        {"hardware", {{"count", 1}}},
                        {"serving", {{"workload", {{"requests", 500}}}}}})["serving"];
  const Json four = run({{"model", "llama-3.1-8b"},
                         {"hardware", {{"count", 4}}},
                         {"inference", {{"tp", 1}}},
                         {"serving", {{"workload", {{"requests", 2000}}}}}})["serving"];
  CHECK(four["replicas"] == 4);
  CHECK(four["gpus"] == 4);
  CHECK(four["output_tokens_per_s"].get<double>() ==
        Approx(4 * one["output_tokens_per_s"].get<double>()).epsilon(1e-9));
  CHECK(four["output_tokens_per_s_per_gpu"].get<double>() ==
        Approx(one["output_tokens_per_s_per_gpu"].get<double>()).epsilon(1e-9));
}

TEST_CASE("the prefix cache saves prefill: a 90% hit ratio cuts TTFT at moderate load") {
  const Json base = {
      {"requests_per_s", 4}, {"requests", 200}, {"prompt_tokens", 8000}, {"output_tokens", 100}};
  Json cached = base;
  cached["prefix_hit_ratio"] = 0.9;
  const Json cold = serve({{"workload", base}});
  const Json warm = serve({{"workload", cached}});
  CHECK(warm["prefill_s_mean"].get<double>() < 0.3 * cold["prefill_s_mean"].get<double>());
}

TEST_CASE("latency targets give goodput: the share of requests meeting both") {
  const Json s = serve({{"workload", {{"requests_per_s", 20}, {"requests", 300}}},
                        {"targets", {{"ttft_p99_s", 1e-4}, {"tpot_p99_s", 10}}}});
  // No prefill takes under 0.1 ms, so no request meets the TTFT target.
  CHECK(s["met_targets_fraction"].get<double>() == 0);
  CHECK(s["goodput_requests_per_s"].get<double>() == 0);
  const Json loose = serve({{"workload", {{"requests_per_s", 20}, {"requests", 300}}},
                            {"targets", {{"ttft_p99_s", 60}, {"tpot_p99_s", 10}}}});
  CHECK(loose["met_targets_fraction"].get<double>() == 1);
  CHECK(loose["goodput_requests_per_s"].get<double>() ==
        Approx(loose["requests_per_s"].get<double>()));
}

TEST_CASE("log-normal lengths keep their mean and their 99th percentile") {
  // The simulated requests' mean output is the given mean, within the rounding of quantiles.
  const Json s = serve({{"workload",
                         {{"requests", 4000},
                          {"output_tokens", 300},
                          {"output_tokens_p99", 2000},
                          {"prompt_tokens", 100}}}});
  const double output_per_request =
      s["output_tokens_per_s"].get<double>() / s["requests_per_s"].get<double>();
  CHECK(output_per_request == Approx(300).epsilon(0.02));
}

TEST_CASE("a request longer than the whole pool is refused with a warning, not served") {
  const Json result = run(
      {{"model", "llama-3.1-8b"},
       {"hardware", {{"accelerator", "rtx-4090"}}},
       {"inference", {{"runtime", "vllm"}, {"gpu_memory_fraction", 0.75}}},
       {"serving",
        {{"workload", {{"requests", 10}, {"prompt_tokens", 100000}, {"output_tokens", 1000}}}}}});
  CHECK(result["serving"]["served"] == 0);
  bool warned = false;
  for (const auto& w : result["warnings"]) warned |= w["code"] == "warning.serving_rejected";
  CHECK(warned);
}

TEST_CASE(
    "speculative decoding: tokens per step from the acceptance rate, gains that fade with batch") {
  const auto spec = [](int64_t batch, const Json& speculative) {
    return run({{"model", "llama-3.1-70b"},
                {"hardware", {{"accelerator", "h100-sxm"}, {"count", 2}}},
                {"inference",
                 {{"weights", "fp8"},
                  {"batch", batch},
                  {"context_tokens", 2048},
                  {"speculative", speculative}}}})["inference"]["speculative"];
  };
  const Json draft = {{"draft_model", "llama-3.2-1b"}, {"acceptance_rate", 0.7}};
  const Json one = spec(1, draft);
  // Leviathan et al. 2023, equation 1: (1 - 0.7^5) / (1 - 0.7) with 4 drafted tokens.
  CHECK(one["tokens_per_step"].get<double>() == Approx(2.7731).epsilon(1e-9));
  // Memory-bound at batch 1: verifying 5 tokens costs about one step, so the gain is most of the
  // 2.77 tokens, less the draft's 4 steps.
  CHECK(one["speedup"].get<double>() > 2.0);
  CHECK(one["speedup"].get<double>() < one["tokens_per_step"].get<double>());
  const Json wide = spec(64, draft);
  CHECK(wide["speedup"].get<double>() < one["speedup"].get<double>());
  // Compute-bound batches pay for every drafted token: speculation slows them down.
  CHECK(wide["speedup_by_batch"].back()["speedup"].get<double>() < 1.0);
  // Llama 3.2 1B in fp8 over the 2 GPUs: 0.97e9 matrix parameters at 1 byte, its tied 128,256 x
  // 2,048 embedding kept in bf16 (Meta's model card: 1.24e9 parameters).
  CHECK(one["draft_weights_bytes"].get<double>() ==
        Approx((0.974e9 + 2 * 128256.0 * 2048) / 2).epsilon(0.01));
  // A surer draft yields more tokens per step.
  const Json sure = spec(1, {{"draft_model", "llama-3.2-1b"}, {"acceptance_rate", 0.9}});
  CHECK(sure["speedup"].get<double>() > one["speedup"].get<double>());
}

TEST_CASE("speculative decoding refuses a method the model cannot run") {
  const auto refused = [](const Json& speculative, const std::string& field) {
    CHECK_THROWS_WITH(
        run({{"model", "llama-3.1-8b"}, {"inference", {{"speculative", speculative}}}}),
        Catch::StartsWith(field + ": "));
  };
  refused({{"method", "mtp"}}, "inference.speculative.method");
  refused({{"method", "draft_model"}}, "inference.speculative.draft_model");
  refused({{"method", "eagle"}, {"draft_model", "llama-3.2-1b"}},
          "inference.speculative.draft_model");
  refused({{"draft_model", "no-such-model"}}, "inference.speculative.draft_model");
  refused({{"method", "eagle"}, {"acceptance_rate", 1}}, "inference.speculative.acceptance_rate");
  refused({{"method", "eagle"}, {"draft_tokens", 0}}, "inference.speculative.draft_tokens");
  // DeepSeek-V3 has its MTP module.
  CHECK(
      run({{"model", "deepseek-v3"},
           {"hardware", {{"accelerator", "h200"}, {"count", 8}}},
           {"inference",
            {{"weights", "fp8"},
             {"speculative", {{"method", "mtp"}}}}}})["inference"]["speculative"]["tokens_per_step"]
          .get<double>() == Approx(1.7));
}

TEST_CASE("at a large batch the KV cache reads add to compute-bound matmuls, not hide under them") {
  // Llama 3.1 8B in FP8 on an H100, 512 sequences at 1,024 tokens of context: the weight matmuls
  // are compute-bound, the attention kernels read 34 GB of FP8 KV cache.
  const Json r = run({{"model", "llama-3.1-8b"},
                      {"hardware", {{"accelerator", "h100-sxm"}, {"count", 1}}},
                      {"inference",
                       {{"runtime", "vllm"},
                        {"weights", "fp8"},
                        {"kv_cache", "fp8"},
                        {"batch", 512},
                        {"context_tokens", 1536},
                        {"prompt_tokens", 512},
                        {"output_tokens", 1024}}}})["inference"];
  const Json& d = r["decode_step"];
  const double attention_memory = d["attention_memory_s"].get<double>();
  const double attention_compute = d["attention_compute_s"].get<double>();
  const double matmul_memory = d["memory_s"].get<double>() - attention_memory;
  const double matmul_compute = d["compute_s"].get<double>() - attention_compute;
  CHECK(matmul_compute > matmul_memory);
  CHECK(attention_memory > attention_compute);
  // 32 layers x 8 KV heads x 128 x 2 (keys, values) x 1 byte x 1,024 tokens x 512 sequences.
  CHECK(attention_memory * 3.35e12 * r["assumptions"]["memory_efficiency"].get<double>() ==
        Approx(32.0 * 8 * 128 * 2 * 1024 * 512).epsilon(0.01));
  const double step = 1.0 / r["decode_tokens_per_s"].get<double>();
  const double rest = d["fixed_s"].get<double>() + d["allreduce_s"].get<double>();
  CHECK(step == Approx(matmul_compute + attention_memory + rest).epsilon(1e-9));
  CHECK(step > std::max(d["memory_s"].get<double>(), d["compute_s"].get<double>()) + rest);
}

TEST_CASE(
    "a burst of a few dozen requests is measured as a benchmark client does: all it got over "
    "its duration") {
  // 50 prompts at 10 per second last 5 s, a tenth of one request's minute-long lifetime: there
  // is no steady state to measure, so throughput is every output token over the whole run.
  const Json burst = serve({{"workload",
                             {{"requests_per_s", 10},
                              {"requests", 50},
                              {"prompt_tokens", 1000},
                              {"output_tokens", 2000}}}});
  const double whole = 50.0 * 2000 / burst["duration_s"].get<double>();
  CHECK(burst["output_tokens_per_s"].get<double>() == Approx(whole).epsilon(1e-12));
  // A long run at the same rate reaches its steady state and is measured over its window.
  const Json steady = serve({{"workload",
                              {{"requests_per_s", 2},
                               {"requests", 2000},
                               {"prompt_tokens", 200},
                               {"output_tokens", 100}}}});
  CHECK(steady["output_tokens_per_s"].get<double>() == Approx(2.0 * 100).epsilon(0.05));
  CHECK(steady["output_tokens_per_s"].get<double>() !=
        Approx(2000.0 * 100 / steady["duration_s"].get<double>()).epsilon(1e-9));
}
