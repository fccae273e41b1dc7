#pragma once

#include <optional>
#include <vector>

#include "explain/explanation.hpp"
#include "inference/inference_result.hpp"
#include "launch/launch_setup.hpp"
#include "model/param_count.hpp"
#include "model/tensors.hpp"
#include "post_training/rl_step.hpp"
#include "serving/serving_load.hpp"
#include "tradeoff/tradeoff.hpp"
#include "training/training_estimate.hpp"
#include "warning.hpp"

namespace llm_sizer {

// Every number the calculator shows for one scenario, before it becomes JSON (result_json.hpp).
struct ModelResult {
  std::vector<TensorSpec> tensors;
  ParamBreakdown params;
};

struct Result {
  ModelResult model;
  std::optional<TrainingResult> training;
  std::optional<RlStepResult> rl;  // GRPO: the step with its rollouts, and the run
  std::optional<InferenceResult> inference;
  std::vector<LaunchCommand> launch;  // with inference: the commands that realise it (launch/)
  std::optional<std::vector<TradeoffOption>> quantization;
  std::optional<ServingLoadResult> serving;
  Explanations explanations;
  Warnings warnings;
};

}  // namespace llm_sizer
