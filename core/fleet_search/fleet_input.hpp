#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "field_reader.hpp"

namespace llm_sizer {

// The scenario's optional "fleet" section: where the fleet search looks for the cheapest
// deployment that serves the serving section's traffic within its targets.
struct FleetInput {
  // Accelerator preset ids to try; empty: the scenario's own device (hardware.accelerator).
  std::vector<std::string> accelerators;
  // Tensor-parallel sizes to try; empty: 1, 2, 4, 8 up to each device's node size.
  std::vector<int64_t> tp;
  int64_t max_gpus = 1024;  // the largest fleet tried, all replicas together
  // Also try each device with prefill and decode on pools of their own.
  bool disaggregated = true;
};

// Reads scenario["fleet"] (absent: every default). Preset ids are checked by the scenario, which
// knows the catalog. Throws InputError.
FleetInput parse_fleet(const Json* section);
Json fleet_input_to_json(const FleetInput& input);

}  // namespace llm_sizer
