#include "model/hf_config.hpp"

#include <algorithm>

#include "error.hpp"
#include "limits.hpp"
#include "model/config_aliases.hpp"
#include "model/families.hpp"
#include "model/model_size.hpp"
#include "model/readers/readers.hpp"

namespace llm_sizer {
namespace {

// Config-class defaults that published multimodal configs rely on and omit from text_config:
// Gemma3TextConfig (transformers models/gemma3/configuration_gemma3.py) and LlamaConfig
// (models/llama/configuration_llama.py), which LLaVA-1.5's text_config leaves mostly unset.
constexpr std::string_view kGemma3TextDefaults = R"({
  "vocab_size": 262208, "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
  "max_position_embeddings": 131072, "sliding_window": 4096, "sliding_window_pattern": 6})";
constexpr std::string_view kLlamaDefaults = R"({
  "vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 11008, "num_hidden_layers": 32,
  "num_attention_heads": 32, "max_position_embeddings": 2048, "tie_word_embeddings": false})";

// A multimodal config nests the language model under text_config; its fields win.
Json flatten_text_config(const Json& config, const Json& text) {
  Json merged = config;
  merged.erase("text_config");
  merged.erase("vision_config");
  merged.erase("audio_config");
  for (const auto& [key, value] : text.items()) merged[key] = value;
  return merged;
}

Json with_defaults(const Json& config, std::string_view defaults_text) {
  Json merged = Json::parse(defaults_text);
  for (const auto& [key, value] : config.items()) {
    if (!value.is_null()) merged[key] = value;
  }
  return merged;
}

// The family a config belongs to: its (language model's) model_type, else the outer type of a
// multimodal wrapper whose text model has a type of its own ("mllama_text_model").
const FamilyTraits* find_config_family(const std::optional<std::string>& type,
                                       const std::optional<std::string>& outer_type) {
  if (type) {
    if (const FamilyTraits* family = find_family(*type)) return family;
  }
  if (outer_type) return find_family(*outer_type);
  return nullptr;
}

void read_decoder(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  read_dimensions(r, family, m);
  if (const Json* ffn = r.find("ffn_config"); ffn != nullptr && family.shape == "dbrx") {
    read_moe(FieldReader(*ffn, r.field("ffn_config")), family, m);
  } else {
    read_moe(r, family, m);
  }
  // Qwen3.5 names its multi-token-prediction layers mtp_num_hidden_layers (Qwen3_5TextConfig).
  const bool qwen_mtp = family.shape == "qwen3_next" && r.has("mtp_num_hidden_layers");
  m.mtp_layers = r.int_or(qwen_mtp ? "mtp_num_hidden_layers" : "num_nextn_predict_layers", 0,
                          limits::kPredictionLayers);

  const auto attention = read_attention_pattern(r, family, m);
  const auto ffn = read_ffn_pattern(r, family, m);
  m.layers.resize(static_cast<size_t>(m.num_layers));
  for (size_t i = 0; i < m.layers.size(); ++i) {
    m.layers[i].attention = attention[i];
    m.layers[i].ffn = ffn[i];
  }
  const auto has = [&](auto predicate) {
    return std::any_of(m.layers.begin(), m.layers.end(), predicate);
  };
  if (has([](const LayerSpec& l) { return l.ffn == FfnKind::dense; }) && m.intermediate_size == 0) {
    throw InputError(r.field(pick_alias(r, "intermediate_size")),
                     {"error.required_positive_integer"}, "");
  }
  if (family.shape == "gemma3n") read_gemma3n(r, m);
  if (has([](const LayerSpec& l) { return l.attention == AttentionKind::linear; })) {
    read_linear_attention(r, m);
  }
  if (has([](const LayerSpec& l) { return l.attention == AttentionKind::state_space; })) {
    read_state_space(r, family, m);
  }
}

}  // namespace

ParsedModel parse_hf_config(const Json& input, const std::string& path) {
  ParsedModel parsed;
  ModelSpec& m = parsed.spec;

  const FieldReader outer(input, path);
  const auto outer_type = outer.optional_string("model_type");
  Json config = input;
  std::string config_path = path;
  if (const Json* text = outer.find("text_config")) {
    config_path = outer.field("text_config");
    const FieldReader text_reader(*text, config_path);
    config = flatten_text_config(input, text_reader.json());
  } else {
    config.erase("vision_config");
  }

  const auto model_type = FieldReader(config, config_path).optional_string("model_type");
  const FamilyTraits* family = find_config_family(model_type, outer_type);
  if (family == nullptr) {
    check_unknown_type(FieldReader(config, config_path), outer, model_type.value_or(""),
                       parsed.warnings);
    family = &llama_family();
  }
  if (family->model_type == "gemma3_text") config = with_defaults(config, kGemma3TextDefaults);
  if (outer_type == "llava" && family->model_type == "llama") {
    config = with_defaults(config, kLlamaDefaults);
  }
  const FieldReader r(config, config_path);

  m.model_type = model_type.value_or("");
  m.shape = family->shape;
  m.stacks = family->stacks;
  if (family->stacks == Stacks::decoder) {
    read_decoder(r, *family, m);
  } else {
    read_encoder_model(r, *family, m);
  }
  read_vision(outer, parsed);
  read_audio(outer, m);
  check_model_size(m, path);
  return parsed;
}

}  // namespace llm_sizer
