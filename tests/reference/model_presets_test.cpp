// Model presets whose official figures need more than one result field. Every preset's official
// total and active count is a reference row made from the catalog (validation/parameter_rows.hpp;
// data/measurements/parameter-count-notes.json says where a figure counts what the config lacks).
#include <catch2/catch.hpp>

#include "test_support.hpp"

TEST_CASE("the catalog holds the presets the page offers") {
  CHECK(llm_sizer::test::catalog().models.size() >= 35);
}

TEST_CASE("GPT-3 175B from the paper's Table 2.1 shape") {
  // Brown et al. 2020, Table 2.1: n_params 175.0B for n_layers 96, d_model 12288, n_heads 96.
  const auto model = llm_sizer::test::model_result("gpt3-175b");
  CHECK(model["params_total"].get<double>() == Approx(175.0e9).epsilon(0.005));
}

TEST_CASE("DeepSeek-V3: 671B main model, MTP module reported apart") {
  // DeepSeek-V3 Technical Report (arXiv:2412.19437), abstract: 671B total, 37B activated per
  // token; the Hugging Face README: 685B = 671B main model + 14B MTP module, of which 1.85B is
  // the embedding and output head stored again with the module (counted once here).
  const auto model = llm_sizer::test::model_result("deepseek-v3");
  const auto* preset = llm_sizer::test::catalog().find_model("deepseek-v3");
  CHECK(model["params_total"].get<double>() ==
        Approx(double(preset->official_params)).epsilon(0.001));
  const double mtp_with_shared_head = model["params_mtp"].get<double>() +
                                      model["breakdown"]["embedding"].get<double>() +
                                      model["breakdown"]["lm_head"].get<double>();
  CHECK(mtp_with_shared_head == Approx(14e9).epsilon(0.04));
}
