#include "presets.hpp"

#include "inference/inference_input.hpp"
#include "model/families.hpp"
#include "model/hf_config.hpp"
#include "training/training_input.hpp"

namespace llm_sizer {

Json presets_json(const Catalog& catalog) {
  Json presets = catalog.listing;
  presets["model_types"] = known_model_types();
  presets["config_fields"] = config_fields_read();
  presets["choices"] = {{"training", training_choices()}, {"inference", inference_choices()}};
  return presets;
}

}  // namespace llm_sizer
