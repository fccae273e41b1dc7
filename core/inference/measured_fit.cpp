#include "inference/measured_fit.hpp"

#include <cmath>

#include "json_object.hpp"
#include "limits.hpp"

namespace llm_sizer {
namespace {

// Bisection in log space over the efficiency range: 60 halvings of a factor of 100 leave the fit
// within 1e-17 of the answer (the speed rises with the efficiency).
constexpr int kHalvings = 60;

struct Knob {
  std::string name;
  bool host = false;
  bool memory = true;
};

double& knob_value(const Knob& knob, Efficiency& device, std::optional<HostSide>& host) {
  if (knob.host) return knob.memory ? host->efficiency.memory : host->efficiency.compute;
  return knob.memory ? device.memory : device.compute;
}

// The part that takes most of a step at the defaults: the devices' roofline or the host's.
Knob choose_knob(const StepCost& step, bool memory) {
  const bool host = step.host_s > std::max(step.memory_s, step.compute_s);
  return {std::string(host ? "host_" : "") + (memory ? "memory_efficiency" : "compute_efficiency"),
          host, memory};
}

EfficiencyFit fit_one(const StepModel& scenario_steps, const PlacedMemory& placed,
                      const MeasuredInput& m, bool decode) {
  // The step model at the measured shape: its prompt for prefill, with a copy of the host side
  // whose efficiencies the search moves.
  InferenceInput probe = scenario_steps.input;
  probe.prompt_tokens = m.prefill_tokens;
  const StepFlops flops = step_flops(scenario_steps.model, scenario_steps.tensors, probe);
  std::optional<HostSide> host = scenario_steps.offload;
  StepModel steps{scenario_steps.model,
                  scenario_steps.tensors,
                  scenario_steps.weights,
                  scenario_steps.device,
                  probe,
                  flops,
                  host,
                  scenario_steps.efficiency};
  const auto step = [&] {
    return decode ? steps.decode(placed, m.decode_batch, m.decode_context_tokens)
                  : steps.prefill(placed, 1);
  };
  EfficiencyFit fit;
  fit.speed = decode ? "decode" : "prefill";
  fit.tokens = decode ? 1.0 : double(m.prefill_tokens);
  fit.measured_tokens_per_s = decode ? *m.decode_tokens_per_s : *m.prefill_tokens_per_s;
  const Knob knob = choose_knob(step(), decode);
  fit.knob = knob.name;
  double& value = knob_value(knob, steps.efficiency, host);
  fit.default_efficiency = value;
  const auto speed_at = [&](double efficiency) {
    value = efficiency;
    return fit.tokens / step().seconds();
  };
  fit.default_tokens_per_s = speed_at(fit.default_efficiency);
  double lo = limits::kEfficiency.min;
  double hi = limits::kEfficiency.max;
  if (speed_at(hi) < fit.measured_tokens_per_s) {
    fit.unmatched = "faster";
  } else if (speed_at(lo) > fit.measured_tokens_per_s) {
    fit.unmatched = "slower";
  }
  if (!fit.unmatched.empty()) {
    fit.fitted_efficiency = fit.default_efficiency;
    return fit;
  }
  for (int i = 0; i < kHalvings; ++i) {
    const double mid = std::sqrt(lo * hi);
    (speed_at(mid) < fit.measured_tokens_per_s ? lo : hi) = mid;
  }
  fit.fitted_efficiency = hi;
  // Around the fit the step is rest + work / efficiency: the work from two nearby points.
  const double at_fit = fit.tokens / speed_at(hi);
  const double nearby = hi * (1 - 1e-3);
  const double at_nearby = fit.tokens / speed_at(nearby);
  fit.work_s = (at_nearby - at_fit) / (1 / nearby - 1 / hi);
  fit.rest_s = at_fit - fit.work_s / hi;
  return fit;
}

}  // namespace

MeasuredFit fit_measured(const StepModel& steps, const PlacedMemory& placed,
                         const MeasuredInput& measured) {
  MeasuredFit fit;
  if (!steps.has_figures() || placed.verdict == Verdict::does_not_fit) {
    fit.setup_fits = false;
    return fit;
  }
  if (measured.decode_tokens_per_s) fit.fits.push_back(fit_one(steps, placed, measured, true));
  if (measured.prefill_tokens_per_s) fit.fits.push_back(fit_one(steps, placed, measured, false));
  return fit;
}

InferenceInput with_fitted_efficiencies(InferenceInput in, const MeasuredFit& fit) {
  for (const EfficiencyFit& f : fit.fits) {
    if (!f.unmatched.empty()) continue;
    std::optional<double>& field = f.knob == "memory_efficiency"    ? in.memory_efficiency
                                   : f.knob == "compute_efficiency" ? in.compute_efficiency
                                   : f.knob == "host_memory_efficiency"
                                       ? in.host_memory_efficiency
                                       : in.host_compute_efficiency;
    field = f.fitted_efficiency;
  }
  return in;
}

Json measured_fit_json(const MeasuredFit& fit) {
  Json out = Json::object();
  for (const EfficiencyFit& f : fit.fits) {
    Json one = json_object({{"efficiency", f.knob},
                            {"measured_tokens_per_s", f.measured_tokens_per_s},
                            {"default_tokens_per_s", f.default_tokens_per_s},
                            {"default_efficiency", f.default_efficiency},
                            {"fitted_efficiency", f.fitted_efficiency},
                            {"matched", f.unmatched.empty()}});
    if (!f.unmatched.empty()) one["unmatched"] = f.unmatched;
    out[f.speed] = one;
  }
  return out;
}

void explain_measured_fit(const MeasuredFit& fit, Explanations& explanations) {
  for (const EfficiencyFit& f : fit.fits) {
    if (!f.unmatched.empty()) continue;
    // Roofline (Williams et al. 2009) solved for the efficiency that gives the measured speed.
    explanations.emplace_back(
        "inference.measured_fit." + f.speed + ".fitted_efficiency",
        Explanation{"{work} / ({tokens} / {measured} - {rest})",
                    {{"work", f.work_s, "unit.s_at_full_efficiency"},
                     {"tokens", f.tokens, "unit.tokens_per_step"},
                     {"measured", f.measured_tokens_per_s, "unit.tokens_per_s"},
                     {"rest", f.rest_s, "unit.s_rest_of_step"}},
                    "roofline"});
  }
}

void warn_unmatched(const MeasuredFit& fit, Warnings& warnings) {
  if (!fit.setup_fits) warnings.push_back({"inference.measured", {"warning.measured_unused"}});
  for (const EfficiencyFit& f : fit.fits) {
    if (f.unmatched.empty()) continue;
    const bool faster = f.unmatched == "faster";
    const double bound = faster ? limits::kEfficiency.max : limits::kEfficiency.min;
    const Json params = json_object({{"efficiency", f.knob}, {"bound", bound}});
    const std::string field = "inference.measured." + f.speed + "_tokens_per_s";
    if (faster) {
      warnings.push_back({field, {"warning.measured_faster", params}});
    } else {
      warnings.push_back({field, {"warning.measured_slower", params}});
    }
  }
}

}  // namespace llm_sizer
