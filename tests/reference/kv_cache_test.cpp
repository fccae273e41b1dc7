// KV-cache sizes against published figures and the architectures' own papers.
#include <catch2/catch.hpp>

#include "test_support.hpp"
#include "units.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;
using llm_sizer::units::GiB;

namespace {

Json inference(const std::string& model, Json section) {
  return run({{"model", model}, {"inference", std::move(section)}})["inference"];
}

}  // namespace

TEST_CASE("Llama-2-70B (GQA, 8 KV heads): 1.25 GiB per 4096-token sequence in fp16") {
  // 80 layers x 2 x 8 KV heads x 128 x 2 bytes x 4096 tokens (Touvron et al. 2023, Llama 2,
  // section 2.2 and Table 1: GQA for 34B/70B).
  const auto r = inference("llama-2-70b", {{"context_tokens", 4096}, {"kv_cache", "fp16"}});
  CHECK(r["kv_cache_bytes"].get<double>() == 1.25 * GiB);
}

TEST_CASE("Llama-2-7B (MHA): 2 GiB per 4096-token sequence in fp16") {
  const auto r = inference("llama-2-7b", {{"context_tokens", 4096}});
  CHECK(r["kv_cache_bytes"].get<double>() == 2.0 * GiB);
  CHECK(r["kv_bytes_per_token"].get<double>() == 524288);
}

TEST_CASE("DeepSeek-V3 caches the MLA latent: 576 elements per layer and token") {
  // DeepSeek-V2 paper section 2.1.2 / Table 1: (d_c + d_h^R) = 512 + 64 elements per token and
  // layer; DeepSeek-V3 has 61 layers. vLLM's MLAAttentionSpec stores exactly this.
  const auto r = inference("deepseek-v3", {{"context_tokens", 4096}, {"weights", "fp8"}});
  CHECK(r["kv_bytes_per_token"].get<double>() == 61.0 * 576 * 2);
}

TEST_CASE("Gemma 2: sliding-window layers stop growing at the window") {
  // Gemma Team 2024, Gemma 2 (arXiv:2408.00118) section 2: local sliding-window attention with a
  // 4096-token window alternates with global attention. Gemma-2-9B: 42 layers, 8 KV heads of 256.
  const double per_layer_token = 2.0 * 8 * 256 * 2;
  const auto r = inference("gemma-2-9b", {{"context_tokens", 8192}});
  const double expected = 21 * per_layer_token * 8192 + 21 * per_layer_token * 4096;
  CHECK(r["kv_cache_bytes"].get<double>() == expected);
}

TEST_CASE("KV quantization: q8_0 is 34 bytes and q4_0 18 bytes per 32 elements") {
  // ggml-common.h: block_q8_0 = fp16 scale + 32 int8; block_q4_0 = fp16 scale + 16 bytes.
  const auto f16 = inference("llama-3-8b", {{"context_tokens", 8192}, {"kv_cache", "f16"}});
  const auto q8 = inference("llama-3-8b", {{"context_tokens", 8192}, {"kv_cache", "q8_0"}});
  const auto q4 = inference("llama-3-8b", {{"context_tokens", 8192}, {"kv_cache", "q4_0"}});
  CHECK(q8["kv_cache_bytes"].get<double>() ==
        Approx(f16["kv_cache_bytes"].get<double>() * 34 / 64));
  CHECK(q4["kv_cache_bytes"].get<double>() ==
        Approx(f16["kv_cache_bytes"].get<double>() * 18 / 64));
}

TEST_CASE("hybrid Qwen3-Next: linear-attention layers keep a fixed state, not a KV cache") {
  // Qwen3-Next: 3 of every 4 layers are Gated DeltaNet (fixed-size state); only the 12 full
  // attention layers (2 KV heads of 256) grow with the context.
  const auto short_ctx = inference("qwen3-next-80b-a3b", {{"context_tokens", 1024}});
  const auto long_ctx = inference("qwen3-next-80b-a3b", {{"context_tokens", 2048}});
  const double growth =
      long_ctx["kv_cache_bytes"].get<double>() - short_ctx["kv_cache_bytes"].get<double>();
  CHECK(growth == 1024.0 * 12 * 2 * 2 * 256 * 2);
  CHECK(short_ctx["kv_state_bytes_per_sequence"].get<double>() > 0);
}

TEST_CASE("DeepSeek-V3.2 caches the MLA latent and the indexer's FP8 key: 1,284 bytes a layer") {
  // DeepSeek-V3.2-Exp inference/model.py: the indexer caches a 128-wide float8_e4m3fn key and
  // one float32 scale per 128 values per token (vLLM DeepseekV32IndexerCache: 128 + 4 bytes);
  // the MLA latent stays 512 + 64 elements. 61 layers, BF16 latent.
  const auto r = inference("deepseek-v3.2", {{"context_tokens", 4096}, {"weights", "fp8"}});
  CHECK(r["kv_bytes_per_token"].get<double>() == 61.0 * (576 * 2 + 132));
}

TEST_CASE("DeepSeek Sparse Attention: decode reads every indexer key and the top 2,048 latents") {
  // DeepSeek-V3.2-Exp report, section 2.1: the main attention attends to the index_topk tokens
  // the indexer selects. The KV bytes a step reads are 132 t + 1152 min(t, 2048) per layer
  // against V3.1's 1152 t, at the same bandwidth and efficiency.
  const Json hardware = {{"accelerator", "h200"}, {"count", 8}};
  const auto step = [&](const std::string& model) {
    return run({{"model", model},
                {"hardware", hardware},
                {"inference",
                 {{"tp", 8},
                  {"weights", "fp8"},
                  {"context_tokens", 131072},
                  {"prompt_tokens", 65536},
                  {"batch", 4}}}})["inference"]["decode_step"];
  };
  const auto sparse = step("deepseek-v3.2");
  const auto dense = step("deepseek-v3.1");
  const double t = sparse["context_tokens"].get<double>();
  REQUIRE(t > 2048);
  const double expected = (132 * t + 1152 * 2048.0) / (1152 * t);
  CHECK(sparse["attention_memory_s"].get<double>() / dense["attention_memory_s"].get<double>() ==
        Approx(expected).epsilon(1e-9));
}

TEST_CASE("Nemotron-H: 4 attention layers grow a KV cache, 24 Mamba-2 layers keep a fixed state") {
  // Nemotron-H-8B's hybrid_override_pattern: 24 M, 4 *, 24 -. vLLM's mamba2_state_shape: an SSM
  // state of heads x head_dim x state (128 x 64 x 128) and a conv window of (kernel - 1) x
  // (d_inner + 2 groups x state) = 3 x (8192 + 2048) per Mamba layer; 32/8 heads of 128 attend.
  const auto r = inference("nemotron-h-8b", {{"context_tokens", 8192}, {"kv_cache", "bf16"}});
  CHECK(r["kv_bytes_per_token"].get<double>() == 4.0 * 2 * 8 * 128 * 2);
  CHECK(r["kv_state_bytes_per_sequence"].get<double>() ==
        24.0 * (128 * 64 * 128 + 3 * (8192 + 2 * 8 * 128)) * 2);
}

TEST_CASE("Kimi Linear: 20 KDA layers keep a fixed state, 7 MLA layers cache the latent") {
  // KimiLinearConfig.linear_attn_config numbers the KDA layers from 1 (20 of 27). vLLM's
  // kda_state_shape: a (heads, head_dim, head_dim) recurrent state and (kernel - 1) x heads x
  // head_dim conv inputs for each of q, k and v; the MLA layers cache 512 + 64 elements a token.
  const auto r = inference("kimi-linear-48b-a3b", {{"context_tokens", 8192}, {"kv_cache", "bf16"}});
  CHECK(r["kv_bytes_per_token"].get<double>() == 7.0 * 576 * 2);
  CHECK(r["kv_state_bytes_per_sequence"].get<double>() ==
        20.0 * (32 * 128 * 128 + 3 * 3 * 32 * 128) * 2);
}

TEST_CASE("Gemma 3n: only the first 20 layers keep a KV cache, 4 global and 16 in a 512 window") {
  // Gemma3nTextAttention: the last num_kv_shared_layers layers (10 of E2B's 30, 15 of E4B's 35)
  // reuse the cache of the last earlier layer of their kind; llama.cpp's gemma3n sets
  // n_layer_kv_from_start = 20 for both. 2 KV heads of 256 per layer.
  const double per_layer_token = 2.0 * 2 * 256 * 2;
  for (const char* model : {"gemma-3n-e2b", "gemma-3n-e4b"}) {
    const auto r = inference(model, {{"context_tokens", 8192}, {"kv_cache", "bf16"}});
    CHECK(r["kv_bytes_per_token"].get<double>() == 20 * per_layer_token);
    CHECK(r["kv_cache_bytes"].get<double>() ==
          4 * per_layer_token * 8192 + 16 * per_layer_token * 512);
  }
}
