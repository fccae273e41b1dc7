#include "presets.hpp"

#include "inference/inference_input.hpp"
#include "json_object.hpp"
#include "model/families.hpp"
#include "model/hf_config.hpp"
#include "post_training/rollout_input.hpp"
#include "training/training_input.hpp"

namespace llm_sizer {
namespace {

// model_type -> the layout it is counted with and the config.json keys that layout reads.
Json model_type_details() {
  Json details = Json::object();
  for (const FamilyTraits* family : known_families()) {
    details[std::string(family->model_type)] = json_object({{"shape", family->shape},
                                                            {"stacks", stacks_name(family->stacks)},
                                                            {"fields", fields_read_by(*family)}});
  }
  return details;
}

}  // namespace

Json catalog_presets_json(const Catalog& catalog) {
  Json presets = catalog.listing;
  presets["model_types"] = known_model_types();
  presets["config_fields"] = config_fields_read();
  return presets;
}

Json presets_json(const Catalog& catalog) {
  Json presets = catalog_presets_json(catalog);
  presets["model_type_details"] = model_type_details();
  presets["choices"] =
      json_object({{"training", training_choices()}, {"inference", inference_choices()}});
  // GRPO's engine fields, by their path in the training section (as the page's form names them).
  const Json rollout = rollout_choices();
  for (const auto& [key, values] : rollout.items()) {
    presets["choices"]["training"]["rollout." + key] = values;
  }
  // The fleet search's devices: the catalog's accelerators, by vendor.
  Json devices = Json::array();
  for (const Json& accelerator : catalog.listing.value("accelerators", Json::array())) {
    devices.push_back(json_object({{"id", accelerator.value("id", "")},
                                   {"name", accelerator.value("name", "")},
                                   {"family", accelerator.value("vendor", "")}}));
  }
  presets["choices"]["fleet"] = json_object({{"accelerators", devices}});
  return presets;
}

}  // namespace llm_sizer
