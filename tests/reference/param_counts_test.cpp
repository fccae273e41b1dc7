// Parameter counts from real Hugging Face config.json files, pasted as configs rather than picked
// as presets, against the official counts the presets cite (data/models; every preset's own count
// is a reference row made from the catalog).
#include <catch2/catch.hpp>

#include "test_support.hpp"

using llm_sizer::test::model_result;
using llm_sizer::test::read_json;

namespace {

const llm_sizer::ModelPreset& preset(const std::string& id) {
  const auto* found = llm_sizer::test::catalog().find_model(id);
  REQUIRE(found != nullptr);
  return *found;
}

}  // namespace

TEST_CASE("Llama-3-8B config.json gives the exact safetensors total") {
  const auto model = model_result(read_json("tests/reference/configs/meta-llama-3-8b.json"));
  CHECK(model["params_total"] == preset("llama-3-8b").official_params);
  CHECK(model["params_active"] == model["params_total"]);
  // The 128256 x 4096 token embedding.
  CHECK(model["params_embedding"] == 525336576);
}

TEST_CASE("Mixtral-8x7B config.json: total and active as Mistral AI states them") {
  // Mistral AI, "Mixtral of experts" (arXiv:2401.04088), section 2: 46.7B total, 12.9B active.
  const auto model = model_result(read_json("tests/reference/configs/mixtral-8x7b-v0.1.json"));
  const auto& mixtral = preset("mixtral-8x7b");
  CHECK(model["params_total"].get<double>() ==
        Approx(double(mixtral.official_params)).epsilon(0.001));
  CHECK(model["params_active"].get<double>() ==
        Approx(double(*mixtral.official_params_active)).epsilon(0.003));
}

TEST_CASE("GPT-2 small config.json: tied LM head, learned positions") {
  const auto model = model_result(read_json("tests/reference/configs/gpt2.json"));
  CHECK(model["params_total"] == preset("gpt2").official_params);
  CHECK(model["breakdown"]["position_embedding"] == 1024 * 768);
  CHECK(model["breakdown"]["lm_head"] == 0);
}
