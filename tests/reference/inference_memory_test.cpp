// Whole-footprint checks against rules of thumb. The runtime logs (llama.cpp, vLLM, SGLang,
// TensorRT-LLM) are reference rows: data/measurements/inference-memory.json.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using llm_sizer::test::run;

TEST_CASE("the seeds' rule of thumb: a 70B model in fp16 needs more than 140 GB") {
  // Seed article (Chinese), "显存容量限制": FP16 needs ~2 GB per billion parameters, so a 70B model
  // needs more than 140 GB once the KV cache and activations are added.
  const auto r = run({{"model", "llama-3-70b"}, {"inference", {{"weights", "fp16"}}}})["inference"];
  CHECK(r["weights_bytes"].get<double>() == Approx(70.55e9 * 2).epsilon(0.001));
  CHECK(r["memory_total_bytes"].get<double>() > 140e9);
}

TEST_CASE("the seeds' Llama-2-7B quantization table: memory within 10%") {
  // Seed article (Chinese), section 3.2, 量化压缩实践 on Llama-2-7B: FP16 14.5 GB, GPTQ 4-bit 5.8
  // GB, AWQ 4-bit 6.2 GB, SmoothQuant 8-bit 9.1 GB of GPU memory. The article names neither context
  // nor runtime; we read it as one sequence of 2048 tokens (the max_length and AutoAWQ
  // max_seq_len defaults of the time) on a generic PyTorch-style runtime, and GB as 10^9 bytes.
  const auto footprint = [](const char* weights) {
    return run({{"model", "llama-2-7b"},
                {"hardware", {{"accelerator", "a100-80gb-sxm"}}},
                {"inference",
                 {{"weights", weights},
                  {"context_tokens", 2048}}}})["inference"]["memory_per_device_bytes"]
        .get<double>();
  };
  CHECK(footprint("fp16") == Approx(14.5e9).epsilon(0.10));
  CHECK(footprint("gptq-4bit-g128") == Approx(5.8e9).epsilon(0.10));
  CHECK(footprint("w8a8") == Approx(9.1e9).epsilon(0.10));
  // AWQ g128 stores what GPTQ g128 stores (AutoAWQ WQLinear_GEMM vs AutoGPTQ QuantLinear: 4 bits
  // plus fp16 scales and packed zeros per 128 inputs), yet the article lists 0.4 GB more: runtime
  // state it does not describe (AutoAWQ's fused modules pre-allocate their own KV cache). We
  // check it within 12%, and that the two 4-bit formats are the same size.
  CHECK(footprint("awq-4bit-g128") == Approx(6.2e9).epsilon(0.12));
  CHECK(footprint("awq-4bit-g128") == Approx(footprint("gptq-4bit-g128")).epsilon(0.01));
  CHECK(footprint("gptq-4bit-g128") < footprint("w8a8"));
  CHECK(footprint("w8a8") < footprint("fp16"));
}
