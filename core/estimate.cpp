#include "estimate.hpp"

#include "answer_text.hpp"

#include "error.hpp"
#include "json_text.hpp"
#include "launch/launch_command.hpp"
#include "model/param_explain.hpp"
#include "scenario/finite_check.hpp"
#include "scenario/result_json.hpp"
#include "training/training_explain.hpp"

namespace llm_sizer {
namespace {

// The model's repository as the catalog knows it, and the format it stores when its config says
// it is quantized (quantization_config.quant_method: DeepSeek-V3's fp8, gpt-oss's mxfp4).
ModelSource model_source(const ModelChoice& model) {
  ModelSource source;
  if (model.preset) {
    source.preset_id = model.preset->id;
    source.hf_id = model.preset->hf_id;
  }
  const auto quantization = model.config.find("quantization_config");
  if (quantization != model.config.end() && quantization->is_object()) {
    const auto method = quantization->find("quant_method");
    if (method != quantization->end() && method->is_string()) {
      source.checkpoint_format = method->get<std::string>();
    }
  }
  return source;
}

}  // namespace

Result estimate_model(const Scenario& scenario) {
  Result result;
  result.warnings = scenario.warnings;
  const ModelSpec& model = scenario.model.parsed.spec;
  result.model.tensors = list_tensors(model);
  result.model.params = count_parameters(model, result.model.tensors);
  explain_parameters(model, result.model.params, result.explanations);
  return result;
}

Result estimate(const Scenario& scenario) {
  Result result = estimate_model(scenario);
  const ModelSpec& model = scenario.model.parsed.spec;
  if (scenario.training) {
    const AcceleratorSpec& accelerator = scenario.hardware.accelerator;
    result.training =
        estimate_training(model, result.model.tensors, result.model.params, *scenario.training,
                          accelerator, scenario.hardware.cluster, result.warnings);
    explain_training(*scenario.training, *result.training, accelerator, result.explanations);
    if (scenario.rollout) {
      result.rl = estimate_rl_step(model, result.model.tensors, *scenario.training,
                                   *scenario.rollout, accelerator, scenario.hardware.cluster,
                                   *result.training, result.explanations, result.warnings);
    }
  }
  if (scenario.serving) {
    const ServingInput& serving = *scenario.serving;
    result.serving = estimate_serving_load(model, result.model.tensors,
                                           WeightsSizer(model, result.model.tensors),
                                           scenario.hardware.accelerator, serving.instance, serving,
                                           result.explanations, result.warnings);
  }
  if (scenario.inference || scenario.quantization) {
    const WeightsSizer sizer(model, result.model.tensors);
    const AcceleratorSpec& device = scenario.hardware.accelerator;
    if (scenario.inference) {
      const HardwareChoice& hw = scenario.hardware;
      result.inference =
          estimate_inference(model, result.model.tensors, sizer, device,
                             hw.host ? &*hw.host : nullptr, hw.host_link ? &*hw.host_link : nullptr,
                             *scenario.inference, result.explanations, result.warnings);
      result.launch = launch_commands(launch_setup(*scenario.inference, result.inference->placed,
                                                   model, device, hw.host ? &*hw.host : nullptr,
                                                   hw.count, model_source(scenario.model)));
    }
    if (scenario.quantization) {
      const QuantizationInput& q = *scenario.quantization;
      const HardwareChoice& hw = scenario.hardware;
      result.quantization =
          quantization_tradeoff(model, result.model.tensors, device, hw.host ? &*hw.host : nullptr,
                                hw.host_link ? &*hw.host_link : nullptr, q.settings,
                                size_formats(sizer, q.formats), scenario.quality);
      explain_quality(*result.quantization, result.explanations);
    }
  }
  return result;
}

namespace {

// Every number that leaves the core is finite (scenario/finite_check.hpp).
Json finite(Json result) {
  check_finite(result);
  return result;
}

}  // namespace

Json estimate_json(const Json& input, const Catalog& catalog) {
  const Scenario scenario = parse_scenario(input, catalog);
  return finite(result_to_json(scenario, estimate(scenario)));
}

std::string estimate_text(std::string_view scenario_text, const Catalog& catalog) {
  return answer_text([&] { return estimate_json(parse_json_text(scenario_text), catalog); });
}

Json estimate_model_json(const Json& input, const Catalog& catalog) {
  const FieldReader root(input, "");
  for (const std::string_view section : {"training", "inference", "quantization", "serving"}) {
    if (root.has(section)) throw InputError(std::string(section), {"error.section_elsewhere"}, "");
  }
  const Scenario scenario = parse_model_scenario(input, catalog);
  return finite(model_result_to_json(scenario, estimate_model(scenario)));
}

std::string estimate_model_text(std::string_view scenario_text, const Catalog& catalog) {
  return answer_text([&] { return estimate_model_json(parse_json_text(scenario_text), catalog); });
}

}  // namespace llm_sizer
