// Gemma 3n's image encoder: timm's MobileNetV5-300M (timm/models/mobilenetv5.py,
// _gen_mobilenet_v5 for "mobilenetv5_300m_enc"; blocks from _efficientnet_blocks.py and
// layers/attention2d.py) and Gemma3nMultimodalEmbedder (transformers
// models/gemma3n/modeling_gemma3n.py). Normalisation is RmsNorm2d (a weight only); no convolution
// but the stem's has a bias.
#include "model/tensor_list.hpp"

namespace llm_sizer {
namespace {

constexpr Component kImage = Component::vision;

enum class Block {
  edge_residual,      // "er": a full k x k expansion convolution, then a pointwise projection
  inverted_residual,  // "uir": optional depthwise start, pointwise expansion, optional depthwise
                      // middle, pointwise projection, layer scale
  multi_query_attention,  // "mqa": one key and one value head, optionally strided by a depthwise
                          // convolution, layer scale
};

struct BlockDef {
  Block block;
  int64_t out_channels;
  double expansion = 0;      // er, uir: the expanded width over the input's
  int64_t start_kernel = 0;  // uir: depthwise convolution before the expansion (0: none)
  int64_t mid_kernel = 0;    // er: the expansion's kernel; uir: depthwise after it (0: none)
  int64_t heads = 0;         // mqa
  int64_t key_dim = 0;       // mqa
  int64_t kv_stride = 1;     // mqa: > 1 strides keys and values by a depthwise convolution
  int64_t kv_kernel = 3;     // mqa: that convolution's kernel
};

// timm's arch_def for mobilenetv5_300m_enc, stage by stage, repeats expanded.
std::vector<BlockDef> mobilenet_v5_300m() {
  std::vector<BlockDef> b;
  const auto er = [&](int64_t c) { b.push_back({Block::edge_residual, c, 4, 0, 3}); };
  const auto uir = [&](int64_t c, int64_t start, int64_t mid, double e) {
    b.push_back({Block::inverted_residual, c, e, start, mid});
  };
  const auto mqa = [&](int64_t c, int64_t heads, int64_t key_dim, int64_t kv_stride) {
    b.push_back({Block::multi_query_attention, c, 0, 0, 0, heads, key_dim, kv_stride});
  };
  for (int i = 0; i < 3; ++i) er(128);
  uir(256, 3, 5, 6);
  for (int64_t start : {5, 3, 5, 3}) uir(256, start, 0, 4);
  uir(640, 5, 5, 6);
  for (int i = 0; i < 7; ++i) uir(640, 5, 0, 4);
  uir(640, 0, 0, 1);
  for (int i = 0; i < 14; ++i) {
    mqa(640, 12, 64, 2);
    uir(640, 0, 0, 2);
  }
  uir(1280, 5, 5, 6);
  for (int i = 0; i < 19; ++i) {
    mqa(1280, 16, 96, 1);
    uir(1280, 0, 0, 2);
  }
  return b;
}

constexpr int64_t kStemChannels = 64;
// The multi-scale fusion adapter reads the last two stages' outputs (640 + 1280 channels).
constexpr int64_t kFusedChannels = 640 + 1280;

}  // namespace

void TensorList::mobilenet_v5_tower(const VisionSpec& v) {
  matrix("v.conv_stem", kImage, -1, v.num_channels * 3 * 3, kStemChannels);
  bias("v.conv_stem", kImage, -1, kStemChannels);
  vector("v.conv_stem_norm", kImage, -1, kStemChannels);
  int64_t in = kStemChannels;
  int layer = 0;
  for (const BlockDef& d : mobilenet_v5_300m()) {
    const int64_t out = d.out_channels;
    const auto mid = static_cast<int64_t>(double(in) * d.expansion);
    switch (d.block) {
      case Block::edge_residual:
        matrix("v.conv_exp", kImage, layer, in * d.mid_kernel * d.mid_kernel, mid);
        vector("v.conv_exp_norm", kImage, layer, mid);
        matrix("v.conv_pwl", kImage, layer, mid, out);
        vector("v.conv_pwl_norm", kImage, layer, out);
        break;
      case Block::inverted_residual:
        if (d.start_kernel > 0) {
          matrix("v.dw_start", kImage, layer, d.start_kernel * d.start_kernel, in);
          vector("v.dw_start_norm", kImage, layer, in);
        }
        matrix("v.pw_exp", kImage, layer, in, mid);
        vector("v.pw_exp_norm", kImage, layer, mid);
        if (d.mid_kernel > 0) {
          matrix("v.dw_mid", kImage, layer, d.mid_kernel * d.mid_kernel, mid);
          vector("v.dw_mid_norm", kImage, layer, mid);
        }
        matrix("v.pw_proj", kImage, layer, mid, out);
        vector("v.pw_proj_norm", kImage, layer, out);
        vector("v.layer_scale", kImage, layer, out);
        break;
      case Block::multi_query_attention:
        vector("v.attn_norm", kImage, layer, in);
        matrix("v.attn_q", kImage, layer, in, d.heads * d.key_dim);
        for (std::string_view kind : {"v.attn_k", "v.attn_v"}) {
          if (d.kv_stride > 1) {
            matrix("v.attn_kv_down", kImage, layer, d.kv_kernel * d.kv_kernel, in);
            vector("v.attn_kv_down_norm", kImage, layer, in);
          }
          matrix(kind, kImage, layer, in, d.key_dim);
        }
        matrix("v.attn_out", kImage, layer, d.heads * d.key_dim, out);
        vector("v.layer_scale", kImage, layer, out);
        break;
    }
    in = out;
    ++layer;
  }
  // MobileNetV5MultiScaleFusionAdapter: an inverted bottleneck (2x) from the fused stages to the
  // encoder's width, and its output norm.
  const int64_t fused_mid = 2 * kFusedChannels;
  matrix("v.msfa_pw_exp", kImage, -1, kFusedChannels, fused_mid);
  vector("v.msfa_pw_exp_norm", kImage, -1, fused_mid);
  matrix("v.msfa_pw_proj", kImage, -1, fused_mid, v.hidden_size);
  vector("v.msfa_pw_proj_norm", kImage, -1, v.hidden_size);
  vector("v.msfa_norm", kImage, -1, v.hidden_size);
  multimodal_embedder(
      {"mm.embedding", "mm.hard_emb_norm", "mm.soft_emb_norm", "mm.input_projection"}, kImage,
      v.hidden_size, v.soft_token_rows, v.projector_width);
}

// Gemma3nMultimodalEmbedder: its own token table, RMSNorms for hard (table) and soft (encoder)
// tokens, a projection into the language model, and a weightless norm after it.
void TensorList::multimodal_embedder(const EmbedderKinds& kinds, Component c, int64_t width,
                                     int64_t rows, int64_t text_width) {
  matrix(kinds.table, c, -1, width, rows);
  vector(kinds.hard_norm, c, -1, width);
  vector(kinds.soft_norm, c, -1, width);
  matrix(kinds.projection, c, -1, width, text_width);
}

}  // namespace llm_sizer
