// Every model preset's parameter count, computed from its config, against the official count the
// preset cites (data/models/*.json, field "source").
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "test_support.hpp"

namespace {

// Presets whose official figure cannot be rebuilt from the config, and why.
const std::map<std::string, std::string> kTotalExceptions = {
    {"llama-4-scout-17b-16e",
     "109B includes the vision encoder, whose vision_config is not in the stored config copy; the "
     "text model counts 107.8B"},
};
const std::map<std::string, std::string> kActiveExceptions = {
    {"glm-4.5-air",
     "\"12B active\" leaves out both the token embedding and the untied output head: 13.42B "
     "active - 0.62B - 0.62B = 12.18B"},
    {"qwen3-next-80b-a3b",
     "\"3B activated\" is the A3B name rounded down: the routed and shared experts, attention and "
     "embeddings a token passes through add up to 3.87B (3.25B without the two embeddings)"},
};

}  // namespace

TEST_CASE("every model preset reproduces its official parameter count") {
  const auto& catalog = llm_sizer::test::catalog();
  REQUIRE(catalog.models.size() >= 35);
  for (const auto& preset : catalog.models) {
    INFO("preset " << preset.id << " (" << preset.source << ")");
    const auto model = llm_sizer::test::model_result(preset.id);
    const double total = model["params_total"].get<double>();
    if (kTotalExceptions.count(preset.id) == 0) {
      if (preset.official_params_precision == "exact") {
        CHECK(model["params_total"].get<int64_t>() == preset.official_params);
      } else {
        CHECK(total == Approx(double(preset.official_params)).epsilon(0.01));
      }
    }
    if (preset.official_params_active && kActiveExceptions.count(preset.id) == 0) {
      double active = model["params_active"].get<double>();
      if (preset.official_active_excludes_embedding) {
        active -= model["params_embedding"].get<double>();
      }
      // MoE active counts are published rounded to two or three digits ("12.9B", "37B").
      CHECK(active == Approx(double(*preset.official_params_active)).epsilon(0.03));
    }
  }
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
  CHECK(model["params_total"].get<double>() == Approx(671e9).epsilon(0.001));
  const double mtp_with_shared_head = model["params_mtp"].get<double>() +
                                      model["breakdown"]["embedding"].get<double>() +
                                      model["breakdown"]["lm_head"].get<double>();
  CHECK(mtp_with_shared_head == Approx(14e9).epsilon(0.04));
}
