#pragma once

#include <cstdint>

#include "field_reader.hpp"
#include "hardware/accelerator.hpp"
#include "model/model_spec.hpp"
#include "step_time/training_settings.hpp"
#include "warning.hpp"

namespace llm_sizer {

struct Catalog;

// Reads scenario["training"] against the parsed model and hardware (TP must divide the heads, PP
// at most the layers, EP the experts and dp, CP the sequence, tp x pp x cp x dp the GPU count,
// the device must have a rate for the precision). The price defaults to a catalog entry for the
// accelerator (see cost.hpp). With no plan field and no mfu, plan_from_planner is set and the
// plan is left at its defaults for the caller to choose. Throws InputError.
TrainingInput parse_training(const Json& section, const ModelSpec& model, double params_active,
                             const AcceleratorSpec& accelerator, int64_t gpu_count,
                             const Catalog& catalog, Warnings& warnings);

// The section with every default written out, echoed as scenario.training in the result.
Json training_input_to_json(const TrainingInput& input);

// The values each enumerated training field accepts, for pickers.
Json training_choices();

}  // namespace llm_sizer
