#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/embedded_data.hpp"
#include "field_reader.hpp"
#include "hardware/accelerator.hpp"
#include "hardware/calibration.hpp"
#include "hardware/host.hpp"

namespace llm_sizer {

// A model preset from data/models: a real Hugging Face config plus its official size.
struct ModelPreset {
  std::string id;
  std::string name;
  std::string family;
  std::string hf_id;
  std::string source;
  int64_t official_params = 0;
  std::optional<int64_t> official_params_active;
  bool official_active_excludes_embedding = false;  // DeepSeek, OpenAI: the lookup is not compute
  std::string official_params_precision;            // "exact" or "rounded"
  int64_t context_length = 0;
  Json config;
};

// Everything in data/, parsed once and passed to the pure estimate functions.
struct Catalog {
  std::vector<ModelPreset> models;
  std::vector<AcceleratorSpec> accelerators;
  std::vector<DeviceCalibration> calibrations;  // data/calibration/: measured efficiencies
  std::vector<HostSpec> cpus;
  // The data as shipped, one array per kind ("models", "accelerators", "interconnects", ...).
  Json listing = Json::object();

  const ModelPreset* find_model(std::string_view id) const;
  const AcceleratorSpec* find_accelerator(std::string_view id) const;
  const DeviceCalibration* find_calibration(std::string_view accelerator_id) const;
  const HostSpec* find_cpu(std::string_view id) const;
  // data/interconnects as shipped (an empty array when the build has none).
  const Json& interconnects() const;
  // The catalog entry as shipped (data/<kind>/*.json), or null.
  const Json* find_entry(std::string_view kind, std::string_view id) const;
};

// Whether a data set carries its entries' sources: data/ does, and so does every build but the
// page's first view, whose module leaves them out to download less (core/catalog/embed_data.cmake;
// the page shows them once the whole core has loaded).
enum class Sources { required, left_out };

// Throws InputError naming the file and entry ("data/models/llama.json[2].source") when an
// entry lacks an id or (Sources::required) a source, an id repeats, or a calibration names no
// catalog accelerator.
Catalog load_catalog(std::span<const EmbeddedFile> files, Sources sources = Sources::required);

// The catalog compiled into this build from data/.
Catalog load_builtin_catalog();

}  // namespace llm_sizer
