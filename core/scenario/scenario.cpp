#include "scenario/scenario.hpp"

#include <algorithm>
#include <cctype>

#include "error.hpp"
#include "limits.hpp"
#include "model/config_aliases.hpp"
#include "model/param_count.hpp"
#include "training/training_json.hpp"

namespace llm_sizer {
namespace {

constexpr std::string_view kDefaultAccelerator = "h100-sxm";

const ModelPreset& find_model_preset(const Catalog& catalog, const std::string& id,
                                     const std::string& field) {
  const ModelPreset* preset = catalog.find_model(id);
  if (preset == nullptr) {
    throw InputError(field, {"error.model_preset"}, "\"" + id + "\"");
  }
  return *preset;
}

// The preset a pasted config.json is: the one whose config agrees on every key the core reads
// (so the estimate is the preset's own), unless the config names another model (a fine-tune
// shares its base's architecture, not its weights or its published figures). Null if none.
const ModelPreset* preset_with_config(const Catalog& catalog, const Json& config) {
  const auto keys = config_fields_read();
  const auto named = config.find("_name_or_path");
  std::string name = named != config.end() && named->is_string() ? named->get<std::string>() : "";
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  for (const ModelPreset& preset : catalog.models) {
    std::string hf_id = preset.hf_id;
    std::transform(hf_id.begin(), hf_id.end(), hf_id.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (!name.empty() && name != hf_id) continue;
    const bool same = std::all_of(keys.begin(), keys.end(), [&](std::string_view key) {
      const auto mine = config.find(std::string(key));
      const auto theirs = preset.config.find(std::string(key));
      if (mine == config.end() || theirs == preset.config.end()) {
        return mine == config.end() && theirs == preset.config.end();
      }
      return *mine == *theirs;
    });
    if (same) return &preset;
  }
  return nullptr;
}

// "model" is a preset id, a Hugging Face config.json object, or {"preset": id, ...overrides}.
ModelChoice parse_model(const Json& value, const Catalog& catalog) {
  ModelChoice choice;
  if (value.is_string()) {
    choice.preset = &find_model_preset(catalog, value.get<std::string>(), "model");
    choice.config = choice.preset->config;
  } else if (value.is_object() && value.contains("preset")) {
    const FieldReader r(value, "model");
    const auto id = r.optional_string("preset").value_or("");
    choice.preset = &find_model_preset(catalog, id, "model.preset");
    choice.config = choice.preset->config;
    Json overrides = value;
    overrides.erase("preset");
    // Overrides of a multimodal preset address its language model.
    Json& target =
        choice.config.contains("text_config") ? choice.config["text_config"] : choice.config;
    merge_config_overrides(target, overrides);
  } else if (value.is_object()) {
    choice.config = value;
    choice.preset = preset_with_config(catalog, value);
    choice.recognised = choice.preset != nullptr;
  } else {
    throw InputError("model", {"error.model"}, describe_value(value));
  }
  choice.parsed = parse_hf_config(choice.config, "model");
  return choice;
}

// A catalog CPU (data/cpus) read from its entry, with a scenario's overrides on top.
HostSpec catalog_host(const Catalog& catalog, const std::string& id, const Json& overrides,
                      const std::string& field) {
  const Json merged = merge_host_overrides(*catalog.find_entry("cpus", id), overrides);
  HostSpec host = parse_host(FieldReader(merged, field));
  host.modified = !overrides.empty();
  return host;
}

void warn_memory_assumed(const HostSpec& host, const std::string& field, Warnings& warnings) {
  if (host.memory_given) return;
  warnings.push_back({field + ".memory_bytes",
                      {"warning.host_memory_assumed", json_object({{"host", host.name}})}});
}

// "hardware.accelerator" is an accelerator or CPU preset id, an object with the device's figures
// ("category": "cpu" for a CPU), or {"preset": id, ...overrides}.
AcceleratorSpec parse_accelerator_choice(const Json& value, const Catalog& catalog,
                                         const std::string& field, Warnings& warnings) {
  const auto unknown = [&](const std::string& id, const std::string& where) {
    throw InputError(where, {"error.device_preset"}, "\"" + id + "\"");
  };
  const auto cpu = [&](const HostSpec& host) {
    warn_memory_assumed(host, field, warnings);
    return cpu_device(host);
  };
  if (value.is_string()) {
    const std::string id = value.get<std::string>();
    if (const AcceleratorSpec* spec = catalog.find_accelerator(id)) return *spec;
    if (catalog.find_cpu(id)) return cpu(catalog_host(catalog, id, Json::object(), field));
    unknown(id, field);
  }
  const FieldReader r(value, field);
  if (!r.has("preset")) {
    if (r.optional_string("category").value_or("") == "cpu") return cpu(parse_host(r));
    return parse_accelerator(r);
  }
  // A preset with some figures replaced: read the preset's own entry with the overrides on top.
  const std::string id = r.optional_string("preset").value_or("");
  Json overrides = value;
  overrides.erase("preset");
  if (catalog.find_cpu(id)) return cpu(catalog_host(catalog, id, overrides, field));
  const Json* entry = catalog.find_entry("accelerators", id);
  if (entry == nullptr) unknown(id, r.field("preset"));
  Json merged = *entry;
  for (const auto& [key, override_value] : overrides.items()) merged[key] = override_value;
  merged.erase("id");
  AcceleratorSpec spec = parse_accelerator(FieldReader(merged, field));
  spec.modified = true;
  return spec;
}

// "hardware.host": a CPU preset id, {"preset": id, ...overrides} (memory_bytes: the RAM
// installed), or an object with the CPU's figures.
HostSpec parse_host_choice(const Json& value, const Catalog& catalog, const std::string& field,
                           Warnings& warnings) {
  const auto preset = [&](const std::string& id, const std::string& where) {
    if (!catalog.find_cpu(id)) {
      throw InputError(where, {"error.cpu_preset"}, "\"" + id + "\"");
    }
  };
  HostSpec host;
  if (value.is_string()) {
    preset(value.get<std::string>(), field);
    host = catalog_host(catalog, value.get<std::string>(), Json::object(), field);
  } else {
    const FieldReader r(value, field);
    if (r.has("preset")) {
      const std::string id = r.optional_string("preset").value_or("");
      preset(id, r.field("preset"));
      Json overrides = value;
      overrides.erase("preset");
      host = catalog_host(catalog, id, overrides, field);
    } else {
      host = parse_host(r);
    }
  }
  warn_memory_assumed(host, field, warnings);
  return host;
}

HardwareChoice parse_hardware(const Json* value, const Catalog& catalog, Json& normalized,
                              Warnings& warnings) {
  const Json empty = Json::object();
  const FieldReader r(value ? *value : empty, "hardware");
  r.reject_unknown({"accelerator", "count", "host", "gpus_per_node", "intra_node", "inter_node",
                    "intra_node_bytes_per_s", "inter_node_bytes_per_s", "disk_read_bytes_per_s"});
  HardwareChoice choice;
  const Json accelerator =
      r.has("accelerator") ? *r.find("accelerator") : Json(std::string(kDefaultAccelerator));
  choice.accelerator =
      parse_accelerator_choice(accelerator, catalog, "hardware.accelerator", warnings);
  choice.count = r.int_or("count", 1, limits::kDevices);
  choice.cluster = parse_cluster(r, choice.accelerator, catalog.interconnects());
  normalized = json_object({{"accelerator", accelerator}, {"count", choice.count}});
  cluster_to_scenario(r, choice.cluster, normalized);
  if (is_cpu(choice.accelerator) && choice.count != 1) {
    throw InputError(r.field("count"), {"error.count_cpu"}, std::to_string(choice.count));
  }
  if (const Json* host = r.find("host")) {
    if (is_cpu(choice.accelerator)) {
      throw InputError(r.field("host"), {"error.host_absent_cpu"}, describe_value(*host));
    }
    if (choice.accelerator.unified_memory) {
      throw InputError(r.field("host"), {"error.host_absent_unified"}, describe_value(*host));
    }
    choice.host = parse_host_choice(*host, catalog, r.field("host"), warnings);
    choice.host_link =
        resolve_host_link(choice.accelerator, *choice.host,
                          catalog.listing.value("interconnects", Json::array()), r.field("host"));
    normalized["host"] = *host;
  }
  // The machine's disk: llama.cpp maps the model file, so what RAM does not hold is read from it.
  if (const auto disk = r.optional_number("disk_read_bytes_per_s", limits::kDiskReadBytesPerS)) {
    choice.accelerator.disk_read_bytes_per_s = *disk;
    if (choice.host) choice.host->disk_read_bytes_per_s = *disk;
    normalized["disk_read_bytes_per_s"] = *disk;
  }
  return choice;
}

}  // namespace

Scenario parse_model_scenario(const Json& input, const Catalog& catalog) {
  const FieldReader root(input, "");
  root.reject_unknown({"version", "model", "hardware", "training", "inference", "quantization",
                       "planner", "serving", "fleet"});
  const int64_t version = root.int_or("version", kScenarioVersion, 1, kScenarioVersion);

  Scenario scenario;
  if (!root.has("model")) {
    throw InputError("model", {"error.model_required"}, "");
  }
  scenario.model = parse_model(*root.find("model"), catalog);
  scenario.warnings = scenario.model.parsed.warnings;

  Json hardware;
  scenario.hardware = parse_hardware(root.find("hardware"), catalog, hardware, scenario.warnings);
  scenario.normalized = {
      {"version", version}, {"model", *root.find("model")}, {"hardware", hardware}};
  return scenario;
}

Scenario parse_scenario(const Json& input, const Catalog& catalog, bool pick_plan) {
  Scenario scenario = parse_model_scenario(input, catalog);
  const FieldReader root(input, "");
  if (const Json* training = root.find("training")) {
    const ModelSpec& spec = scenario.model.parsed.spec;
    const std::vector<TensorSpec> tensors = list_tensors(spec);
    const double params_active = double(count_parameters(spec, tensors).active);
    const HardwareChoice& hw = scenario.hardware;
    scenario.training = parse_training(*training, spec, params_active, hw.accelerator, hw.count,
                                       catalog, scenario.warnings);
    if (pick_plan && scenario.training->plan_from_planner) {
      choose_plan(spec, tensors, params_active, hw.accelerator, hw.cluster, hw.count,
                  *scenario.training, scenario.warnings);
    }
    scenario.normalized["training"] = training_input_to_json(*scenario.training);
    if (scenario.training->reinforcement()) {
      const FieldReader section(*training, "training");
      scenario.rollout = parse_rollout(section.find("rollout"), *scenario.training, spec, tensors,
                                       hw.accelerator, hw.count, catalog, scenario.warnings);
      scenario.normalized["training"]["rollout"] = rollout_input_to_json(*scenario.rollout);
    }
  }
  if (const Json* planner = root.find("planner")) {
    scenario.planner = parse_planner(planner, scenario.hardware.count);
    scenario.normalized["planner"] = planner_input_to_json(*scenario.planner);
  }
  if (const Json* inference = root.find("inference")) {
    scenario.inference = parse_inference(
        *inference, scenario.model.parsed.spec, scenario.hardware.accelerator,
        scenario.hardware.count, scenario.hardware.host.has_value(), catalog, scenario.warnings);
    scenario.normalized["inference"] = inference_input_to_json(*scenario.inference);
  }
  // The quantization table and the serving simulation run the inference section's settings, or
  // its defaults.
  std::optional<InferenceInput> defaults;
  const auto inference_settings = [&]() -> InferenceInput {
    if (scenario.inference) return *scenario.inference;
    if (!defaults) {
      defaults = parse_inference(Json::object(), scenario.model.parsed.spec,
                                 scenario.hardware.accelerator, scenario.hardware.count,
                                 scenario.hardware.host.has_value(), catalog, scenario.warnings);
    }
    return *defaults;
  };
  if (const Json* serving = root.find("serving")) {
    const InferenceInput settings = inference_settings();
    scenario.serving =
        parse_serving(*serving, settings, scenario.model.parsed.spec, scenario.hardware.count);
    scenario.serving->instance = settings;
    scenario.normalized["serving"] = serving_input_to_json(*scenario.serving);
  }
  if (const Json* fleet = root.find("fleet")) {
    scenario.fleet = parse_fleet(fleet);
    for (const std::string& id : scenario.fleet->accelerators) {
      if (!catalog.find_accelerator(id)) {
        throw InputError("fleet.accelerators", {"error.device_preset"}, "\"" + id + "\"");
      }
    }
    scenario.normalized["fleet"] = fleet_input_to_json(*scenario.fleet);
  }
  if (const Json* quantization = root.find("quantization")) {
    const InferenceInput settings = inference_settings();
    scenario.quantization = parse_quantization(*quantization, settings);
    scenario.normalized["quantization"] = quantization_input_to_json(*scenario.quantization);
    if (scenario.model.preset) {
      scenario.quality = quality_figures(catalog, scenario.model.preset->id);
    }
  }
  return scenario;
}

}  // namespace llm_sizer
