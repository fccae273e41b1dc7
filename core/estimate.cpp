#include "estimate.hpp"

#include "answer_text.hpp"

#include "error.hpp"
#include "json_text.hpp"
#include "model/param_explain.hpp"
#include "scenario/finite_check.hpp"
#include "scenario/result_json.hpp"
#include "training/training_explain.hpp"

namespace llm_sizer {

Result estimate(const Scenario& scenario) {
  Result result;
  result.warnings = scenario.warnings;
  const ModelSpec& model = scenario.model.parsed.spec;
  result.model.tensors = list_tensors(model);
  result.model.params = count_parameters(model, result.model.tensors);
  explain_parameters(model, result.model.params, result.explanations);
  if (scenario.training) {
    const AcceleratorSpec& accelerator = scenario.hardware.accelerator;
    result.training =
        estimate_training(model, result.model.tensors, result.model.params, *scenario.training,
                          accelerator, scenario.hardware.cluster, result.warnings);
    explain_training(*scenario.training, *result.training, accelerator, result.explanations);
  }
  if (scenario.inference || scenario.quantization) {
    const WeightsSizer sizer(model, result.model.tensors);
    const AcceleratorSpec& device = scenario.hardware.accelerator;
    if (scenario.inference) {
      result.inference =
          estimate_inference(model, result.model.tensors, sizer, device, *scenario.inference,
                             result.explanations, result.warnings);
    }
    if (scenario.quantization) {
      const QuantizationInput& q = *scenario.quantization;
      result.quantization = quantization_tradeoff(model, result.model.tensors, device, q.settings,
                                                  size_formats(sizer, q.formats), scenario.quality);
      explain_quality(*result.quantization, result.explanations);
    }
  }
  return result;
}

Json estimate_json(const Json& input, const Catalog& catalog) {
  const Scenario scenario = parse_scenario(input, catalog);
  Json result = result_to_json(scenario, estimate(scenario));
  check_finite(result);
  return result;
}

std::string estimate_text(std::string_view scenario_text, const Catalog& catalog) {
  return answer_text([&] { return estimate_json(parse_json_text(scenario_text), catalog); });
}

}  // namespace llm_sizer
