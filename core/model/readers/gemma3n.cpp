// Gemma 3n's decoder additions and its audio encoder (transformers
// models/gemma3n/configuration_gemma3n.py and modeling_gemma3n.py).
#include "error.hpp"
#include "limits.hpp"
#include "model/readers/readers.hpp"

namespace llm_sizer {

int64_t read_uniform_width(const FieldReader& r, std::string_view key) {
  const Json* value = r.find(key);
  if (value == nullptr || !value->is_array()) return r.required_int(key, limits::kWidth);
  const std::vector<int64_t> widths = r.int_list(key, limits::kWidth, limits::kLayers.max);
  if (widths.empty()) throw InputError(r.field(key), {"error.required_positive_integer"}, "[]");
  for (int64_t width : widths) {
    if (width != widths.front()) {
      throw InputError(r.field(key), {"error.per_layer_widths_differ"}, describe_value(*value));
    }
  }
  return widths.front();
}

void read_gemma3n(const FieldReader& r, ModelSpec& m) {
  Gemma3nSpec g;
  g.per_layer_rows = r.required_int("vocab_size_per_layer_input", limits::kVocab);
  g.per_layer_width = r.required_int("hidden_size_per_layer_input", limits::kWidth);
  g.altup_inputs = r.int_or("altup_num_inputs", 4, limits::kAltupInputs);
  g.laurel_rank = r.int_or("laurel_rank", 64, limits::kWidth);
  m.gemma3n = g;
  // Gemma3nTextAttention: the last num_kv_shared_layers layers reuse the KV cache of the last
  // earlier layer of their kind (sliding or full) and keep none of their own; their k and v
  // projections are still in the checkpoint.
  const int64_t shared = r.int_or("num_kv_shared_layers", 0, 0, m.num_layers - 1);
  for (int64_t i = m.num_layers - shared; i < m.num_layers; ++i) {
    m.layers[size_t(i)].kv_shared = true;
  }
}

void read_audio(const FieldReader& outer, ModelSpec& m) {
  const Json* section = outer.find("audio_config");
  if (section == nullptr) return;
  const FieldReader r(*section, outer.field("audio_config"));
  AudioSpec a;
  a.hidden_size = r.required_int("hidden_size", limits::kWidth);
  a.num_layers = r.required_int("conf_num_hidden_layers", limits::kLayers);
  a.num_heads = r.required_int("conf_num_attention_heads", limits::kHeads);
  if (a.hidden_size % a.num_heads != 0) {
    throw InputError(
        r.field("conf_num_attention_heads"),
        Message{"error.divide_encoder_hidden_size", json_object({{"hidden_size", a.hidden_size}})},
        std::to_string(a.num_heads));
  }
  a.conv_kernel = r.required_int("conf_conv_kernel_size", limits::kConvKernel);
  a.input_features = r.required_int("input_feat_size", limits::kWidth);
  const std::vector<int64_t> channels = r.int_list("sscp_conv_channel_size", limits::kWidth, 2);
  if (channels.size() != 2) {
    throw InputError(r.field("sscp_conv_channel_size"),
                     Message{"error.entry_per_layer", json_object({{"layers", 2}})},
                     std::to_string(channels.size()) + " entries");
  }
  a.sscp_channels[0] = channels[0];
  a.sscp_channels[1] = channels[1];
  a.soft_token_rows = r.required_int("vocab_size", limits::kVocab);
  a.projector_width = m.hidden_size;
  m.audio = a;
}

}  // namespace llm_sizer
