#pragma once

#include <optional>
#include <string>
#include <vector>

#include "explain/explanation.hpp"
#include "inference/measured_input.hpp"
#include "inference/offload_speed.hpp"
#include "inference/placement.hpp"
#include "inference/step_model.hpp"
#include "warning.hpp"

namespace llm_sizer {

// One measured speed and the efficiency that makes the estimate give it: the share of bandwidth
// (decode) or of the peak (prefill) of the part that takes most of the step, the devices' or the
// host's. The speed model is a roofline, so the step's time is rest + work / efficiency around
// the fit, and the efficiency is work / (tokens / measured - rest).
struct EfficiencyFit {
  std::string speed;  // "decode" or "prefill"
  std::string knob;   // memory_efficiency, compute_efficiency, host_memory_efficiency, ...
  double measured_tokens_per_s = 0;
  double default_tokens_per_s = 0;  // the estimate at the measured shape, with the defaults
  double default_efficiency = 0;
  double fitted_efficiency = 0;  // the default where no efficiency in range matches
  double tokens = 1;             // tokens one measured step yields: 1 (decode), the prompt
  double work_s = 0;             // the knob's part of the step at efficiency 1
  double rest_s = 0;             // the rest of the step at the fit
  std::string unmatched;         // "" (matched), "faster" or "slower" than any efficiency gives
};

struct MeasuredFit {
  std::vector<EfficiencyFit> fits;
  bool setup_fits = true;  // false: the measured setup has no speed (does not fit, no figures)
};

// Fits each measured speed at the measured shape, on the scenario's placement. `steps` is the
// scenario's step model (its defaults and overrides); nothing is fitted where it has no figures
// or the setup does not fit.
MeasuredFit fit_measured(const StepModel& steps, const PlacedMemory& placed,
                         const MeasuredInput& measured);

// The scenario with the fitted efficiencies as its overrides.
InferenceInput with_fitted_efficiencies(InferenceInput input, const MeasuredFit& fit);

Json measured_fit_json(const MeasuredFit& fit);
void explain_measured_fit(const MeasuredFit& fit, Explanations& explanations);
// A measured speed no efficiency in range gives is said, and the defaults stay; so is a measured
// setup that has no speed to fit.
void warn_unmatched(const MeasuredFit& fit, Warnings& warnings);

}  // namespace llm_sizer
