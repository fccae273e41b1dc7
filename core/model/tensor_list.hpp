#pragma once

#include <string_view>
#include <vector>

#include "model/model_spec.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {

// Appends a model's tensors in checkpoint order. The listing of each block kind lives with its
// kind: decoder and encoder layers (tensors.cpp), recurrent mixers (tensors_mixers.cpp), image
// encoders (tensors_vision.cpp).
class TensorList {
 public:
  TensorList(const ModelSpec& model, std::vector<TensorSpec>& out) : m_(model), out_(out) {}

  const ModelSpec& model() const { return m_; }
  // Tensors appended while set belong to the encoder stack of an encoder-decoder or encoder.
  void set_encoder(bool encoder) { encoder_ = encoder; }

  void matrix(std::string_view kind, Component c, int layer, int64_t in, int64_t out,
              int64_t matrices = 1) {
    out_.push_back({kind, c, layer, in, out, matrices, false, false, encoder_});
  }
  void vector(std::string_view kind, Component c, int layer, int64_t width, int64_t matrices = 1) {
    out_.push_back({kind, c, layer, width, 1, matrices, true, false, encoder_});
  }
  void bias(std::string_view kind, Component c, int layer, int64_t width, int64_t matrices = 1) {
    out_.push_back({kind, c, layer, width, 1, matrices, true, true, encoder_});
  }
  // RMSNorm has a weight; LayerNorm a weight and a bias; OLMo's LayerNorm neither.
  void norm(std::string_view kind, Component c, int layer, int64_t width) {
    if (m_.norm == NormKind::non_parametric) return;
    vector(kind, c, layer, width);
    if (m_.norm == NormKind::layer_norm) bias(kind, c, layer, width);
  }
  // A LayerNorm with weight and bias whatever the model's own norm (image encoders).
  void layer_norm(std::string_view kind, Component c, int layer, int64_t width) {
    vector(kind, c, layer, width);
    bias(kind, c, layer, width);
  }
  // A linear layer, with its bias when the family has one.
  void linear(std::string_view kind, Component c, int layer, int64_t in, int64_t out, bool has_bias,
              int64_t matrices = 1) {
    matrix(kind, c, layer, in, out, matrices);
    if (has_bias) bias(kind, c, layer, out, matrices);
  }

  // Decoder and encoder layers (tensors.cpp).
  void layer(int index, const LayerSpec& spec, bool is_mtp);
  // Recurrent mixers (tensors_mixers.cpp).
  void linear_attention(int layer, Component c);
  void kimi_delta_attention(int layer, Component c);
  void state_space_mixer(int layer, Component c);
  // Image encoder and projector (tensors_vision.cpp).
  void vision_encoder(const VisionSpec& vision);
  // Gemma 3n's audio encoder and projector (tensors_audio.cpp).
  void audio_encoder(const AudioSpec& audio);
  // Gemma 3n's per-layer embedding and AltUp projections, and the per-layer inputs, LAuReL and
  // AltUp tensors of one layer (tensors_gemma3n.cpp).
  void gemma3n_inputs();
  void gemma3n_layer_extras(int layer);

 private:
  void layer_norms(int layer, Component c);
  void standard_attention(int layer, Component c);
  void latent_attention(int layer, Component c);
  void sparse_indexer(int layer, Component c);
  void cross_attention(int layer, Component c);
  void image_cross_attention(int layer, Component c);
  void dense_ffn(int layer, Component c, int64_t width);
  void moe_ffn(int layer, bool is_mtp);
  void clip_tower(const VisionSpec& v);
  void qwen_vl_tower(const VisionSpec& v);
  void mllama_tower(const VisionSpec& v);
  void mobilenet_v5_tower(const VisionSpec& v);
  // The names of one Gemma3nMultimodalEmbedder's tensors.
  struct EmbedderKinds {
    std::string_view table, hard_norm, soft_norm, projection;
  };
  void multimodal_embedder(const EmbedderKinds& kinds, Component c, int64_t width, int64_t rows,
                           int64_t text_width);

  const ModelSpec& m_;
  std::vector<TensorSpec>& out_;
  bool encoder_ = false;
};

}  // namespace llm_sizer
