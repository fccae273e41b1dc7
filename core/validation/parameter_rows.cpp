#include "validation/parameter_rows.hpp"

#include <algorithm>

#include "error.hpp"

namespace llm_sizer {
namespace {

constexpr double kRoundedTolerance = 0.01;
constexpr double kActiveTolerance = 0.03;

Json preset_row(const ModelPreset& preset, const std::string& kind, const std::string& metric,
                double value, double tolerance) {
  return json_object({{"id", "params-" + kind + "-" + preset.id},
                      {"category", "parameters"},
                      {"generated_from", "data/models: " + preset.id},
                      {"model", preset.id},
                      {"scenario", json_object({{"model", preset.id}})},
                      {"metric_path", metric},
                      {"value", value},
                      {"unit", "params"},
                      {"tolerance", tolerance},
                      {"source", preset.source}});
}

}  // namespace

std::vector<Json> preset_parameter_rows(const Catalog& catalog, const Json& notes) {
  std::vector<Json> rows;
  for (const auto& preset : catalog.models) {
    const bool exact = preset.official_params_precision == "exact";
    rows.push_back(preset_row(preset, "total", "model.params_total", double(preset.official_params),
                              exact ? 0.0 : kRoundedTolerance));
    if (preset.official_params_active) {
      // DeepSeek and OpenAI publish active counts without the embedding lookup.
      const std::string metric = preset.official_active_excludes_embedding
                                     ? "model.params_active - model.params_embedding"
                                     : "model.params_active";
      rows.push_back(preset_row(preset, "active", metric, double(*preset.official_params_active),
                                kActiveTolerance));
    }
  }
  if (!notes.is_array()) {
    throw InputError(kParameterNotesFile, plain_text("must be a JSON array of notes"),
                     describe_value(notes));
  }
  for (size_t i = 0; i < notes.size(); ++i) {
    const std::string location = std::string(kParameterNotesFile) + "[" + std::to_string(i) + "]";
    const FieldReader note(notes[i], location);
    const std::string id = note.optional_string("id").value_or("");
    const auto row =
        std::find_if(rows.begin(), rows.end(), [&](const Json& r) { return r["id"] == id; });
    if (row == rows.end()) {
      throw InputError(
          note.field("id"),
          plain_text("must name a row made from a model preset (params-total-<preset> or "
                     "params-active-<preset>)"),
          "\"" + id + "\"");
    }
    if (notes[i].contains("tolerance")) (*row)["tolerance"] = notes[i]["tolerance"];
    if (note.has("notes")) (*row)["notes"] = *note.find("notes");
  }
  return rows;
}

}  // namespace llm_sizer
