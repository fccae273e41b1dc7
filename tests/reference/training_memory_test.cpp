// Per-GPU model-state memory: DeepSpeed's offload sizing rules and Adafactor's bound. ZeRO's
// figures and Hugging Face's bytes per parameter are reference rows (training-memory.json).
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

TEST_CASE("Adafactor: slightly more than 4 bytes per parameter") {
  // Hugging Face, Efficient training on a single GPU, "Optimizer choice": Adafactor "slightly more
  // than 4 bytes for each parameter" (with the fp32 copy a mixed-precision optimizer keeps). The
  // page's other bytes per parameter are reference rows (hf-bytes-* in training-memory.json).
  const std::string model = "llama-3.2-1b";
  const auto t = train(model, "a100-80gb-sxm", 1, {{"optimizer", "adafactor"}});
  const double adafactor = t["memory"]["optimizer_bytes"].get<double>() / params_of(model);
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
