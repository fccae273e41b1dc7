#include "plan.hpp"

#include "answer_text.hpp"
#include "explain/explanation.hpp"
#include "json_text.hpp"
#include "model/param_count.hpp"
#include "planner/planner.hpp"
#include "scenario/finite_check.hpp"
#include "scenario/planner_input.hpp"
#include "scenario/result_json.hpp"
#include "scenario/scenario.hpp"
#include "step_time/step_json.hpp"

namespace llm_sizer {
namespace {

// The scenario without the fields the planner chooses, so they neither constrain nor fail it.
Json without_plan(const Json& input) {
  Json out = input;
  if (!out.is_object()) return out;  // parse_scenario names the problem
  Json& training = out["training"];
  if (training.is_null()) training = Json::object();
  if (training.is_object()) {
    for (const auto key : kPlanFields) training.erase(std::string(key));
  }
  return out;
}

Json candidate_json(const PlanCandidate& c) {
  Json out = parallelism_json(c.plan);
  out["fits"] = c.fits;
  out["memory_per_gpu_bytes"] = c.memory_per_gpu_bytes;
  out["step_time_s"] = c.step.step_time_s;
  out["mfu_estimated"] = c.mfu_estimated;
  out["tokens_per_s"] = c.step.tokens_per_s;
  out["step_breakdown"] = step_breakdown_json(c.step.breakdown);
  return out;
}

void explain_best(const PlanCandidate& best, const Planner& planner, double gpus, double peak,
                  Explanations& out) {
  explain_step("plans.0", "step_time_s", best.step, best.plan, planner.efficiency(), out);
  out.emplace_back(
      "plans.0.tokens_per_s",
      Explanation{"{global_batch_tokens} / {step_time_s}",
                  {{"global_batch_tokens", planner.global_batch_tokens(), "unit.tokens"},
                   {"step_time_s", best.step.step_time_s, "unit.s"}},
                  "palm-2022"});
  out.emplace_back("plans.0.mfu_estimated",
                   Explanation{"{flops_per_token} * {tokens_per_s} / ({gpus} * {peak})",
                               {{"flops_per_token", planner.model_flops_per_token(),
                                 "unit.model_flops_per_token"},
                                {"tokens_per_s", best.step.tokens_per_s, "unit.tokens_per_s"},
                                {"gpus", gpus, "unit.gpus"},
                                {"peak", peak, "unit.flops_per_s_per_gpu"}},
                               "palm-2022"});
}

}  // namespace

Json plan_json(const Json& input, const Catalog& catalog) {
  Scenario scenario = parse_scenario(without_plan(input), catalog, false);
  const ModelSpec& model = scenario.model.parsed.spec;
  const std::vector<TensorSpec> tensors = list_tensors(model);
  const ParamBreakdown params = count_parameters(model, tensors);
  const HardwareChoice& hw = scenario.hardware;
  const TrainingInput& settings = *scenario.training;
  const PlannerInput options = scenario.planner.value_or(parse_planner(nullptr, hw.count));
  const Planner planner(model, tensors, double(params.active), settings, hw.accelerator,
                        hw.cluster);

  const SearchResult found = options.top > 0
                                 ? planner.search(hw.count, options.space, size_t(options.top))
                                 : SearchResult{};
  Json plans = Json::array();
  for (const auto& c : found.plans) plans.push_back(candidate_json(c));
  Json scaling = Json::array();
  const std::vector<int64_t> no_curve;
  for (const int64_t gpus : options.scaling_curve ? options.scaling_gpus : no_curve) {
    const SearchResult point = planner.search(gpus, options.space, 1);
    Json entry =
        json_object({{"gpus", gpus}, {"fits", !point.plans.empty() && point.plans[0].fits}});
    if (entry["fits"].get<bool>()) {
      const PlanCandidate& best = point.plans[0];
      entry["tokens_per_s"] = best.step.tokens_per_s;
      entry["mfu_estimated"] = best.mfu_estimated;
      entry["step_time_s"] = best.step.step_time_s;
      entry["plan"] = parallelism_json(best.plan);
    }
    scaling.push_back(entry);
  }

  Warnings warnings = scenario.warnings;
  if (options.top > 0 && found.fitting == 0) {
    warnings.push_back({"hardware.count",
                        {"warning.no_plan_fits",
                         json_object({{"gpus", hw.count}, {"device", hw.accelerator.name}})}});
  }
  Explanations explanations;
  const double peak = hw.accelerator.peak_flops_per_s(settings.precision).value_or(0);
  if (!found.plans.empty()) {
    explain_best(found.plans[0], planner, double(hw.count), peak, explanations);
  }
  Json references = Json::object();
  Json normalized = scenario.normalized;
  for (const auto key : kPlanFields) normalized["training"].erase(std::string(key));
  normalized["training"].erase("global_batch_tokens");
  normalized["planner"] = planner_input_to_json(options);
  Json result = json_object(
      {{"result_version", kResultVersion},
       {"scenario", normalized},
       {"model", json_object({{"params_total", params.total}, {"params_active", params.active}})},
       {"hardware", json_object({{"accelerator", accelerator_to_json(hw.accelerator)},
                                 {"count", hw.count},
                                 {"cluster", cluster_to_json(hw.cluster)}})},
       {"global_batch_tokens", planner.global_batch_tokens()},
       {"seq_len", settings.seq_len},
       {"compute_efficiency", planner.efficiency().compute},
       {"search", json_object({{"candidates", found.candidates},
                               {"evaluated", found.evaluated},
                               {"fitting", found.fitting}})},
       {"plans", plans},
       {"scaling", scaling},
       {"warnings", warnings_json(warnings)},
       {"explain", explanations_json(explanations, references)},
       {"references", references}});
  check_finite(result);
  return result;
}

std::string plan_text(std::string_view scenario_text, const Catalog& catalog) {
  return answer_text([&] { return plan_json(parse_json_text(scenario_text), catalog); });
}

}  // namespace llm_sizer
