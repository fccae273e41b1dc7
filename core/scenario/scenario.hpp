#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "field_reader.hpp"
#include "fleet_search/fleet_input.hpp"
#include "hardware/accelerator.hpp"
#include "hardware/cluster.hpp"
#include "hardware/host.hpp"
#include "inference/inference_input.hpp"
#include "model/hf_config.hpp"
#include "planner/planner.hpp"
#include "post_training/rollout_input.hpp"
#include "scenario/planner_input.hpp"
#include "serving/serving_input.hpp"
#include "tradeoff/tradeoff.hpp"
#include "training/training_input.hpp"

namespace llm_sizer {

inline constexpr int kScenarioVersion = 1;

struct ModelChoice {
  const ModelPreset* preset = nullptr;  // null for a pasted config.json that is no preset's
  bool recognised = false;              // a pasted config.json equal to the preset's
  Json config;                          // the effective config (preset with overrides applied)
  ParsedModel parsed;
};

struct HardwareChoice {
  AcceleratorSpec accelerator;  // a GPU or other accelerator, or a CPU as the only device
  int64_t count = 1;
  ClusterSpec cluster;                // nodes and links, for the training step time and the planner
  std::optional<HostSpec> host;       // the CPU and RAM beside the accelerator, when given
  std::optional<HostLink> host_link;  // with a host: the link between them
};

// A validated scenario: everything the estimate needs, with defaults applied.
struct Scenario {
  ModelChoice model;
  HardwareChoice hardware;
  std::optional<TrainingInput> training;  // absent when the scenario has no training section
  std::optional<RolloutInput> rollout;    // GRPO: the engine that generates each step's answers
  std::optional<InferenceInput> inference;
  std::optional<QuantizationInput> quantization;  // present when the scenario asks for the table
  std::optional<PlannerInput> planner;            // the planner's options, when given
  std::optional<ServingInput> serving;            // the traffic to simulate, when given
  std::optional<FleetInput> fleet;                // where the fleet search looks, when given
  std::vector<QualityFigure> quality;  // published quality of the model preset, per format  //
                                       // present when the scenario has an inference section
  Json normalized;  // the input with every default written out, echoed in the result
  Warnings warnings;
};

// The one schema behind the CLI, the WASM API and the page's URL. A training section without a
// plan gets the planner's fastest plan unless pick_plan is false (plan() searches itself).
// Throws InputError.
Scenario parse_scenario(const Json& input, const Catalog& catalog, bool pick_plan = true);

// The model and hardware of a scenario (its sections, if any, are left unread): what the Model view
// shows, and the first step of parse_scenario.
Scenario parse_model_scenario(const Json& input, const Catalog& catalog);

}  // namespace llm_sizer
