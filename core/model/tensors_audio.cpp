// Gemma 3n's audio encoder, a USM conformer (transformers models/gemma3n/modeling_gemma3n.py:
// Gemma3nAudioSubSampleConvProjection, Gemma3nAudioConformerBlock; Gulati et al. 2020,
// "Conformer", Fig. 1), and its Gemma3nMultimodalEmbedder, named "a." and "mm.a.".
#include "model/tensor_list.hpp"

namespace llm_sizer {
namespace {

constexpr Component kAudio = Component::audio;

// The mel bins left after a 3x3 convolution of stride 2 and padding 1.
int64_t halved(int64_t features) {
  return (features + 2 - 3) / 2 + 1;
}

}  // namespace

void TensorList::audio_encoder(const AudioSpec& a) {
  const int64_t d = a.hidden_size;
  // Two strided convolutions over (time, mel), each with a weight-only norm, then a projection of
  // the channels x remaining mel bins to the model width.
  matrix("a.conv0", kAudio, -1, 3 * 3, a.sscp_channels[0]);
  vector("a.conv0_norm", kAudio, -1, a.sscp_channels[0]);
  matrix("a.conv1", kAudio, -1, a.sscp_channels[0] * 3 * 3, a.sscp_channels[1]);
  vector("a.conv1_norm", kAudio, -1, a.sscp_channels[1]);
  matrix("a.input_proj", kAudio, -1, a.sscp_channels[1] * halved(halved(a.input_features)), d);
  for (int layer = 0; layer < int(a.num_layers); ++layer) {
    // Two half-step feed-forward modules (4x wide), each between a pre- and a post-norm.
    for (std::string_view kind : {"a.ffn_start", "a.ffn_end"}) {
      vector(kind, kAudio, layer, d);
      matrix(kind, kAudio, layer, d, 4 * d);
      matrix(kind, kAudio, layer, 4 * d, d);
      vector(kind, kAudio, layer, d);
    }
    // Chunked local self-attention with a relative position projection and a learned per-channel
    // query scale.
    vector("a.attn_norm", kAudio, layer, d);
    for (std::string_view kind : {"a.attn_q", "a.attn_k", "a.attn_v", "a.attn_pos", "a.attn_out"}) {
      matrix(kind, kAudio, layer, d, d);
    }
    vector("a.attn_per_dim_scale", kAudio, layer, d / a.num_heads);
    vector("a.attn_post_norm", kAudio, layer, d);
    // Light convolution: a GLU (2x) in, a depthwise convolution, a norm, a projection out.
    vector("a.conv_norm", kAudio, layer, d);
    matrix("a.conv_start", kAudio, layer, d, 2 * d);
    matrix("a.conv_dw", kAudio, layer, a.conv_kernel, d);
    vector("a.conv_dw_norm", kAudio, layer, d);
    matrix("a.conv_end", kAudio, layer, d, d);
    vector("a.block_norm", kAudio, layer, d);
  }
  multimodal_embedder(
      {"mm.a.embedding", "mm.a.hard_emb_norm", "mm.a.soft_emb_norm", "mm.a.input_projection"},
      kAudio, d, a.soft_token_rows, a.projector_width);
}

}  // namespace llm_sizer
