#include "checkpoint_read.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <set>

#include "checkpoint/checkpoint_format.hpp"
#include "checkpoint/gguf_files.hpp"
#include "checkpoint/gguf_header.hpp"
#include "checkpoint/safetensors_header.hpp"
#include "error.hpp"
#include "json_object.hpp"
#include "json_text.hpp"
#include "limits.hpp"
#include "model/hf_config.hpp"
#include "model/param_count.hpp"
#include "model/tensors.hpp"
#include "quantization/weight_format.hpp"
#include "scenario/result_json.hpp"

namespace llm_sizer {
namespace {

// Header bytes and config.json's model in the detected format may differ by what neither
// counts exactly (a few norms kept in F32, rotary buffers some exporters save): beyond this the
// config does not describe these files.
constexpr double kDisagreement = 0.03;

struct DtypeTotal {
  int64_t tensors = 0;
  int64_t elements = 0;
  int64_t bytes = 0;
};

// Tensors added up by their dtype (or ggml type).
void add_tensor(std::map<std::string, DtypeTotal>& totals, const StoredTensor& t) {
  DtypeTotal& d = totals[t.dtype];
  ++d.tensors;
  d.elements += t.elements;
  d.bytes += t.bytes;
}

// The totals as rows {<key>, tensors, elements, bytes}, most bytes first (ties by name).
Json totals_json(const std::map<std::string, DtypeTotal>& totals, const char* key) {
  Json rows = Json::array();
  for (const auto& [name, d] : totals) {
    rows.push_back(json_object(
        {{key, name}, {"tensors", d.tensors}, {"elements", d.elements}, {"bytes", d.bytes}}));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Json& a, const Json& b) {
    return a["bytes"].get<int64_t>() > b["bytes"].get<int64_t>();
  });
  return rows;
}

// The decoder layers the tensor names number: "model.layers.31.", "transformer.h.11.",
// "blocks.5." (Hugging Face naming; MTP modules continue the numbering, as in DeepSeek-V3), and
// GGUF's "blk.31." (llama.cpp's LLM_TN names).
int64_t layers_named(const std::vector<std::string>& names) {
  static const std::regex layer(R"((?:^|\.)(?:layers|h|blocks|blk)\.(\d{1,6})\.)");
  int64_t count = 0;
  for (const std::string& name : names) {
    std::smatch m;
    if (std::regex_search(name, m, layer))
      count = std::max<int64_t>(count, std::stoll(m[1].str()) + 1);
  }
  return count;
}

Json model_comparison(const ParsedModel& parsed, const CheckpointFormat& format,
                      int64_t header_bytes, int64_t layers_in_names, Warnings& warnings) {
  const ModelSpec& spec = parsed.spec;
  const std::vector<TensorSpec> tensors = list_tensors(spec);
  Json out = json_object({{"params_total", count_parameters(spec, tensors).total},
                          {"layers", int64_t(spec.layers.size())}});
  const int64_t layers = int64_t(spec.layers.size());
  if (layers_in_names > 0 && layers_in_names != layers &&
      layers_in_names != layers + spec.mtp_layers) {
    warnings.push_back(
        {"config.num_hidden_layers",
         {"warning.checkpoint_layers", {{"headers", layers_in_names}, {"config", layers}}}});
  }
  if (!format.weights) return out;
  const WeightsSize size =
      weights_size(spec, tensors, parse_weight_format(*format.weights, "weights"));
  const double expected = size.bytes + size.component(Component::mtp);
  out["expected_bytes"] = expected;
  out["difference"] = expected > 0 ? double(header_bytes) / expected - 1 : 0.0;
  if (expected > 0 && std::abs(double(header_bytes) / expected - 1) > kDisagreement) {
    warnings.push_back({"files",
                        {"warning.checkpoint_disagrees",
                         {{"headers", double(header_bytes)},
                          {"expected", expected},
                          {"format", *format.weights}}}});
  }
  return out;
}

std::optional<ParsedModel> config_model(const Json* config, Warnings& warnings) {
  if (!config) return std::nullopt;
  try {
    return parse_hf_config(*config, "config");
  } catch (const InputError& e) {
    warnings.push_back({e.field(), {"warning.checkpoint_config", {{"reason", e.allowed()}}}});
    return std::nullopt;
  }
}

// A GGUF repository from its file listing: each model file with its type and bytes, and beside
// it the bytes config.json's model takes in that type (text tensors only: llama.cpp keeps a
// vision tower in the separate mmproj file).
Json read_gguf_listing(const std::optional<std::string>& repo, const Json* config,
                       const FieldReader& r) {
  const Json& listed = *r.find("gguf_files");
  if (!listed.is_array() || !limits::kCheckpointFiles.contains(int64_t(listed.size()))) {
    throw InputError("gguf_files",
                     {"error.checkpoint_gguf_files", {{"max", limits::kCheckpointFiles.max}}},
                     describe_value(listed));
  }
  std::vector<GgufListedFile> files;
  for (size_t i = 0; i < listed.size(); ++i) {
    const std::string path = "gguf_files[" + std::to_string(i) + "]";
    if (!listed[i].is_object()) throw InputError(path, {"error.object"}, describe_value(listed[i]));
    FieldReader f(listed[i], path);
    f.reject_unknown({"name", "bytes"});
    const std::optional<std::string> name = f.optional_string("name");
    if (!name || name->empty() || name->size() > 1000) {
      throw InputError(f.field("name"), {"error.checkpoint_file_name"},
                       name ? shorten(*name, 200) : "nothing");
    }
    files.push_back({*name, f.required_int("bytes", limits::kCheckpointFileBytes)});
  }
  Warnings warnings;
  const std::optional<ParsedModel> parsed = config_model(config, warnings);
  std::optional<WeightsSizer> sizer;
  std::vector<TensorSpec> tensors;
  if (parsed) {
    tensors = list_tensors(parsed->spec);
    sizer.emplace(parsed->spec, tensors);
  }
  Json models = Json::array();
  Json projectors = Json::array();
  for (const GgufModelFile& g : gguf_model_files(files)) {
    Json row = json_object({{"file", g.path},
                            {"quant", g.quant},
                            {"parts", g.parts},
                            {"bytes", g.bytes},
                            {"weights", g.weights ? Json(*g.weights) : Json(nullptr)},
                            {"mixed", g.mixed}});
    if (g.parts != g.of) {
      warnings.push_back(
          {"gguf_files",
           {"warning.gguf_parts_missing", {{"file", g.path}, {"have", g.parts}, {"of", g.of}}}});
    }
    if (g.projector) {
      projectors.push_back(std::move(row));
      continue;
    }
    if (sizer && g.weights) {
      const WeightsSize size = (*sizer)(parse_weight_format(*g.weights, "weights"));
      const double expected =
          size.bytes + size.component(Component::mtp) - size.media_encoder_bytes();
      row["expected_bytes"] = expected;
      row["difference"] = expected > 0 ? double(g.bytes) / expected - 1 : 0.0;
    }
    models.push_back(std::move(row));
  }
  if (models.empty()) throw InputError("gguf_files", {"error.checkpoint_no_gguf"}, "no .gguf file");
  Json model = nullptr;
  if (parsed) {
    model = json_object({{"params_total", count_parameters(parsed->spec, tensors).total},
                         {"layers", int64_t(parsed->spec.layers.size())}});
  }
  return json_object({{"repo", repo ? Json(*repo) : Json(nullptr)},
                      {"kind", "gguf"},
                      {"gguf", std::move(models)},
                      {"projectors", std::move(projectors)},
                      {"model", std::move(model)},
                      {"warnings", warnings_json(warnings)}});
}

}  // namespace

Json read_checkpoint(const Json& input) {
  if (!input.is_object()) throw InputError("", {"error.object"}, describe_value(input));
  FieldReader r(input, "");
  r.reject_unknown({"repo", "config", "files", "gguf_files"});
  const std::optional<std::string> repo = r.optional_string("repo");
  const Json* config = r.find("config");
  if (config && !config->is_object()) {
    throw InputError("config", {"error.object"}, describe_value(*config));
  }
  if (r.has("gguf_files")) {
    if (r.has("files")) throw InputError("files", {"error.checkpoint_one_listing"}, "both");
    return read_gguf_listing(repo, config, r);
  }
  const Json* files = r.find("files");
  if (!files) throw InputError("files", {"error.required"}, "nothing");
  if (!files->is_array() || !limits::kCheckpointFiles.contains(int64_t(files->size()))) {
    throw InputError("files", {"error.checkpoint_files", {{"max", limits::kCheckpointFiles.max}}},
                     describe_value(*files));
  }
  std::map<std::string, DtypeTotal> by_dtype;
  std::vector<std::string> names;
  std::set<std::string> seen;
  Json file_list = Json::array();
  int64_t total_bytes = 0;
  for (size_t i = 0; i < files->size(); ++i) {
    const std::string path = "files[" + std::to_string(i) + "]";
    const Json& file = (*files)[i];
    if (!file.is_object()) throw InputError(path, {"error.object"}, describe_value(file));
    FieldReader f(file, path);
    f.reject_unknown({"name", "header"});
    const std::string name = f.optional_string("name").value_or("file " + std::to_string(i + 1));
    const Json* header = f.find("header");
    if (!header || !header->is_string()) {
      throw InputError(f.field("header"), {"error.checkpoint_header_text"},
                       header ? describe_value(*header) : "nothing");
    }
    const std::vector<StoredTensor> tensors =
        read_safetensors_header(header->get_ref<const std::string&>(), f.field("header"));
    int64_t file_bytes = 0;
    for (const StoredTensor& t : tensors) {
      if (!seen.insert(t.name).second) {
        throw InputError(f.field("header"), {"error.checkpoint_duplicate", {{"tensor", t.name}}},
                         shorten(t.name, 200));
      }
      add_tensor(by_dtype, t);
      file_bytes += t.bytes;
      names.push_back(t.name);
    }
    total_bytes += file_bytes;
    file_list.push_back(
        json_object({{"name", name}, {"tensors", int64_t(tensors.size())}, {"bytes", file_bytes}}));
  }
  Json dtypes = totals_json(by_dtype, "dtype");
  const std::string main_dtype = dtypes.empty() ? "" : dtypes[0]["dtype"].get<std::string>();
  const CheckpointFormat format = detect_checkpoint_format(config ? *config : Json(), main_dtype);
  Warnings warnings;
  if (!format.weights) {
    warnings.push_back({"config.quantization_config",
                        {"warning.checkpoint_format_unsized", {{"method", format.method}}}});
  }
  const std::optional<ParsedModel> parsed = config_model(config, warnings);
  const Json model =
      parsed ? model_comparison(*parsed, format, total_bytes, layers_named(names), warnings)
             : Json(nullptr);
  return json_object({
      {"repo", repo ? Json(*repo) : Json(nullptr)},
      {"kind", "safetensors"},
      {"files", std::move(file_list)},
      {"tensors", int64_t(names.size())},
      {"bytes", total_bytes},
      {"dtypes", std::move(dtypes)},
      {"format", json_object({{"method", format.method},
                              {"weights", format.weights ? Json(*format.weights) : Json(nullptr)},
                              {"detail", format.detail}})},
      {"model", model},
      {"warnings", warnings_json(warnings)},
  });
}

bool looks_like_gguf(std::string_view bytes) {
  return bytes.substr(0, 4) == "GGUF";
}

Json read_gguf_file(std::string_view bytes, const std::string& name) {
  const GgufHeader h = read_gguf_header(bytes, name);
  std::map<std::string, DtypeTotal> by_type;
  std::vector<std::string> names;
  int64_t total = 0;
  for (const StoredTensor& t : h.tensors) {
    add_tensor(by_type, t);
    total += t.bytes;
    names.push_back(t.name);
  }
  const int64_t layers = layers_named(names);
  Warnings warnings;
  if (h.block_count && layers > 0 && *h.block_count != layers) {
    warnings.push_back(
        {name, {"warning.gguf_layers", {{"tensors", layers}, {"metadata", *h.block_count}}}});
  }
  const std::optional<std::string> weights =
      h.file_type ? llama_ftype_id(*h.file_type) : std::nullopt;
  return json_object({{"kind", "gguf_header"},
                      {"file", name},
                      {"version", h.version},
                      {"architecture", h.architecture},
                      {"name", h.model_name},
                      {"file_type", h.file_type ? Json(*h.file_type) : Json(nullptr)},
                      {"weights", weights ? Json(*weights) : Json(nullptr)},
                      {"layers", h.block_count ? Json(*h.block_count) : Json(nullptr)},
                      {"header_bytes", h.data_offset},
                      {"tensors", int64_t(h.tensors.size())},
                      {"bytes", total},
                      {"types", totals_json(by_type, "type")},
                      {"warnings", warnings_json(warnings)}});
}

Json read_checkpoint_text(std::string_view text) {
  return read_checkpoint(parse_json_text(text));
}

}  // namespace llm_sizer
