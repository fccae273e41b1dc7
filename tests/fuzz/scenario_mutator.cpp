#include "scenario_mutator.hpp"

#include <cfloat>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "error.hpp"
#include "estimate.hpp"
#include "json_text.hpp"
#include "limits.hpp"
#include "presets.hpp"

namespace llm_sizer::fuzz {
namespace {

using Random = std::minstd_rand;

// What the mutator knows about the schema, read from the core itself, so fields added later are
// fuzzed without touching this file.
struct Vocabulary {
  std::map<std::string, std::vector<std::string>> fields;  // by object kind ("training", ...)
  std::vector<std::string> ids;  // preset ids, formats, runtimes, choices, model types
  std::vector<std::string> model_ids;
  std::vector<Json> configs;  // every preset's config.json
  std::vector<Json> numbers;  // boundary values
};

// A section's known fields, as its "is not a known field" error lists them.
std::vector<std::string> probe_fields(const Catalog& catalog, const Json& scenario) {
  std::vector<std::string> fields;
  try {
    estimate_json(scenario, catalog);
  } catch (const InputError& e) {
    const std::string marker = "known fields: ";
    const auto at = e.allowed().find(marker);
    if (at == std::string::npos) return fields;
    std::string list = e.allowed().substr(at + marker.size());
    for (size_t start = 0; start <= list.size();) {
      const size_t comma = std::min(list.find(", ", start), list.size());
      fields.push_back(list.substr(start, comma - start));
      start = comma + 2;
    }
  }
  return fields;
}

void add_strings(const Json& values, std::vector<std::string>& out) {
  for (const auto& value : values) {
    if (value.is_string()) out.push_back(value.get<std::string>());
    if (value.is_object() && value.contains("id")) out.push_back(value["id"].get<std::string>());
  }
}

std::vector<Json> boundary_numbers() {
  std::vector<Json> numbers = {0,
                               1,
                               -1,
                               2,
                               3,
                               7,
                               0.5,
                               0.999,
                               1e-3,
                               1e-300,
                               5e-324,
                               1e300,
                               DBL_MAX,
                               -1e300,
                               1e6,
                               1e9,
                               1e12,
                               1e15,
                               1e16,
                               1e18,
                               9.3e18,
                               INT32_MAX,
                               int64_t(1) << 31,
                               int64_t(1) << 32,
                               INT64_MAX,
                               UINT64_MAX,
                               kMaxExactInteger,
                               kMaxExactInteger + 1};
  for (const IntRange& range :
       {limits::kLayers, limits::kWidth, limits::kHeads, limits::kHeadDim, limits::kExperts,
        limits::kVocab, limits::kPositions, limits::kDevices, limits::kSequences,
        limits::kSequenceTokens, limits::kBatchedTokens}) {
    numbers.insert(numbers.end(), {range.max, range.max + 1, range.min, range.min - 1});
  }
  for (const NumberRange& range :
       {limits::kMemoryBytes, limits::kBandwidthBytesPerS, limits::kPeakFlopsPerS,
        limits::kTrainingTokens, limits::kFlops, limits::kGlobalBatchTokens, limits::kMfu,
        limits::kEfficiency, limits::kDays, limits::kUsdPerGpuHour, limits::kRequestsPerS,
        limits::kMtbfHours, limits::kRestartS, limits::kCheckpointIntervalS,
        limits::kStorageBytesPerS, limits::kLostFraction, limits::kMeasuredTokensPerS,
        limits::kCheckpointWeightsBytes}) {
    numbers.insert(numbers.end(), {range.max, range.min, range.max * 1.0001});
  }
  return numbers;
}

const Vocabulary& vocabulary() {
  static const Vocabulary vocabulary = [] {
    const Catalog catalog = load_builtin_catalog();
    const Json presets = presets_json(catalog);
    Vocabulary v;
    const Json probe = 1;
    v.fields[""] = probe_fields(catalog, {{"model", "gpt2"}, {"\x01", probe}});
    for (const char* section :
         {"hardware", "training", "inference", "quantization", "serving", "fleet"}) {
      v.fields[section] = probe_fields(catalog, {{"model", "gpt2"}, {section, {{"\x01", probe}}}});
    }
    for (const char* part : {"workload", "targets"}) {
      v.fields[std::string("serving.") + part] =
          probe_fields(catalog, {{"model", "gpt2"}, {"serving", {{part, {{"\x01", probe}}}}}});
    }
    v.fields["inference.measured"] = probe_fields(
        catalog, {{"model", "gpt2"}, {"inference", {{"measured", {{"\x01", probe}}}}}});
    for (const char* part : {"rl", "rollout"}) {
      v.fields[std::string("training.") + part] = probe_fields(
          catalog,
          {{"model", "gpt2"}, {"training", {{"objective", "grpo"}, {part, {{"\x01", probe}}}}}});
    }
    for (const auto& field : presets["config_fields"]) v.fields["model"].push_back(field);
    for (const auto& [key, value] : presets["accelerators"][0].items()) {
      v.fields["hardware.accelerator"].push_back(key);
    }
    v.fields["hardware.accelerator"].push_back("interconnect_bytes_per_s");
    for (const char* precision : {"fp32", "tf32", "fp16", "bf16", "fp8", "int8", "int4", "fp4"}) {
      v.fields["dense_flops_per_s"].push_back(precision);
    }
    for (const auto& model : presets["models"]) {
      v.model_ids.push_back(model["id"].get<std::string>());
      v.configs.push_back(model["config"]);
    }
    add_strings(presets["accelerators"], v.ids);
    add_strings(presets["model_types"], v.ids);
    for (const auto& [section, choices] : presets["choices"].items()) {
      for (const auto& [field, values] : choices.items()) add_strings(values, v.ids);
    }
    v.ids.insert(v.ids.end(), v.model_ids.begin(), v.model_ids.end());
    v.numbers = boundary_numbers();
    return v;
  }();
  return vocabulary;
}

template <typename T>
const T& pick(const std::vector<T>& items, Random& random) {
  return items[std::uniform_int_distribution<size_t>(0, items.size() - 1)(random)];
}

bool chance(Random& random, int one_in) {
  return std::uniform_int_distribution<int>(0, one_in - 1)(random) == 0;
}

// One value inside the document and the kind of object that holds it.
struct Place {
  Json* value;
  std::string kind;  // "", "training", "model", "hardware.accelerator", ... or "other"
};

std::string child_kind(const std::string& kind, const std::string& key, Document document) {
  if (kind == "" && document == Document::config) return key == "text_config" ? "model" : "other";
  if (kind == "") return key == "model" ? "model" : key;
  if (kind == "model" && key == "text_config") return "model";
  if (kind == "hardware" && key == "accelerator") return "hardware.accelerator";
  if (kind == "hardware.accelerator" && key == "dense_flops_per_s") return "dense_flops_per_s";
  if (kind == "inference" && key == "measured") return "inference.measured";
  if (kind == "training" && (key == "rl" || key == "rollout")) return "training." + key;
  if (kind == "serving" && (key == "workload" || key == "targets")) return "serving." + key;
  return "other";
}

std::vector<Place> places_in(Json& root, Document document) {
  std::vector<Place> places;
  std::vector<Place> stack = {{&root, document == Document::config ? "model" : ""}};
  while (!stack.empty()) {
    const Place place = stack.back();
    stack.pop_back();
    places.push_back(place);
    if (place.value->is_object()) {
      for (auto it = place.value->begin(); it != place.value->end(); ++it) {
        stack.push_back({&it.value(), child_kind(place.kind, it.key(), document)});
      }
    } else if (place.value->is_array()) {
      for (auto& item : *place.value) stack.push_back({&item, "other"});
    }
  }
  return places;
}

Json random_number(const Json& old, Random& random) {
  const Vocabulary& v = vocabulary();
  if (!old.is_number() || chance(random, 2)) return pick(v.numbers, random);
  const double value = old.get<double>();
  switch (std::uniform_int_distribution<int>(0, 5)(random)) {
    case 0:
      return value * 10;
    case 1:
      return value / 10;
    case 2:
      return value + 1;
    case 3:
      return value - 1;
    case 4:
      return -value;
    default:
      return value * std::uniform_real_distribution<double>(0, 4)(random);
  }
}

Json random_value(const Json& old, Random& random) {
  const Vocabulary& v = vocabulary();
  switch (std::uniform_int_distribution<int>(0, 9)(random)) {
    case 0:
      return nullptr;
    case 1:
      return chance(random, 2);
    case 2:
      return pick(v.ids, random);
    case 3:
      return Json::object();
    case 4:
      return Json::array({pick(v.numbers, random)});
    case 5:
      return "<script>\x1b[31m\n" + std::string(chance(random, 4) ? 5000 : 3, 'x');
    default:
      return random_number(old, random);
  }
}

// Returns false when the chosen mutation found nothing to act on.
bool mutate(Json& root, Document document, Random& random) {
  const Vocabulary& v = vocabulary();
  std::vector<Place> places = places_in(root, document);
  const Place& place = pick(places, random);
  const int operation = std::uniform_int_distribution<int>(0, 9)(random);
  if (operation <= 2 && place.value->is_number()) {
    *place.value = random_number(*place.value, random);
  } else if (operation <= 4 && place.value->is_object()) {
    const auto known = v.fields.find(place.kind);
    const bool from_schema = known != v.fields.end() && !known->second.empty();
    const std::string key = from_schema ? pick(known->second, random) : pick(v.ids, random);
    const Json* old = place.value->contains(key) ? &(*place.value)[key] : nullptr;
    (*place.value)[key] = random_value(old ? *old : Json(1), random);
  } else if (operation == 5 && place.value->is_object() && !place.value->empty()) {
    auto it = place.value->begin();
    std::advance(it, std::uniform_int_distribution<size_t>(0, place.value->size() - 1)(random));
    place.value->erase(it);
  } else if (operation == 6 && place.value->is_string()) {
    *place.value = pick(v.ids, random);
  } else if (operation == 7 && place.value != &root) {
    *place.value = random_value(*place.value, random);
  } else if (operation == 8 && document == Document::scenario && root.is_object()) {
    const char* sections[] = {"training", "inference", "quantization", "serving", "fleet"};
    Json& section = root[sections[std::uniform_int_distribution<int>(0, 4)(random)]];
    if (!section.is_object()) section = Json::object();
  } else if (operation == 9 && document == Document::scenario && root.is_object()) {
    const size_t which = std::uniform_int_distribution<size_t>(0, v.configs.size() - 1)(random);
    switch (std::uniform_int_distribution<int>(0, 2)(random)) {
      case 0:
        root["model"] = v.model_ids[which];
        break;
      case 1:
        root["model"] = {{"preset", v.model_ids[which]}};
        break;
      default:
        root["model"] = v.configs[which];
    }
  } else {
    return false;
  }
  return true;
}

}  // namespace

size_t mutate_document(Document document, uint8_t* data, size_t size, size_t max_size,
                       unsigned seed) {
  if (document == Document::text) return 0;
  Random random(seed);
  Json root;
  try {
    // The core's reader: its depth limit keeps the mutator's own recursion (dump) shallow.
    root = parse_json_text(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const InputError&) {
    return 0;
  }
  for (int tries = 0, done = 0; tries < 16 && done < 1 + int(seed % 3); ++tries) {
    done += mutate(root, document, random) ? 1 : 0;
  }
  const std::string text = root.dump();
  if (text.size() > max_size) return 0;
  std::memcpy(data, text.data(), text.size());
  return text.size();
}

}  // namespace llm_sizer::fuzz
