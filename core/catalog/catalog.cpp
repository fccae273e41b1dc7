#include "catalog/catalog.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "error.hpp"

namespace llm_sizer {
namespace {

// "models/llama.json" → "models"; "cloud-prices.json" → "cloud_prices".
std::string kind_of(std::string_view path) {
  std::string_view stem = path.substr(0, path.find('/'));
  if (stem == path) stem = path.substr(0, path.rfind('.'));
  std::string kind(stem);
  std::replace(kind.begin(), kind.end(), '-', '_');
  return kind;
}

bool valid_id(const std::string& id) {
  if (id.empty() || !(std::islower(static_cast<unsigned char>(id[0])) ||
                      std::isdigit(static_cast<unsigned char>(id[0])))) {
    return false;
  }
  return std::all_of(id.begin(), id.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return std::islower(u) || std::isdigit(u) || c == '-' || c == '.' || c == '_';
  });
}

ModelPreset parse_model_preset(const FieldReader& r) {
  ModelPreset p;
  p.id = *r.optional_string("id");
  p.name = r.optional_string("name").value_or(p.id);
  p.family = r.optional_string("family").value_or("");
  p.hf_id = r.optional_string("hf_id").value_or("");
  p.source = r.optional_string("source").value_or("");
  p.official_params = r.positive_int("official_params");
  p.official_params_active = r.optional_int("official_params_active", 1);
  p.official_active_excludes_embedding =
      r.bool_or("official_params_active_excludes_embedding", false);
  p.official_params_precision =
      r.choice_or("official_params_precision", "rounded", {"exact", "rounded"});
  p.context_length = r.int_or("context_length", 0, 1);
  if (!r.has("config")) throw InputError(r.field("config"), {"error.required"}, "");
  FieldReader config(*r.find("config"), r.field("config"));
  p.config = config.json();
  return p;
}

}  // namespace

const ModelPreset* Catalog::find_model(std::string_view id) const {
  const auto it =
      std::find_if(models.begin(), models.end(), [&](const ModelPreset& m) { return m.id == id; });
  return it == models.end() ? nullptr : &*it;
}

const AcceleratorSpec* Catalog::find_accelerator(std::string_view id) const {
  const auto it = std::find_if(accelerators.begin(), accelerators.end(),
                               [&](const AcceleratorSpec& a) { return a.id == id; });
  return it == accelerators.end() ? nullptr : &*it;
}

const DeviceCalibration* Catalog::find_calibration(std::string_view accelerator_id) const {
  const auto it =
      std::find_if(calibrations.begin(), calibrations.end(),
                   [&](const DeviceCalibration& c) { return c.accelerator == accelerator_id; });
  return it == calibrations.end() ? nullptr : &*it;
}

const Json& Catalog::interconnects() const {
  static const Json none = Json::array();
  const auto list = listing.find("interconnects");
  return list == listing.end() ? none : *list;
}

const HostSpec* Catalog::find_cpu(std::string_view id) const {
  const auto it =
      std::find_if(cpus.begin(), cpus.end(), [&](const HostSpec& c) { return c.id == id; });
  return it == cpus.end() ? nullptr : &*it;
}

const Json* Catalog::find_entry(std::string_view kind, std::string_view id) const {
  const auto list = listing.find(kind);
  if (list == listing.end()) return nullptr;
  for (const auto& entry : *list) {
    if (entry.value("id", "") == id) return &entry;
  }
  return nullptr;
}

Catalog load_catalog(std::span<const EmbeddedFile> files, Sources sources) {
  Catalog catalog;
  std::set<std::pair<std::string, std::string>> seen_ids;
  std::vector<std::string> calibration_id_fields;  // checked once every accelerator is known
  for (const auto& file : files) {
    const std::string file_path = "data/" + std::string(file.path);
    const Json entries = Json::parse(file.text.begin(), file.text.end());
    if (!entries.is_array()) throw InputError(file_path, {"error.catalog_array"}, "");
    const std::string kind = kind_of(file.path);
    Json& listing = catalog.listing[kind];
    if (listing.is_null()) listing = Json::array();
    for (size_t i = 0; i < entries.size(); ++i) {
      const FieldReader entry(entries[i], file_path + "[" + std::to_string(i) + "]");
      const auto id = entry.optional_string("id").value_or("");
      if (!valid_id(id)) {
        throw InputError(entry.field("id"), {"error.catalog_id"},
                         describe_value(entries[i].value("id", Json())));
      }
      if (sources == Sources::required && entry.optional_string("source").value_or("").empty()) {
        throw InputError(entry.field("source"), {"error.catalog_source"}, "");
      }
      if (!seen_ids.insert({kind, id}).second) {
        throw InputError(entry.field("id"), {"error.catalog_unique", json_object({{"kind", kind}})},
                         "\"" + id + "\"");
      }
      if (kind == "models") catalog.models.push_back(parse_model_preset(entry));
      if (kind == "accelerators") catalog.accelerators.push_back(parse_accelerator(entry));
      if (kind == "calibration") {
        catalog.calibrations.push_back(parse_calibration(entry, file_path));
        calibration_id_fields.push_back(entry.field("id"));
      }
      if (kind == "cpus") catalog.cpus.push_back(parse_host(entry));
      listing.push_back(entries[i]);
    }
  }
  // A calibration is a measurement of one catalog device: its id names that device.
  for (size_t i = 0; i < catalog.calibrations.size(); ++i) {
    const std::string& id = catalog.calibrations[i].accelerator;
    if (catalog.find_accelerator(id) == nullptr) {
      throw InputError(calibration_id_fields[i], {"error.catalog_accelerator"}, "\"" + id + "\"");
    }
  }
  return catalog;
}

}  // namespace llm_sizer
