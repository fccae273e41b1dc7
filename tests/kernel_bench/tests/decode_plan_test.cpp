// The decode step the bench assembles is the one the core predicts: its matrices follow the
// published configs, and the bytes it streams are the core's decode_step bytes.
#include <catch2/catch.hpp>

#include "core_predictions.hpp"
#include "decode_plan.hpp"
#include "test_support.hpp"

using namespace llm_sizer::bench;
using llm_sizer::Json;

namespace {

void check_matrix(const Matrix& m, int64_t rows, int64_t cols) {
  INFO(m.name);
  CHECK(m.rows == rows);
  CHECK(m.cols == cols);
}

}  // namespace

TEST_CASE("Llama 3 8B's layer as the bench runs it") {
  // huggingface.co/meta-llama/Meta-Llama-3-8B config.json: hidden 4096, intermediate 14336,
  // 32 heads, 8 KV heads of 128, 32 layers, vocabulary 128256, untied head.
  const DecodePlan p = plan_decode("llama-3-8b", llm_sizer::test::catalog());
  REQUIRE(p.layers.size() == 32);
  CHECK(p.heads == 32);
  CHECK(p.kv_heads == 8);
  CHECK(p.head_dim == 128);
  check_matrix(p.layers[0].qkv, 4096 + 2 * 1024, 4096);
  check_matrix(p.layers[0].o, 4096, 4096);
  check_matrix(p.layers[0].mlp_in, 2 * 14336, 4096);
  check_matrix(p.layers[0].mlp_out, 4096, 14336);
  check_matrix(p.lm_head, 128256, 4096);
  CHECK(p.layers[0].gated);
}

TEST_CASE("GPT-2's head is its token embedding and its MLP has no gate") {
  // huggingface.co/openai-community/gpt2 config.json: n_embd 768, n_layer 12, vocab 50257.
  const DecodePlan p = plan_decode("gpt2", llm_sizer::test::catalog());
  REQUIRE(p.layers.size() == 12);
  check_matrix(p.layers[0].qkv, 3 * 768, 768);
  check_matrix(p.layers[0].mlp_in, 3072, 768);
  check_matrix(p.lm_head, 50257, 768);
  CHECK_FALSE(p.layers[0].gated);
  CHECK(plan_decode({{"preset", "gpt2"}, {"num_hidden_layers", 2}}, llm_sizer::test::catalog())
            .label == "gpt2/2 layers");
}

TEST_CASE("the assembled step streams the bytes the core's decode step counts") {
  const CorePredictor core(llm_sizer::test::catalog(), "h200");
  for (const Json& model : {Json("llama-3-8b"), Json("gpt2"), Json("llama-3.2-1b")}) {
    const DecodePlan p = plan_decode(model, llm_sizer::test::catalog());
    const Json core_step = core.decode(model, WeightType::bf16, 4, 1024)["decode_step"];
    INFO(p.label);
    // The core also streams the norm weights (and GPT-2's position table), which the bench's
    // norm kernels leave out: well under 1% of the bytes.
    const double ours = p.weight_bytes(WeightType::bf16) + p.kv_bytes(4, 1024);
    CHECK(ours == Approx(core_step["bytes"].get<double>()).epsilon(0.01));
    CHECK(ours < core_step["bytes"].get<double>());
    // GPTQ also stores g_idx (one int32 per input), and the 16-bit extras weigh more next to
    // 4-bit weights (GPT-2's biases and position table): within 2%.
    const Json int4_step = core.decode(model, WeightType::int4, 1, 1024)["decode_step"];
    CHECK(p.weight_bytes(WeightType::int4) + p.kv_bytes(1, 1024) ==
          Approx(int4_step["bytes"].get<double>()).epsilon(0.02));
  }
}

TEST_CASE("models whose step the kernels do not assemble are refused by name") {
  CHECK_THROWS_WITH(plan_decode("mixtral-8x7b", llm_sizer::test::catalog()),
                    Catch::Contains("not experts or latent attention"));
  CHECK_THROWS_WITH(
      plan_decode({{"preset", "llama-3-8b"}, {"hidden_size", 4000}}, llm_sizer::test::catalog()),
      Catch::Contains("whole groups of 128"));
}
