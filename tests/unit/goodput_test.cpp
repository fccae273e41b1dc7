// The goodput model (core/step_time/goodput.hpp) against Daly's published optima and Llama 3's
// effective training time, and its behaviour in the training estimate.
#include <catch2/catch.hpp>

#include "step_time/goodput.hpp"
#include "test_support.hpp"

using llm_sizer::Goodput;
using llm_sizer::GoodputSettings;
using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

// One GPU whose saves block `save_s` and whose interruptions come every `mtbf_h` hours.
Goodput daly_case(double mtbf_h, double save_s, double restart_s) {
  GoodputSettings s;
  s.gpu_mtbf_hours = mtbf_h;
  s.restart_s = restart_s;
  s.checkpoint_write_bytes_per_s = 1e9;
  return llm_sizer::estimate_goodput(s, 1, save_s * 1e9, 1e10);
}

Json train(int64_t gpus, const Json& section) {
  return run({{"model", "llama-3.1-405b"},
              {"hardware", {{"accelerator", "h100-sxm"}, {"count", gpus}}},
              {"training", section}})["training"];
}

}  // namespace

TEST_CASE("the optimum checkpoint interval is Daly's (2006, figures 3-5)") {
  // Daly's figures: delta = 5 min and R = 10 min give tau_opt = 117, 57 and 9.1 min for M = 24 h,
  // 6 h and 15 min.
  CHECK(daly_case(24, 300, 600).checkpoint_interval_s / 60 == Approx(117).margin(0.5));
  CHECK(daly_case(6, 300, 600).checkpoint_interval_s / 60 == Approx(57).margin(0.5));
  CHECK(daly_case(0.25, 300, 600).checkpoint_interval_s / 60 == Approx(9.1).margin(0.1));
}

TEST_CASE("Llama 3 405B on 16,384 H100 trains more than 90% of its wall time, as published") {
  // Llama 3 paper, section 3.3.4: "higher than 90% effective training time" with 466
  // interruptions in 54 days.
  const Json t = train(16384, {{"tokens", 15.6e12}, {"seq_len", 8192}, {"tp", 8}, {"pp", 16}});
  const Json& g = t["goodput"];
  CHECK(g["source"] == "model");
  CHECK(g["fraction"].get<double>() > 0.90);
  CHECK(g["fraction"].get<double>() < 0.93);
  CHECK(g["interruptions_per_day"].get<double>() == Approx(466.0 / 54).epsilon(1e-9));
  CHECK(t["assumptions"]["goodput"] == g["fraction"]);
}

TEST_CASE("goodput falls with the GPU count and rises with asynchronous saves") {
  const Json section = {{"tokens", 1e12}, {"seq_len", 8192}, {"tp", 8}, {"pp", 16}};
  const double small = train(1024, section)["goodput"]["fraction"].get<double>();
  const double large = train(16384, section)["goodput"]["fraction"].get<double>();
  CHECK(small > large);
  Json async = section;
  async["checkpoint_async"] = true;
  const Json a = train(16384, async)["goodput"];
  CHECK(a["fraction"].get<double>() > large);
  CHECK(a["save_fraction"].get<double>() > train(16384, section)["goodput"]["save_fraction"]);
}

TEST_CASE("evaluation and data stalls take their shares, a given goodput is used as is") {
  const Json base = {{"tokens", 1e12}, {"seq_len", 8192}, {"tp", 8}, {"pp", 16}};
  Json lossy = base;
  lossy["eval_fraction"] = 0.02;
  lossy["data_stall_fraction"] = 0.05;
  const Json plain = train(2048, base);
  const Json with_losses = train(2048, lossy);
  CHECK(with_losses["goodput"]["fraction"].get<double>() ==
        Approx(plain["goodput"]["fraction"].get<double>() * 0.98 * 0.95));
  CHECK(with_losses["wall_s"].get<double>() ==
        Approx(plain["wall_s"].get<double>() / (0.98 * 0.95)));
  Json given = base;
  given["goodput"] = 0.5;
  const Json g = train(2048, given);
  CHECK(g["goodput"]["source"] == "scenario");
  CHECK(g["goodput"]["fraction"] == 0.5);
  CHECK(g["wall_s"].get<double>() ==
        Approx(plain["wall_s"].get<double>() * plain["goodput"]["fraction"].get<double>() / 0.5));
}

TEST_CASE("a given mfu is end to end: no goodput section") {
  const Json t = train(2048, {{"tokens", 1e12}, {"mfu", 0.4}});
  CHECK_FALSE(t.contains("goodput"));
}

TEST_CASE("restarts longer than the time between interruptions leave no time to train") {
  CHECK_THROWS_WITH(
      train(16384,
            {{"tokens", 1e12}, {"tp", 8}, {"pp", 16}, {"gpu_mtbf_hours", 1}, {"restart_s", 1e6}}),
      Catch::Contains("training.restart_s: leaves no time to train") &&
          Catch::Contains("interrupted every 0.219727 s"));
  CHECK_THROWS_WITH(train(2048, {{"eval_fraction", 1}}),
                    Catch::Contains("training.eval_fraction") && Catch::Contains("0.99"));
}
