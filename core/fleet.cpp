#include "fleet.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "answer_text.hpp"
#include "error.hpp"
#include "fleet_search/disaggregated.hpp"
#include "fleet_search/replica_search.hpp"
#include "fleet_search/size_search.hpp"
#include "json_object.hpp"
#include "json_text.hpp"
#include "limits.hpp"
#include "scenario/finite_check.hpp"
#include "scenario/result_json.hpp"
#include "scenario/scenario.hpp"

namespace llm_sizer {
namespace {

// Tensor-parallel sizes tried when the fleet section names none: powers of two within a node.
constexpr int64_t kDefaultTp[] = {1, 2, 4, 8};

// The sections the fleet reads (model, hardware, inference, serving, fleet): a training plan or a
// quantization table would only cost time.
Json serving_sections(const Json& input) {
  Json out = input;
  if (!out.is_object()) return out;  // parse_scenario names the problem
  for (const char* key : {"training", "planner", "quantization"}) out.erase(key);
  return out;
}

// The scenario of one layout: `accelerator` (the scenario's own device when empty or own_id) with
// tp devices for one replica. Another device gets its own node, links and catalog price.
Json layout_scenario(const Json& base, const std::string& accelerator, const std::string& own_id,
                     int64_t tp) {
  Json out = base;
  out.erase("fleet");
  Json& hardware = out["hardware"];
  if (!hardware.is_object()) hardware = Json::object();
  Json& inference = out["inference"];
  if (!inference.is_object()) inference = Json::object();
  const bool other_device = !accelerator.empty() && accelerator != own_id;
  if (other_device) {
    hardware["accelerator"] = accelerator;
    for (const char* key : {"gpus_per_node", "intra_node", "inter_node", "intra_node_bytes_per_s",
                            "inter_node_bytes_per_s"}) {
      hardware.erase(key);
    }
    inference.erase("price_per_gpu_hour_usd");
  }
  hardware["count"] = tp;
  inference["tp"] = tp;
  if (out["serving"].is_object()) out["serving"].erase("replicas");
  return out;
}

// Whether p comes nearer the targets than q: a smaller shortfall, or, where neither keeps up,
// more tokens per second.
bool nearer(const FleetPoint& p, const FleetPoint& q) {
  if (std::isinf(p.shortfall) && std::isinf(q.shortfall)) {
    return p.output_tokens_per_s > q.output_tokens_per_s;
  }
  return p.shortfall < q.shortfall;
}

// A layout's nearest miss: the fewest replicas within kLatencyFloorGain of its smallest shortfall
// (more replicas than that buy no latency), or, where none keeps up, the most tokens per second.
const FleetPoint& nearest(const std::vector<FleetPoint>& points) {
  const FleetPoint* best = &points.front();
  for (const FleetPoint& p : points) {
    if (nearer(p, *best)) best = &p;
  }
  if (std::isinf(best->shortfall)) return *best;
  const double enough = best->shortfall * (1 + kLatencyFloorGain);
  for (const FleetPoint& p : points) {
    if (p.shortfall <= enough && p.replicas < best->replicas) best = &p;
  }
  return *best;
}

struct Layout {
  std::string accelerator;  // preset id, or "" for the scenario's own device
  std::string accelerator_name;
  int64_t tp = 1;
  std::optional<DisaggregatedLayout> disaggregated;  // prefill and decode pools (no single tp)
  // meets, misses, screened (left at its estimate), does_not_fit, device_figures, refused,
  // not_searched (past the simulation budget)
  std::string status;
  std::optional<double> price_per_gpu_hour_usd;
  std::optional<FleetPoint> point;  // the fewest replicas meeting, or the nearest miss
  bool latency_floor = false;
  int64_t simulations = 0;
  int64_t estimates = 0;
  Json error;                      // refused: why the scenario of this layout is bad input
  std::vector<FleetPoint> points;  // estimated, then simulated
};

// Cheaper per hour first (priced before unpriced), then fewer GPUs, then cheaper per token.
bool cheaper(const FleetPoint& a, const FleetPoint& b) {
  const double inf = std::numeric_limits<double>::infinity();
  const double ha = a.usd_per_hour.value_or(inf);
  const double hb = b.usd_per_hour.value_or(inf);
  if (ha != hb) return ha < hb;
  if (a.gpus != b.gpus) return a.gpus < b.gpus;
  return a.cost_per_million_output_tokens_usd.value_or(inf) <
         b.cost_per_million_output_tokens_usd.value_or(inf);
}

Json unmet_targets(const FleetPoint& p, const ServingTargets& targets) {
  Json unmet = Json::array();
  if (p.overloaded) unmet.push_back("requests_per_s");
  if (!p.served_all) unmet.push_back("requests");
  if (targets.ttft_p99_s && p.ttft_p99_s > *targets.ttft_p99_s) unmet.push_back("ttft_p99_s");
  if (targets.tpot_p99_s && p.tpot_p99_s > *targets.tpot_p99_s) unmet.push_back("tpot_p99_s");
  return unmet;
}

void put_point(Json& out, const FleetPoint& p) {
  out["replicas"] = p.replicas;
  out["gpus"] = p.gpus;
  out["output_tokens_per_s"] = p.output_tokens_per_s;
  out["output_tokens_per_s_per_gpu"] = p.output_tokens_per_s_per_gpu;
  out["tokens_per_s_per_user"] = p.tokens_per_s_per_user;
  out["requests_per_s"] = p.requests_per_s;
  out["ttft_p99_s"] = p.ttft_p99_s;
  out["tpot_p99_s"] = p.tpot_p99_s;
  out["keeps_up"] = !p.overloaded && p.served_all;
  out["meets"] = p.meets;
  out["estimated"] = p.estimated;
  if (p.usd_per_hour) out["usd_per_hour"] = *p.usd_per_hour;
  if (p.cost_per_million_output_tokens_usd) {
    out["cost_per_million_output_tokens_usd"] = *p.cost_per_million_output_tokens_usd;
  }
}

Json pool_json(const Pool& pool) {
  return json_object({{"tp", pool.tp},
                      {"replicas", pool.point.replicas},
                      {"gpus", pool.point.gpus},
                      {"ttft_p99_s", pool.point.ttft_p99_s},
                      {"tpot_p99_s", pool.point.tpot_p99_s}});
}

Json layout_json(const Layout& l, const ServingTargets& targets) {
  Json out = json_object({{"accelerator", l.accelerator},
                          {"accelerator_name", l.accelerator_name},
                          {"mode", l.disaggregated ? "disaggregated" : "aggregated"},
                          {"status", l.status},
                          {"simulations", l.simulations},
                          {"estimates", l.estimates}});
  if (const auto& d = l.disaggregated) {
    if (d->prefill) out["prefill"] = pool_json(*d->prefill);
    if (d->decode) out["decode"] = pool_json(*d->decode);
    if (d->point) out["kv_transfer_s"] = d->kv_transfer_s;
    if (!d->point) out["unmet"] = d->unmet;
  } else {
    out["tp"] = l.tp;
  }
  if (l.point) {
    put_point(out, *l.point);
    if (l.price_per_gpu_hour_usd) out["price_per_gpu_hour_usd"] = *l.price_per_gpu_hour_usd;
  }
  if (l.status == "misses" && l.point) {
    out["unmet"] = unmet_targets(*l.point, targets);
    out["latency_floor"] = l.latency_floor;
  }
  if (l.status == "refused") out["error"] = l.error;
  return out;
}

// A point is on the frontier when no other that keeps up streams as fast to each user and gives
// as many tokens per GPU, one of them more.
std::vector<bool> pareto_frontier(const std::vector<const FleetPoint*>& points) {
  std::vector<bool> on(points.size(), false);
  for (size_t i = 0; i < points.size(); ++i) {
    const FleetPoint& p = *points[i];
    if (p.overloaded || !p.served_all) continue;
    on[i] = std::none_of(points.begin(), points.end(), [&](const FleetPoint* q) {
      return !q->overloaded && q->served_all &&
             q->tokens_per_s_per_user >= p.tokens_per_s_per_user &&
             q->output_tokens_per_s_per_gpu >= p.output_tokens_per_s_per_gpu &&
             (q->tokens_per_s_per_user > p.tokens_per_s_per_user ||
              q->output_tokens_per_s_per_gpu > p.output_tokens_per_s_per_gpu);
    });
  }
  return on;
}

// The fleet's price per hour and per million output tokens.
void explain_cost(const Layout& l, const FleetPoint& p, Explanations& out) {
  if (l.price_per_gpu_hour_usd && p.usd_per_hour && p.output_tokens_per_s > 0) {
    const double price = *l.price_per_gpu_hour_usd;
    out.emplace_back("fleet.best.usd_per_hour",
                     Explanation{"{gpus} * {price}",
                                 {{"gpus", double(p.gpus), "unit.gpus"},
                                  {"price", price, "unit.usd_per_gpu_hour"}},
                                 "continuous-batching"});
    out.emplace_back(
        "fleet.best.cost_per_million_output_tokens_usd",
        Explanation{"{usd_per_hour} / (3600 * {output_tokens_per_s}) * 10^6",
                    {{"usd_per_hour", *p.usd_per_hour, "unit.usd_per_hour"},
                     {"output_tokens_per_s", p.output_tokens_per_s, "unit.tokens_per_s"}},
                    "continuous-batching"});
  }
}

// The disaggregated fleet's GPUs and first-token wait: its two pools and the hand-over.
void explain_pools(const DisaggregatedLayout& d, Explanations& out) {
  const FleetPoint& prefill = d.prefill->point;
  const FleetPoint& decode = d.decode->point;
  out.emplace_back("fleet.best.gpus",
                   Explanation{"{prefill_gpus} + {decode_gpus}",
                               {{"prefill_gpus", double(prefill.gpus), "unit.gpus"},
                                {"decode_gpus", double(decode.gpus), "unit.gpus"}},
                               "distserve-2024"});
  out.emplace_back("fleet.best.ttft_p99_s",
                   Explanation{"{prefill_ttft} + {kv_transfer} + {decode_first_step}",
                               {{"prefill_ttft", prefill.ttft_p99_s, "unit.s"},
                                {"kv_transfer", d.kv_transfer_s, "unit.s"},
                                {"decode_first_step", decode.ttft_p99_s, "unit.s"}},
                               "distserve-2024"});
}

void explain_best(const Layout& l, const ServingTargets& targets, Explanations& out) {
  const FleetPoint& p = *l.point;
  if (l.disaggregated) {
    explain_pools(*l.disaggregated, out);
    explain_cost(l, p, out);
    return;
  }
  // The fewest replicas whose p99s are within the targets (and that keep up with the traffic).
  std::vector<Term> terms = {{"replicas", double(p.replicas), "unit.replicas"}};
  std::string rule = "min {replicas}";
  if (targets.ttft_p99_s) {
    rule += ": {ttft_p99} <= {ttft_target}";
    terms.push_back({"ttft_p99", p.ttft_p99_s, "unit.s"});
    terms.push_back({"ttft_target", *targets.ttft_p99_s, "unit.s"});
  }
  if (targets.tpot_p99_s) {
    rule += targets.ttft_p99_s ? ", {tpot_p99} <= {tpot_target}" : ": {tpot_p99} <= {tpot_target}";
    terms.push_back({"tpot_p99", p.tpot_p99_s, "unit.s"});
    terms.push_back({"tpot_target", *targets.tpot_p99_s, "unit.s"});
  }
  out.emplace_back("fleet.best.replicas", Explanation{rule, terms, "continuous-batching"});
  out.emplace_back("fleet.best.gpus",
                   Explanation{"{replicas} * {tp}",
                               {{"replicas", double(p.replicas), "unit.replicas"},
                                {"tp", double(l.tp), "unit.gpus"}},
                               "continuous-batching"});
  explain_cost(l, p, out);
}

// One layout's scenario, or nullopt with the layout refused and why.
std::optional<Scenario> parse_layout(const Json& base, const std::string& own_id,
                                     const Catalog& catalog, Layout& l) {
  try {
    return parse_scenario(layout_scenario(base, l.accelerator, own_id, l.tp), catalog);
  } catch (const InputError& e) {
    l.status = "refused";
    l.error = error_json(e.what(), e.field(), e.rule(), e.got())["error"];
    return std::nullopt;
  }
}

// A layout's answer from its search: the fewest replicas of its size meeting the targets, or its
// nearest miss.
void take_search(const ReplicaSearch& search, Layout& l) {
  l.simulations = search.simulations;
  l.points.insert(l.points.end(), search.points.begin(), search.points.end());
  l.latency_floor = search.latency_floor;
  if (!search.unavailable.empty()) {
    l.status = search.unavailable;
  } else if (search.fewest_meeting) {
    l.status = "meets";
    l.point = search.points[*search.fewest_meeting];
  } else {
    l.status = "misses";
    l.point = nearest(search.points);
  }
}

// The tensor-parallel sizes to try on a device: the fleet section's, or powers of two up to the
// device's node.
std::vector<int64_t> tp_sizes(const Json& base, const std::string& accelerator,
                              const std::string& own_id, const FleetInput& fleet,
                              const Catalog& catalog) {
  if (!fleet.tp.empty()) return fleet.tp;
  const Scenario s = parse_model_scenario(layout_scenario(base, accelerator, own_id, 1), catalog);
  std::vector<int64_t> sizes;
  for (const int64_t tp : kDefaultTp) {
    if (tp == 1 || tp <= s.hardware.cluster.gpus_per_node) sizes.push_back(tp);
  }
  return sizes;
}

}  // namespace

Json fleet_json(const Json& input, const Catalog& catalog, const FleetProgress& progress) {
  const Json base = serving_sections(input);
  const Scenario scenario = parse_scenario(base, catalog);
  if (!scenario.serving) throw InputError("serving", {"error.fleet_needs_serving"}, "");
  const ServingInput& serving = *scenario.serving;
  if (serving.workload.arrivals == Arrivals::all_at_once) {
    throw InputError("serving.workload", {"error.fleet_needs_traffic"}, "");
  }
  const FleetInput fleet = scenario.fleet.value_or(FleetInput{});
  // The scenario's own device is named by its id unless the scenario changed its figures.
  const AcceleratorSpec& own = scenario.hardware.accelerator;
  const bool own_preset = !own.id.empty() && !own.modified;
  const std::string own_id = own_preset ? own.id : "";
  std::vector<std::string> accelerators = fleet.accelerators;
  if (accelerators.empty()) accelerators.push_back(own_id);
  const auto name_of = [&](const std::string& id) {
    const AcceleratorSpec* preset = id.empty() ? nullptr : catalog.find_accelerator(id);
    return preset && id != own_id ? preset->name : own.name;
  };

  const ModelSpec& model = scenario.model.parsed.spec;
  const std::vector<TensorSpec> tensors = list_tensors(model);
  // Each simulation generates about a replica's requests x their mean answer.
  const double tokens_per_simulation =
      double(serving.workload.requests) * double(serving.workload.output.mean);
  std::vector<std::pair<std::string, std::vector<int64_t>>> planned;  // device, its sizes
  int64_t total = 0;
  for (const std::string& accelerator : accelerators) {
    planned.emplace_back(accelerator, tp_sizes(base, accelerator, own_id, fleet, catalog));
    total += int64_t(planned.back().second.size()) + (fleet.disaggregated ? 1 : 0);
  }
  std::vector<Layout> layouts;
  std::vector<size_t>
      sized;  // the layouts whose scenario parses, as scenarios[i] and candidates[i]
  std::vector<Scenario> scenarios;
  for (const auto& [accelerator, sizes] : planned) {
    for (const int64_t tp : sizes) {
      Layout l;
      l.accelerator = accelerator;
      l.accelerator_name = name_of(accelerator);
      l.tp = tp;
      if (auto s = parse_layout(base, own_id, catalog, l)) {
        l.price_per_gpu_hour_usd = s->serving->instance.price_per_gpu_hour_usd;
        sized.push_back(layouts.size());
        scenarios.push_back(std::move(*s));
      }
      layouts.push_back(std::move(l));
    }
    if (fleet.disaggregated) {
      Layout l;
      l.accelerator = accelerator;
      l.accelerator_name = name_of(accelerator);
      l.status = "not_searched";
      l.disaggregated = DisaggregatedLayout{};
      layouts.push_back(std::move(l));
    }
  }
  std::vector<SizeCandidate> candidates;
  for (size_t i = 0; i < sized.size(); ++i) {
    const Scenario& s = scenarios[i];
    const Layout& l = layouts[sized[i]];
    candidates.push_back({&s.hardware.accelerator, &s.serving->instance, *s.serving,
                          max_replicas(fleet.max_gpus, l.tp), l.accelerator});
  }
  int64_t done = 0;
  const auto report = [&] {
    if (progress) progress(++done, total);
  };
  for (const Layout& l : layouts) {
    if (l.status == "refused") report();
  }
  // Every aggregated layout estimated first (the steady-state formulas, microseconds each), then
  // simulated from the cheapest estimate on, as far as the simulation budget goes; each device
  // screens its own layouts (search_sizes), so each keeps an answer of its own: users compare them.
  double simulated_tokens = 0;
  SizeSearchHooks hooks;
  hooks.may_simulate = [&] { return simulated_tokens < limits::kFleetSimulatedTokens; };
  hooks.done = [&](size_t i, const SizeOutcome& o) {
    Layout& l = layouts[sized[i]];
    l.estimates = o.estimate.estimates;
    l.points = o.estimate.points;
    if (!o.estimate.unavailable.empty()) {
      l.status = o.estimate.unavailable;
    } else if (o.screened) {
      l.status = "screened";
      l.point = o.estimate.point;
    } else if (o.search) {
      take_search(*o.search, l);
      simulated_tokens += double(l.simulations) * tokens_per_simulation;
    } else {
      l.status = "not_searched";
    }
    report();
  };
  const std::vector<SizeOutcome> outcomes =
      search_sizes(model, tensors, candidates, cheaper, hooks);
  // The disaggregated layouts, from each device's sizes that can serve.
  for (Layout& l : layouts) {
    if (!l.disaggregated) continue;
    std::vector<PoolSetup> pools;
    for (size_t i = 0; i < sized.size(); ++i) {
      const Layout& size = layouts[sized[i]];
      if (size.accelerator != l.accelerator || !outcomes[i].estimate.unavailable.empty()) continue;
      const Scenario& s = scenarios[i];
      pools.push_back({size.tp, s.hardware.accelerator, s.serving->instance, *s.serving,
                       s.hardware.cluster.inter_node.bytes_per_s});
    }
    std::sort(pools.begin(), pools.end(),
              [](const PoolSetup& a, const PoolSetup& b) { return a.tp < b.tp; });
    if (pools.empty()) {
      l.status = "does_not_fit";  // no size of this device serves the model
    } else if (simulated_tokens < limits::kFleetSimulatedTokens) {
      l.disaggregated = search_disaggregated(model, tensors, pools, fleet.max_gpus);
      l.simulations = l.disaggregated->simulations;
      l.estimates = l.disaggregated->estimates;
      simulated_tokens += double(l.simulations) * tokens_per_simulation;
      l.point = l.disaggregated->point;
      l.status = l.point ? "meets" : "misses";
      l.price_per_gpu_hour_usd = pools.front().instance.price_per_gpu_hour_usd;
    }
    report();
  }

  const Layout* best = nullptr;
  const Layout* closest = nullptr;
  int64_t simulations = 0;
  int64_t estimates = 0;
  std::vector<const FleetPoint*> all_points;
  std::vector<const Layout*> owners;
  for (const Layout& l : layouts) {
    simulations += l.simulations;
    estimates += l.estimates;
    for (const FleetPoint& p : l.points) {
      all_points.push_back(&p);
      owners.push_back(&l);
    }
    // A disaggregated layout has one point: both pools at their fewest replicas.
    if (l.disaggregated && l.point) {
      all_points.push_back(&*l.point);
      owners.push_back(&l);
    }
    if (!l.point) continue;
    if (l.status == "meets" && (best == nullptr || cheaper(*l.point, *best->point))) best = &l;
    if (l.status == "misses") {
      if (closest == nullptr || nearer(*l.point, *closest->point)) closest = &l;
    }
  }

  const std::vector<bool> frontier = pareto_frontier(all_points);
  Json points = Json::array();
  for (size_t i = 0; i < all_points.size(); ++i) {
    const Layout& owner = *owners[i];
    Json p = json_object({{"accelerator", owner.accelerator},
                          {"mode", owner.disaggregated ? "disaggregated" : "aggregated"}});
    if (!owner.disaggregated) p["tp"] = owner.tp;
    put_point(p, *all_points[i]);
    p["pareto"] = bool(frontier[i]);
    points.push_back(p);
  }
  Json layout_list = Json::array();
  for (const Layout& l : layouts) layout_list.push_back(layout_json(l, serving.targets));

  Warnings warnings = scenario.warnings;
  Explanations explanations;
  Json answer = json_object({{"layouts", layout_list},
                             {"points", points},
                             {"search", json_object({{"layouts", int64_t(layouts.size())},
                                                     {"simulations", simulations},
                                                     {"estimates", estimates}})}});
  if (std::any_of(layouts.begin(), layouts.end(),
                  [](const Layout& l) { return l.status == "not_searched"; })) {
    warnings.push_back(
        {"fleet",
         {"warning.fleet_budget", json_object({{"tokens", limits::kFleetSimulatedTokens}})}});
  }
  if (best) {
    answer["best"] = layout_json(*best, serving.targets);
    explain_best(*best, serving.targets, explanations);
  } else if (closest) {
    answer["closest"] = layout_json(*closest, serving.targets);
    warnings.push_back({"serving.targets", {"warning.fleet_none_meets"}});
  }
  Json references = Json::object();
  Json normalized = scenario.normalized;
  normalized["fleet"] = fleet_input_to_json(fleet);
  Json result = json_object({{"result_version", kResultVersion},
                             {"scenario", normalized},
                             {"fleet", answer},
                             {"warnings", warnings_json(warnings)},
                             {"explain", explanations_json(explanations, references)},
                             {"references", references}});
  check_finite(result);
  return result;
}

std::string fleet_text(std::string_view scenario_text, const Catalog& catalog,
                       const FleetProgress& progress) {
  return answer_text([&] { return fleet_json(parse_json_text(scenario_text), catalog, progress); });
}

}  // namespace llm_sizer
