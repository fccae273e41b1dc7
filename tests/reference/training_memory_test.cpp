// Per-GPU model-state memory against ZeRO's figures, Hugging Face's bytes-per-parameter table and
// DeepSpeed's offload sizing.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::train;

namespace {

double model_states(const Json& training) {
  const Json& m = training["memory"];
  return m["weights_bytes"].get<double>() + m["gradients_bytes"].get<double>() +
         m["optimizer_bytes"].get<double>();
}

double params_of(const Json& model) {
  return llm_sizer::test::model_result(model)["params_total"].get<double>();
}

}  // namespace

TEST_CASE("ZeRO Figure 1: 7.5B parameters on 64 GPUs, 120 -> 31.4 -> 16.6 -> 1.9 GB") {
  // Rajbhandari et al. 2020, Figure 1 and section 5: Psi = 7.5B, K = 12 (mixed-precision Adam),
  // Nd = 64; model states per GPU for baseline data parallelism and ZeRO stages 1, 2, 3 (GB =
  // 1e9 bytes). The model is the 7.5B row of Narayanan et al. 2021, Table 1 (hidden 4096, 36
  // layers, 32 heads, vocabulary 51200): 7.47B parameters.
  const Json model = {{"model_type", "gpt2"}, {"n_embd", 4096},      {"n_layer", 36},
                      {"n_head", 32},         {"vocab_size", 51200}, {"n_positions", 2048}};
  const double published[] = {120e9, 31.4e9, 16.6e9, 1.9e9};
  for (int stage = 0; stage <= 3; ++stage) {
    INFO("stage " << stage);
    const auto t = train(model, "a100-80gb-sxm", 64, {{"zero_stage", stage}});
    CHECK(model_states(t) == Approx(published[stage]).epsilon(0.02));
  }
}

TEST_CASE("ZeRO section 3.1: GPT-2 1.5B needs at least 24 GB of model states") {
  // "For a model such as GPT-2 with 1.5 Billion parameters, this leads to a memory requirement
  // of at least 24 GB ... the meager 3 GB of memory required to hold the fp16 parameters alone."
  // GPT-2 XL has 1.56B parameters.
  const auto t = train("gpt2-xl", "a100-80gb-sxm", 1, Json::object());
  CHECK(model_states(t) >= 24e9);
  CHECK(model_states(t) == Approx(24e9).epsilon(0.05));
  CHECK(t["memory"]["weights_bytes"].get<double>() == Approx(3e9).epsilon(0.05));
}

TEST_CASE("Hugging Face's bytes per parameter for weights and optimizer states") {
  // Hugging Face, Model training anatomy, "Anatomy of Model's Memory": fp32 weights 4 bytes,
  // mixed-precision weights 6 (fp16 + fp32 copy), AdamW 8, 8-bit AdamW 2, SGD with momentum 4.
  // Efficient training on a single GPU, "Optimizer choice": Adafactor "slightly more than 4
  // bytes for each parameter" (with the fp32 copy a mixed-precision optimizer keeps).
  const std::string model = "llama-3.2-1b";
  const double n = params_of(model);
  const auto per_param = [&](const Json& section, const char* part) {
    return train(model, "a100-80gb-sxm", 1, section)["memory"][part].get<double>() / n;
  };
  CHECK(per_param({{"precision", "fp32"}}, "weights_bytes") == 4);
  CHECK(per_param({{"precision", "fp32"}}, "optimizer_bytes") == 8);
  CHECK(per_param({{"precision", "fp32"}, {"optimizer", "sgd_momentum"}}, "optimizer_bytes") == 4);
  CHECK(per_param({{"precision", "fp32"}, {"optimizer", "adamw_8bit"}}, "optimizer_bytes") ==
        Approx(2).epsilon(0.01));
  const auto mixed = train(model, "a100-80gb-sxm", 1, Json::object());
  const double master = mixed["assumptions"]["bytes_per_param"]["master_weights"].get<double>();
  CHECK(mixed["memory"]["weights_bytes"].get<double>() / n + master == 6);
  const double adafactor = per_param({{"optimizer", "adafactor"}}, "optimizer_bytes");
  CHECK(adafactor > 4);
  CHECK(adafactor < 4.1);
}

TEST_CASE("DeepSpeed ZeRO-Offload: 2 bytes per parameter on the GPU, 16 or 18 on the CPU") {
  // DeepSpeed documentation, Memory Requirements: ZeRO-2 with the optimizer offloaded keeps
  // 2 x params on the GPU and params x 16 on the CPU across the node (x 1.5 headroom); ZeRO-3
  // with parameters offloaded too keeps the largest layer (4 x its params) on the GPU and
  // params x 18 on the CPU (t5-3b, 8 GPUs: 2851e6 x 18 x 1.5 = 76.98e9 bytes, printed 71.69GB).
  const std::string model = "llama-3.2-1b";
  const double n = params_of(model);
  const auto zero2 =
      train(model, "a100-80gb-sxm", 8, {{"zero_stage", 2}, {"offload", "optimizer"}});
  CHECK(model_states(zero2) / n == 2);
  CHECK(zero2["cpu_offload_bytes"].get<double>() * 8 / n == 16);
  const auto zero3 =
      train(model, "a100-80gb-sxm", 8, {{"zero_stage", 3}, {"offload", "optimizer_and_params"}});
  CHECK(model_states(zero3) == 0);
  CHECK(zero3["cpu_offload_bytes"].get<double>() * 8 / n == 18);
  // The largest tensor of Llama 3.2 1B is its 128256 x 2048 embedding.
  CHECK(zero3["memory"]["buffers_bytes"].get<double>() == 4.0 * 128256 * 2048);
}
