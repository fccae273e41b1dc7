// The planner's search and the step-time model's parts, one behaviour each.
#include <catch2/catch.hpp>

#include "error.hpp"
#include "hardware/collectives.hpp"
#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::plan;
using llm_sizer::test::run;

namespace {

Json scenario(const std::string& model, int64_t gpus, const Json& training,
              const Json& planner = nullptr) {
  Json s = {{"model", model},
            {"hardware", {{"accelerator", "h100-sxm"}, {"count", gpus}}},
            {"training", training}};
  if (!planner.is_null()) s["planner"] = planner;
  return s;
}

}  // namespace

TEST_CASE("ring collectives: 2 (n - 1) / n of the buffer per GPU, hierarchical across nodes") {
  llm_sizer::ClusterSpec c;
  c.gpus_per_node = 8;
  c.intra_node = {"", "", 100e9, 0};
  c.inter_node = {"", "", 10e9, 0};
  const double bytes = 1e9;
  // Eight ranks in one node: 2 x 7/8 x 1 GB at 100 GB/s.
  CHECK(llm_sizer::all_reduce_s(bytes, llm_sizer::group_of(8, 1, 8), c) ==
        Approx(2 * 7.0 / 8 * bytes / 100e9));
  CHECK(llm_sizer::all_gather_s(bytes, llm_sizer::group_of(8, 1, 8), c) ==
        Approx(7.0 / 8 * bytes / 100e9));
  // Sixteen ranks, eight per node: inside each node, then 1/8 of the buffer between 2 nodes.
  CHECK(llm_sizer::all_reduce_s(bytes, llm_sizer::group_of(16, 1, 8), c) ==
        Approx(2 * 7.0 / 8 * bytes / 100e9 + 2 * 1.0 / 2 * bytes / 8 / 10e9));
  // Ranks 8 apart each sit in their own node.
  CHECK(llm_sizer::group_of(4, 8, 8).per_node == 1);
  CHECK(llm_sizer::all_reduce_s(bytes, llm_sizer::group_of(4, 8, 8), c) ==
        Approx(2 * 3.0 / 4 * bytes / 10e9));
  // An all-to-all sends the in-node share and the rest at once.
  CHECK(llm_sizer::all_to_all_s(bytes, llm_sizer::group_of(16, 1, 8), c) ==
        Approx(bytes * 8 / 16 / 10e9));
}

TEST_CASE("rings over PCIe reach what the CPUs pass: 28 of 64 GB/s on 8 GPUs, 35 on 4") {
  // NVIDIA/nccl issue 1639: 8 RTX 5090s on PCIe 5.0 x16 behind two Xeon 8480+, all-reduce bus
  // bandwidth 28 GB/s with 8 GPUs and 35 with 4.
  llm_sizer::ClusterSpec c;
  c.intra_node = {"pcie5-x16", "PCIe 5.0 x16", 64e9, 0};
  const double bytes = 1e9;
  CHECK(2 * 7.0 / 8 * bytes / llm_sizer::all_reduce_s(bytes, llm_sizer::group_of(8, 1, 8), c) ==
        Approx(28e9));
  CHECK(2 * 3.0 / 4 * bytes / llm_sizer::all_reduce_s(bytes, llm_sizer::group_of(4, 1, 8), c) ==
        Approx(35e9));
  // NVLink keeps its rate.
  CHECK(llm_sizer::ring_link_share("nvlink4", 8) == 1.0);
  // A tensor-parallel decode step on 8 L40S (PCIe 4.0) pays its all-reduces at 14 GB/s, not 32.
  const Json l40s = {{"model", "llama-3-70b"},
                     {"hardware", {{"accelerator", "l40s"}, {"count", 8}}},
                     {"inference",
                      {{"runtime", "tensorrt-llm"},
                       {"weights", "fp8"},
                       {"tp", 8},
                       {"batch", 128},
                       {"prompt_tokens", 128},
                       {"output_tokens", 2048}}}};
  const Json step = run(l40s)["inference"]["decode_step"];
  const double message = 128 * 8192 * 2.0;
  const double latency = 2e-6 + 3.3e-6 * 7;
  CHECK(step["allreduce_s"].get<double>() ==
        Approx(80 * 2 * (latency + 2 * 7.0 / 8 * message / (32e9 * 28 / 64))));
}

TEST_CASE("plan(): the fastest plans that fit, best first, and a scaling curve") {
  const Json answer = plan(scenario("llama-3-8b", 16, Json::object(), {{"top", 5}}));
  const Json& plans = answer["plans"];
  REQUIRE(plans.size() == 5);
  for (size_t i = 0; i < plans.size(); ++i) {
    const Json& p = plans[i];
    CHECK(p["fits"] == true);
    CHECK(p["memory_per_gpu_bytes"].get<double>() <= 85899345920.0);
    CHECK(p["tp"].get<int64_t>() * p["pp"].get<int64_t>() * p["dp"].get<int64_t>() *
              p["cp"].get<int64_t>() ==
          16);
    double parts = 0;
    for (const auto& [key, value] : p["step_breakdown"].items()) parts += value.get<double>();
    CHECK(parts == Approx(p["step_time_s"].get<double>()).epsilon(1e-12));
    CHECK(p["tokens_per_s"].get<double>() ==
          Approx(answer["global_batch_tokens"].get<double>() / p["step_time_s"].get<double>()));
    if (i > 0) CHECK(p["tokens_per_s"].get<double>() <= plans[i - 1]["tokens_per_s"].get<double>());
  }
  CHECK(answer["scaling"].size() == 12);
  CHECK(answer["scaling"][0]["gpus"] == 1);
  CHECK(answer["search"]["candidates"].get<int64_t>() >=
        answer["search"]["evaluated"].get<int64_t>());
  // The plan fields of the training section are ignored, not errors.
  const Json ignoring = plan(scenario("llama-3-8b", 16, {{"tp", 16}, {"mfu", 0.9}}, {{"top", 5}}));
  CHECK(ignoring["plans"] == plans);
}

TEST_CASE("plan() on one GPU reaches for offload when nothing else fits") {
  // 8B on one 80 GB GPU: 16 bytes per parameter of model states do not fit, ZeRO-Offload does.
  const Json answer = plan(scenario("llama-3-8b", 1, Json::object(), {{"scaling_gpus", {1}}}));
  const Json& best = answer["plans"][0];
  CHECK(best["fits"] == true);
  CHECK(best["offload"] != "none");
  CHECK(best["step_breakdown"]["offload_s"].get<double>() > 0);
  CHECK(answer["scaling"].size() == 1);
}

TEST_CASE("when no plan fits, plan() says so and shows the closest") {
  const Json answer = plan(scenario("llama-3.1-405b", 1, Json::object(), {{"offload", false}}));
  CHECK(answer["search"]["fitting"] == 0);
  REQUIRE(!answer["plans"].empty());
  CHECK(answer["plans"][0]["fits"] == false);
  bool warned = false;
  for (const auto& w : answer["warnings"]) warned |= w["field"] == "hardware.count";
  CHECK(warned);
  // The training section without a plan falls back to plain data parallelism, with a warning
  // (a device of 1 GB holds no plan, offload or not).
  Json tiny = scenario("llama-3-8b", 8, Json::object());
  tiny["hardware"]["accelerator"] = {{"preset", "h100-sxm"}, {"memory_bytes", 1e9}};
  const Json estimate = run(tiny);
  CHECK(estimate["training"]["fits"] == false);
  CHECK(estimate["training"]["parallelism"]["dp"] == 8);
  bool said = false;
  for (const auto& w : estimate["warnings"]) said |= w["field"] == "training";
  CHECK(said);
}

TEST_CASE("tensor parallelism stays inside a node unless asked") {
  const Json within = plan(scenario("llama-3-70b", 32, Json::object(), {{"top", 100}}));
  for (const auto& p : within["plans"]) CHECK(p["tp"].get<int64_t>() <= 8);
  const Json base = scenario("llama-3-70b", 32, {{"tp", 16}});
  const Json across = run(base)["training"];
  CHECK(across["parallelism"]["tp"] == 16);  // a given plan is honoured
}

TEST_CASE("the planner section: defaults written out, bad values named") {
  const Json answer = plan(scenario("llama-3-8b", 64, Json::object()));
  const Json& p = answer["scenario"]["planner"];
  CHECK(p["top"] == 10);
  CHECK(p["tp_across_nodes"] == false);
  CHECK(p["scaling_gpus"] == Json({1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048}));
  CHECK_THROWS_WITH(plan(scenario("llama-3-8b", 8, Json::object(), {{"top", 101}})),
                    "planner.top: must be an integer in [0, 100], got 101");
  // The page asks for the plans, then for the curve point by point.
  const Json plans_only =
      plan(scenario("llama-3-8b", 8, Json::object(), {{"scaling_curve", false}}));
  CHECK(plans_only["scaling"].empty());
  CHECK(plans_only["scenario"]["planner"]["scaling_gpus"].size() == 12);
  const Json point =
      plan(scenario("llama-3-8b", 8, Json::object(), {{"top", 0}, {"scaling_gpus", {16}}}));
  CHECK(point["plans"].empty());
  CHECK(point["scaling"][0]["gpus"] == 16);
  CHECK_THROWS_WITH(plan(scenario("llama-3-8b", 8, Json::object(), {{"scaling_gpus", {0}}})),
                    "planner.scaling_gpus: must be a list of at most 32 GPU counts, each in [1, "
                    "1000000], got [0]");
  CHECK_THROWS_WITH(plan(scenario("llama-3-8b", 8, Json::object(), {{"speed", 1}})),
                    Catch::StartsWith("planner.speed: is not a known field"));
  // estimate() accepts the section and echoes it.
  CHECK(run(scenario("llama-3-8b", 8, {{"tp", 1}}, {{"top", 3}}))["scenario"]["planner"]["top"] ==
        3);
}

TEST_CASE("more micro-batches shrink the pipeline bubble: (p - 1) / (v m)") {
  const auto bubble = [](double global_batch_tokens, const std::string& schedule, int v) {
    Json training = {{"tp", 8},
                     {"pp", 8},
                     {"seq_len", 4096},
                     {"micro_batch", 1},
                     {"global_batch_tokens", global_batch_tokens}};
    if (v > 1) {
      training["pipeline_schedule"] = schedule;
      training["virtual_stages"] = v;
    }
    const Json t = run(scenario("llama-3-70b", 64, training))["training"];
    return t["step_breakdown"]["pp_bubble_s"].get<double>() / t["step_time_s"].get<double>();
  };
  CHECK(bubble(64 * 4096, "1f1b", 1) > bubble(256 * 4096, "1f1b", 1));
  CHECK(bubble(64 * 4096, "interleaved", 2) < bubble(64 * 4096, "1f1b", 1));
}
