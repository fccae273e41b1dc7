// Forward FLOPs per token against the papers' closed forms.
#include <catch2/catch.hpp>

#include "model/flops.hpp"
#include "test_support.hpp"

namespace {

llm_sizer::ForwardFlops flops_of(const std::string& preset, double attended) {
  const auto& config = llm_sizer::test::catalog().find_model(preset)->config;
  const auto spec = llm_sizer::parse_hf_config(config, "model").spec;
  return llm_sizer::forward_flops_per_token(spec, llm_sizer::list_tensors(spec), attended);
}

}  // namespace

TEST_CASE("GPT-3 175B: Kaplan's 2N + 2 n_layer n_ctx d_attn") {
  // Kaplan et al. 2020, Table 1: forward FLOPs per token = 2N + 2 n_layer n_ctx d_attn, with N the
  // non-embedding parameters (12 n_layer d_model^2 for this shape, plus biases and norms).
  const auto flops = flops_of("gpt3-175b", 2048);
  const double n_layer = 96, d = 12288, n_ctx = 2048;
  const double non_embedding = 12 * n_layer * d * d;
  // Kaplan's 2 n_layer n_ctx d_attn counts only QK^T; we also count the attention-weighted sum of
  // values (PaLM appendix B: 12 L H Q T per token for training = 4 L H Q T forward), so twice it.
  CHECK(flops.attention == Approx(4 * n_layer * n_ctx * d));
  CHECK(flops.matmul == Approx(2 * non_embedding).epsilon(0.001));
  CHECK(flops.lm_head == Approx(2 * d * 50257));
}

TEST_CASE("Mixtral-8x7B: only the two routed experts per token count") {
  const auto flops = flops_of("mixtral-8x7b", 0);
  const double h = 4096, ffn = 14336, layers = 32;
  const double attention_proj = 2 * layers * (h * h * 2 + 2 * h * 1024);
  const double experts = 2 * layers * 2 * 3 * h * ffn;
  const double router = 2 * layers * h * 8;
  CHECK(flops.matmul == Approx(attention_proj + experts + router));
  CHECK(flops.attention == 0);
}

TEST_CASE("sliding-window layers attend to at most the window") {
  // Mistral 7B v0.1: every layer attends to the last 4096 tokens (Jiang et al. 2023, section 2).
  const auto at_window = flops_of("mistral-7b-v0.1", 4096);
  const auto far_beyond = flops_of("mistral-7b-v0.1", 32768);
  CHECK(far_beyond.attention == Approx(at_window.attention));
}
