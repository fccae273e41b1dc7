#include <catch2/catch.hpp>

#include <algorithm>

#include "error.hpp"
#include "fleet.hpp"
#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

// Llama 3.1 8B under vLLM at 40 requests/s of 1,000-token prompts and 200-token answers (300
// simulated requests a replica), TTFT p99 <= 0.5 s and TPOT p99 <= 30 ms.
Json fleet_scenario(const Json& fleet,
                    const Json& targets = {{"ttft_p99_s", 0.5}, {"tpot_p99_s", 0.03}}) {
  return {{"model", "llama-3.1-8b"},
          {"hardware", {{"accelerator", "h100-sxm"}}},
          {"inference", {{"runtime", "vllm"}}},
          {"serving",
           {{"workload",
             {{"requests_per_s", 40},
              {"requests", 300},
              {"prompt_tokens", 1000},
              {"output_tokens", 200}}},
            {"targets", targets}}},
          {"fleet", fleet}};
}

Json search(const Json& scenario) {
  return llm_sizer::fleet_json(scenario, llm_sizer::test::catalog());
}

// The serving simulation of one deployment: `replicas` copies at tp devices each, every replica
// simulating the same 300 requests as in the search.
Json deployment(Json scenario, int64_t tp, int64_t replicas) {
  scenario.erase("fleet");
  scenario["hardware"]["count"] = tp * replicas;
  scenario["inference"]["tp"] = tp;
  scenario["serving"]["replicas"] = replicas;
  scenario["serving"]["workload"]["requests"] = 300 * replicas;
  return run(scenario)["serving"];
}

bool meets(const Json& serving, double ttft, double tpot) {
  return !serving["overloaded"].get<bool>() && serving["ttft_s"]["p99"].get<double>() <= ttft &&
         serving["tpot_s"]["p99"].get<double>() <= tpot;
}

}  // namespace

TEST_CASE("the fleet's replicas are the fewest the serving simulation finds meeting the targets") {
  const Json scenario = fleet_scenario({{"tp", {1}}});
  const Json best = search(scenario)["fleet"]["best"];
  const int64_t replicas = best["replicas"].get<int64_t>();
  REQUIRE(replicas > 1);
  // The same deployment through the estimate meets both targets; one replica fewer does not.
  const Json chosen = deployment(scenario, 1, replicas);
  CHECK(meets(chosen, 0.5, 0.03));
  CHECK_FALSE(meets(deployment(scenario, 1, replicas - 1), 0.5, 0.03));
  CHECK(best["tpot_p99_s"].get<double>() == chosen["tpot_s"]["p99"].get<double>());
  CHECK(best["output_tokens_per_s"].get<double>() == chosen["output_tokens_per_s"].get<double>());
  // Its cost: GPUs x the catalog's price, and per token the hour over an hour's output.
  const double price = best["price_per_gpu_hour_usd"].get<double>();
  CHECK(best["gpus"].get<int64_t>() == replicas);
  CHECK(best["usd_per_hour"].get<double>() == Approx(price * double(replicas)));
  CHECK(best["cost_per_million_output_tokens_usd"].get<double>() ==
        Approx(best["usd_per_hour"].get<double>() /
               (3600 * best["output_tokens_per_s"].get<double>()) * 1e6));
}

TEST_CASE("the cheapest layout per hour is the fleet's answer, and its number is explained") {
  const Json answer = search(fleet_scenario({{"accelerators", {"h100-sxm", "h200"}}}));
  const Json& fleet = answer["fleet"];
  double cheapest = 1e300;
  for (const Json& layout : fleet["layouts"]) {
    if (layout["status"] == "meets") {
      cheapest = std::min(cheapest, layout["usd_per_hour"].get<double>());
    }
  }
  CHECK(fleet["best"]["usd_per_hour"].get<double>() == cheapest);
  CHECK(answer["explain"].contains("fleet.best.usd_per_hour"));
  CHECK(answer["explain"].contains("fleet.best.replicas"));
  // Both devices with 1, 2, 4 and 8 GPUs a replica, and each with prefill and decode apart.
  CHECK(fleet["search"]["layouts"] == 10);
}

TEST_CASE("the scenario's own price stays with its device, another device gets the catalog's") {
  Json scenario = fleet_scenario({{"accelerators", {"h100-sxm", "h200"}}, {"tp", {1}}});
  scenario["inference"]["price_per_gpu_hour_usd"] = 1.25;
  const Json layouts = search(scenario)["fleet"]["layouts"];
  // The layouts: H100 at TP 1, H100 disaggregated, H200 at TP 1, H200 disaggregated.
  CHECK(layouts[0]["price_per_gpu_hour_usd"] == 1.25);
  CHECK(layouts[1]["price_per_gpu_hour_usd"] == 1.25);
  const Json h200 = run({{"model", "llama-3.1-8b"},
                         {"hardware", {{"accelerator", "h200"}}},
                         {"inference", Json::object()}})["inference"];
  CHECK(layouts[2]["price_per_gpu_hour_usd"] == h200["price_per_gpu_hour_usd"]);
}

TEST_CASE("a TPOT target no replica count reaches gets the closest layout, not an error") {
  // 2 ms a token: Llama 3.1 8B's weights alone take longer to read on an H100.
  const Json answer =
      search(fleet_scenario({{"tp", {1, 2}}}, {{"ttft_p99_s", 0.5}, {"tpot_p99_s", 0.002}}));
  const Json& fleet = answer["fleet"];
  CHECK_FALSE(fleet.contains("best"));
  REQUIRE(fleet.contains("closest"));
  CHECK(fleet["closest"]["unmet"] == Json::array({"tpot_p99_s"}));
  CHECK(fleet["closest"]["latency_floor"] == true);
  CHECK(answer["warnings"][0]["code"] == "warning.fleet_none_meets");
  for (const Json& layout : fleet["layouts"]) CHECK(layout["status"] == "misses");
}

TEST_CASE("a tensor-parallel size the model cannot split is listed as refused, with the reason") {
  const Json layouts = search(fleet_scenario({{"tp", {3, 1}}}))["fleet"]["layouts"];
  CHECK(layouts[0]["status"] == "refused");
  CHECK(layouts[0]["error"]["field"] == "inference.tp");
  CHECK(layouts[1]["status"] == "meets");
}

TEST_CASE("the Pareto points are those no other point beats on tokens/s per GPU and per user") {
  const Json points = search(fleet_scenario({{"tp", {1, 2, 4}}}))["fleet"]["points"];
  REQUIRE(points.size() > 3);
  int on_frontier = 0;
  for (const Json& p : points) {
    bool dominated = false;
    for (const Json& q : points) {
      const double pu = p["tokens_per_s_per_user"], qu = q["tokens_per_s_per_user"];
      const double pg = p["output_tokens_per_s_per_gpu"], qg = q["output_tokens_per_s_per_gpu"];
      dominated |= q["keeps_up"].get<bool>() && qu >= pu && qg >= pg && (qu > pu || qg > pg);
    }
    CHECK(p["pareto"].get<bool>() == (p["keeps_up"].get<bool>() && !dominated));
    on_frontier += p["pareto"].get<bool>();
  }
  CHECK(on_frontier >= 2);
}

TEST_CASE("the fleet search needs traffic that keeps arriving, and names what is wrong") {
  const auto field_of = [](const Json& scenario) {
    try {
      search(scenario);
    } catch (const llm_sizer::InputError& e) {
      return e.field();
    }
    return std::string("no error");
  };
  Json offline = fleet_scenario(Json::object());
  offline["serving"]["workload"].erase("requests_per_s");
  CHECK(field_of(offline) == "serving.workload");
  Json no_serving = fleet_scenario(Json::object());
  no_serving.erase("serving");
  CHECK(field_of(no_serving) == "serving");
  CHECK(field_of(fleet_scenario({{"accelerators", {"h900"}}})) == "fleet.accelerators");
  CHECK(field_of(fleet_scenario({{"tp", {0}}})) == "fleet.tp");
  CHECK(field_of(fleet_scenario({{"max_gpus", 0}})) == "fleet.max_gpus");
  CHECK(field_of(fleet_scenario({{"replicas", 2}})) == "fleet.replicas");
}

TEST_CASE("a closed loop is sized too: each replica holds its share of the requests in flight") {
  Json scenario = fleet_scenario({{"tp", {1}}});
  scenario["serving"]["workload"].erase("requests_per_s");
  scenario["serving"]["workload"]["concurrency"] = 256;
  const Json fleet = search(scenario)["fleet"];
  const Json& best = fleet["best"];
  const int64_t replicas = best["replicas"].get<int64_t>();
  REQUIRE(replicas > 1);
  // The queueing formulas are for Poisson arrivals: a closed loop's answer is all simulated.
  CHECK(fleet["search"]["estimates"] == 0);
  for (const Json& p : fleet["points"]) CHECK_FALSE(p["estimated"].get<bool>());
  Json fewer = scenario;
  fewer["serving"]["workload"]["concurrency"] = 256;
  CHECK_FALSE(meets(deployment(fewer, 1, replicas - 1), 0.5, 0.03));
}

TEST_CASE("a search past its simulation budget lists the layouts it left, and says so") {
  // 50,000 requests of 100 tokens a replica: 5 million tokens a simulation, ten fill the budget,
  // and 160 requests/s take several replicas (and simulations) a layout.
  Json scenario = fleet_scenario({{"accelerators", {"h100-sxm", "h200"}}, {"tp", {1, 2, 4, 8}}});
  scenario["serving"]["workload"]["requests_per_s"] = 160;
  scenario["serving"]["workload"]["requests"] = 50000;
  scenario["serving"]["workload"]["output_tokens"] = 100;
  const Json answer = search(scenario);
  const Json& layouts = answer["fleet"]["layouts"];
  CHECK(layouts[0]["status"] == "meets");
  CHECK(layouts.back()["status"] == "not_searched");
  CHECK(layouts.back()["accelerator_name"] == "NVIDIA H200 SXM 141GB");
  bool warned = false;
  for (const Json& w : answer["warnings"]) warned |= w["code"] == "warning.fleet_budget";
  CHECK(warned);
}

TEST_CASE("a disaggregated fleet: each pool meets its own share of the targets, the TTFT adds up") {
  // Llama 3.1 70B in FP8 at 20 requests/s of 2,000-token prompts: prefill-heavy traffic.
  const Json scenario = {{"model", "llama-3.1-70b"},
                         {"hardware", {{"accelerator", "h100-sxm"}}},
                         {"inference", {{"runtime", "vllm"}, {"weights", "fp8"}}},
                         {"serving",
                          {{"workload",
                            {{"requests_per_s", 20},
                             {"requests", 300},
                             {"prompt_tokens", 2000},
                             {"output_tokens", 300}}},
                           {"targets", {{"ttft_p99_s", 1.0}, {"tpot_p99_s", 0.05}}}}},
                         {"fleet", {{"tp", {2, 4}}}}};
  const Json answer = search(scenario);
  const Json& layouts = answer["fleet"]["layouts"];
  REQUIRE(layouts.size() == 3);
  const Json& split = layouts[2];
  CHECK(split["mode"] == "disaggregated");
  REQUIRE(split["status"] == "meets");
  const Json& prefill = split["prefill"];
  const Json& decode = split["decode"];
  CHECK(split["gpus"] == prefill["gpus"].get<int64_t>() + decode["gpus"].get<int64_t>());
  CHECK(prefill["gpus"] == prefill["tp"].get<int64_t>() * prefill["replicas"].get<int64_t>());
  CHECK(split["ttft_p99_s"].get<double>() ==
        Approx(prefill["ttft_p99_s"].get<double>() + split["kv_transfer_s"].get<double>() +
               decode["ttft_p99_s"].get<double>()));
  CHECK(split["ttft_p99_s"].get<double>() <= 1.0);
  CHECK(decode["tpot_p99_s"].get<double>() <= 0.05);
  // The KV transfer: 2,000 tokens x 320 KiB (80 layers x 8 KV heads x 128 x 2 x 2 bytes) over
  // each prefill GPU's 50 GB/s InfiniBand NDR port, a tp share each.
  const double kv_bytes = 2000.0 * 80 * 8 * 128 * 2 * 2;
  CHECK(split["kv_transfer_s"].get<double>() ==
        Approx(kv_bytes / prefill["tp"].get<double>() / 50e9).epsilon(1e-9));
  // A prefill pool one replica smaller misses its TTFT share, or does not keep up.
  Json fewer = scenario;
  fewer.erase("fleet");
  const int64_t tp = prefill["tp"].get<int64_t>();
  const int64_t replicas = prefill["replicas"].get<int64_t>() - 1;
  fewer["hardware"]["count"] = tp * replicas;
  fewer["inference"]["tp"] = tp;
  fewer["serving"]["replicas"] = replicas;
  fewer["serving"]["workload"]["requests"] = 300 * replicas;
  fewer["serving"]["workload"]["output_tokens"] = 1;
  const Json small = run(fewer)["serving"];
  const double budget =
      1.0 - split["kv_transfer_s"].get<double>() - decode["ttft_p99_s"].get<double>();
  CHECK((small["overloaded"].get<bool>() || small["ttft_s"]["p99"].get<double>() > budget));
  CHECK(answer["references"].contains("distserve-2024"));
  // Its answer is a point of the Pareto chart, beside the aggregated layouts' replica counts.
  int64_t split_points = 0;
  for (const Json& p : answer["fleet"]["points"]) {
    if (p["mode"] != "disaggregated") continue;
    ++split_points;
    CHECK(p["gpus"] == split["gpus"]);
    CHECK_FALSE(p.contains("tp"));
  }
  CHECK(split_points == 1);
}

TEST_CASE("the fleet section can leave disaggregated layouts out") {
  const Json layouts =
      search(fleet_scenario({{"tp", {1}}, {"disaggregated", false}}))["fleet"]["layouts"];
  REQUIRE(layouts.size() == 1);
  CHECK(layouts[0]["mode"] == "aggregated");
}

TEST_CASE(
    "layouts estimated dearer than their device's cheapest are left at their estimate, and "
    "none of them could have been cheaper") {
  // Llama 3.1 70B in FP8 at 20 requests/s of 2,000-token prompts on H100 at TP 1, 2, 4 and 8: one
  // GPU a replica prefills too slowly for the TTFT target at any but a light load, so TP 1 takes
  // many replicas.
  Json scenario = fleet_scenario({{"tp", {1, 2, 4, 8}}, {"disaggregated", false}},
                                 {{"ttft_p99_s", 1.0}, {"tpot_p99_s", 0.05}});
  scenario["model"] = "llama-3.1-70b";
  scenario["inference"]["weights"] = "fp8";
  scenario["serving"]["workload"] = {
      {"requests_per_s", 20}, {"requests", 300}, {"prompt_tokens", 2000}, {"output_tokens", 300}};
  const Json answer = search(scenario)["fleet"];
  const double best_usd = answer["best"]["usd_per_hour"].get<double>();
  int64_t screened = 0;
  for (const Json& l : answer["layouts"]) {
    CHECK(l["estimates"].get<int64_t>() > 0);
    if (l["status"] != "screened") continue;
    ++screened;
    CHECK(l["simulations"] == 0);
    CHECK(l["usd_per_hour"].get<double>() > 1.5 * best_usd);
    // As many replicas as the device's cheapest answer pays for miss the targets in the simulation.
    const int64_t tp = l["tp"].get<int64_t>();
    const double per_replica = l["price_per_gpu_hour_usd"].get<double>() * double(tp);
    const auto affordable = int64_t(best_usd / per_replica);
    REQUIRE(affordable > 1);
    const Json simulated = deployment(scenario, tp, affordable);
    CHECK_FALSE(meets(simulated, 1.0, 0.05));
  }
  CHECK(screened > 0);
  CHECK(answer["search"]["estimates"].get<int64_t>() >
        answer["search"]["simulations"].get<int64_t>());
}
