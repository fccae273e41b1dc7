// Activation memory against Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
// Transformer Models" (https://arxiv.org/abs/2205.05198), sections 4-5 and Table 2.
#include <catch2/catch.hpp>

#include "step_time/activations.hpp"
#include "test_support.hpp"

using llm_sizer::ActivationSettings;
using llm_sizer::Recompute;

namespace {

llm_sizer::ModelSpec spec_of(const llm_sizer::Json& config) {
  return llm_sizer::parse_hf_config(config, "model").spec;
}

llm_sizer::ModelSpec preset_spec(const std::string& id) {
  return spec_of(llm_sizer::test::catalog().find_model(id)->config);
}

// The paper's setting: 16-bit activations, dropout, no FlashAttention.
ActivationSettings paper_settings(int64_t seq, int64_t micro_batch, int64_t tp, bool sp) {
  ActivationSettings s;
  s.seq_len = seq;
  s.micro_batch = micro_batch;
  s.tp = tp;
  s.sequence_parallel = sp;
  s.dropout = true;
  s.flash_attention = false;
  return s;
}

}  // namespace

TEST_CASE("GPT-3 175B layer: sbh(34 + 5as/h), 5as/h = 80 (Korthikanti eq. 1, section 5)") {
  const auto gpt3 = preset_spec("gpt3-175b");
  const double s = 2048, b = 1, h = 12288, a = 96;
  const auto settings = paper_settings(2048, 1, 1, false);
  const auto terms = llm_sizer::layer_activation_terms(gpt3, gpt3.layers[0], settings);
  CHECK(terms.outside_bytes / h == 10);
  CHECK(terms.inside_bytes / h == 24);
  // 5 x 96 x 2048 / 12288 (the row korthikanti-gpt3-attention-term).
  CHECK(terms.score_bytes / h ==
        Approx(llm_sizer::test::published_row("korthikanti-gpt3-attention-term")["value"]));
  const double eq1 = s * b * h * (34 + 5 * a * s / h);
  CHECK(llm_sizer::layer_activation_bytes(gpt3, gpt3.layers[0], settings, Recompute::none) ==
        Approx(eq1));
}

TEST_CASE("tensor, sequence parallelism and recomputation: Korthikanti eqs. 2, 4, 6 and Table 2") {
  const auto gpt3 = preset_spec("gpt3-175b");
  const auto& layer = gpt3.layers[0];
  const double s = 2048, b = 4, h = 12288, a = 96, t = 8;
  const double sbh = s * b * h;
  const auto tp_only = paper_settings(2048, 4, 8, false);
  const auto tp_sp = paper_settings(2048, 4, 8, true);
  using llm_sizer::layer_activation_bytes;
  // Eq. 2: tensor parallel.
  CHECK(layer_activation_bytes(gpt3, layer, tp_only, Recompute::none) ==
        Approx(sbh * (10 + 24 / t + 5 * a * s / (h * t))));
  // Eq. 4: tensor + sequence parallel.
  CHECK(layer_activation_bytes(gpt3, layer, tp_sp, Recompute::none) ==
        Approx(sbh / t * (34 + 5 * a * s / h)));
  // Table 2: selective recomputation, without and with sequence parallelism (eq. 6).
  CHECK(layer_activation_bytes(gpt3, layer, tp_only, Recompute::selective) ==
        Approx(sbh * (10 + 24 / t)));
  CHECK(layer_activation_bytes(gpt3, layer, tp_sp, Recompute::selective) == Approx(sbh * 34 / t));
  // Table 2: full recomputation stores the layer input, 2sbh.
  CHECK(layer_activation_bytes(gpt3, layer, tp_only, Recompute::full) == Approx(2 * sbh));
}

TEST_CASE("selective recomputation saves 70% (GPT-3) and 65% (MT-NLG), with SP about 5x") {
  // Section 5: selective recomputation saves 70% of activation memory for GPT-3 and 65% for
  // MT-NLG (5as/h = 80 and 64). Abstract: sequence parallelism + selective recomputation reduce
  // activation memory by 5x against tensor parallelism alone (t = 8 in the paper's runs).
  const llm_sizer::Json mt_nlg = {{"model_type", "gpt2"}, {"n_embd", 20480},
                                  {"n_layer", 105},       {"n_head", 128},
                                  {"vocab_size", 51200},  {"n_positions", 2048}};
  const auto published = [](const char* id) -> double {
    return llm_sizer::test::published_row(id)["value_fraction"];
  };
  const std::pair<llm_sizer::ModelSpec, double> models[] = {
      {preset_spec("gpt3-175b"), published("korthikanti-gpt3-selective-saving")},
      {spec_of(mt_nlg), published("korthikanti-mtnlg-selective-saving")}};
  const double reduction =
      llm_sizer::test::published_row("korthikanti-combined-reduction")["value"];
  for (const auto& [spec, saving] : models) {
    const auto& layer = spec.layers[0];
    const auto one_gpu = paper_settings(2048, 1, 1, false);
    const double none = llm_sizer::layer_activation_bytes(spec, layer, one_gpu, Recompute::none);
    const double selective =
        llm_sizer::layer_activation_bytes(spec, layer, one_gpu, Recompute::selective);
    CHECK(1 - selective / none == Approx(saving).epsilon(0.02));
    const double baseline = llm_sizer::layer_activation_bytes(
        spec, layer, paper_settings(2048, 1, 8, false), Recompute::none);
    const double reduced = llm_sizer::layer_activation_bytes(
        spec, layer, paper_settings(2048, 1, 8, true), Recompute::selective);
    CHECK(baseline / reduced == Approx(reduction).epsilon(0.10));
  }
}

TEST_CASE("pipeline parallelism: the first stage holds L layers' worth (Korthikanti eq. 5)") {
  // Section 4.2.3: with 1F1B the first stage keeps p micro-batches of L/p layers in flight, so
  // its activations equal the whole model's: sbhL/t (34 + 5as/h) with sequence parallelism.
  const double s = 2048, b = 1, h = 12288, a = 96, t = 8, L = 96;
  const auto result =
      llm_sizer::test::run({{"model", "gpt3-175b"},
                            {"hardware", {{"accelerator", "a100-80gb-sxm"}, {"count", 64}}},
                            {"training",
                             {{"tp", 8},
                              {"pp", 8},
                              {"sequence_parallel", true},
                              {"dropout", true},
                              {"flash_attention", false},
                              {"seq_len", 2048},
                              {"global_batch_tokens", 16 * 2048}}}});
  const auto& t_result = result["training"];
  CHECK(t_result["pipeline_stage"] == 0);
  // The embedding-dropout mask of the p in-flight micro-batches (sbhp/t) comes on top.
  const double eq5 = s * b * h * L / t * (34 + 5 * a * s / h) + s * b * h * 8 / t;
  CHECK(t_result["memory"]["activations_bytes"].get<double>() == Approx(eq5));
}
