// Parameter counts from real Hugging Face config.json files against officially stated counts.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using llm_sizer::test::model_result;
using llm_sizer::test::read_json;

TEST_CASE("Llama-3-8B config.json gives the exact safetensors total") {
  // 8,030,261,248: the parameter total Hugging Face shows for meta-llama/Meta-Llama-3-8B
  // (safetensors metadata); config from the same repository.
  const auto model = model_result(read_json("tests/reference/configs/meta-llama-3-8b.json"));
  CHECK(model["params_total"] == 8030261248);
  CHECK(model["params_active"] == 8030261248);
  CHECK(model["params_embedding"] == 525336576);
}

TEST_CASE("Mixtral-8x7B: 46.7B total, 12.9B active") {
  // Mistral AI, "Mixtral of experts" (2024-01, arXiv:2401.04088), section 2: 47B total (46.7B
  // in the model card), 13B active (12.9B). Config: mistralai/Mixtral-8x7B-v0.1 config.json.
  const auto model = model_result(read_json("tests/reference/configs/mixtral-8x7b-v0.1.json"));
  CHECK(model["params_total"].get<double>() == Approx(46.7e9).epsilon(0.001));
  CHECK(model["params_active"].get<double>() == Approx(12.9e9).epsilon(0.003));
}

TEST_CASE("GPT-2 small: 124,439,808 parameters") {
  // openai-community/gpt2 safetensors total on Hugging Face: 124,439,808 (tied LM head).
  const auto model = model_result(read_json("tests/reference/configs/gpt2.json"));
  CHECK(model["params_total"] == 124439808);
  CHECK(model["breakdown"]["position_embedding"] == 1024 * 768);
  CHECK(model["breakdown"]["lm_head"] == 0);
}
