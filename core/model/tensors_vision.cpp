// Image encoders and their projectors into the language model, named as llama.cpp's mmproj files
// name them ("v." encoder, "mm." projector).
#include "model/tensor_list.hpp"

namespace llm_sizer {
namespace {

constexpr Component kVision = Component::vision;

int64_t patches_per_side(const VisionSpec& v) {
  return v.image_size / v.patch_size;
}

}  // namespace

// CLIP's ViT (transformers models/clip/modeling_clip.py, CLIPVisionTransformer: class token,
// learned positions, pre- and post-LayerNorm, biased attention and MLP) and LLaVA's projector
// (models/llava/modeling_llava.py, LlavaMultiModalProjector: Linear, GELU, Linear).
void TensorList::clip_tower(const VisionSpec& v) {
  const int64_t d = v.hidden_size;
  matrix("v.patch_embd", kVision, -1, v.num_channels * v.patch_size * v.patch_size, d);
  vector("v.class_embd", kVision, -1, d);
  matrix("v.position_embd", kVision, -1, d, patches_per_side(v) * patches_per_side(v) + 1);
  layer_norm("v.pre_ln", kVision, -1, d);
  for (int layer = 0; layer < int(v.num_layers); ++layer) {
    layer_norm("v.ln1", kVision, layer, d);
    for (std::string_view kind : {"v.attn_q", "v.attn_k", "v.attn_v", "v.attn_out"}) {
      linear(kind, kVision, layer, d, d, true);
    }
    layer_norm("v.ln2", kVision, layer, d);
    linear("v.ffn_up", kVision, layer, d, v.intermediate_size, true);
    linear("v.ffn_down", kVision, layer, v.intermediate_size, d, true);
  }
  layer_norm("v.post_ln", kVision, -1, d);
  linear("mm.1", kVision, -1, d, v.projector_width, true);
  linear("mm.2", kVision, -1, v.projector_width, v.projector_width, true);
}

// Qwen2-VL and Qwen2.5-VL (models/qwen2_vl/modeling_qwen2_vl.py, models/qwen2_5_vl/...): a 3-D
// patch convolution over temporal_patch_size frames, fused qkv, LayerNorm + GELU MLP blocks
// (2.5: RMSNorm + gated MLP with biases), and a merger that concatenates 2x2 patches into an MLP.
// Qwen3.5 (Qwen3-VL's tower without deepstack) biases the patch convolution and adds a learned
// position table; MoonViT (Kimi K2.5) does the same over single frames and norms the patches again
// before its projector (mm_projector.pre_norm).
void TensorList::qwen_vl_tower(const VisionSpec& v) {
  const int64_t d = v.hidden_size;
  const bool v2_5 = v.kind == VisionKind::qwen2_5_vl;
  const bool learned_positions = v.kind == VisionKind::qwen3_vl || v.kind == VisionKind::moonvit;
  const auto block_norm = [&](std::string_view kind, int layer, int64_t width) {
    if (v2_5) {
      vector(kind, kVision, layer, width);
    } else {
      layer_norm(kind, kVision, layer, width);
    }
  };
  linear("v.patch_embd", kVision, -1,
         v.num_channels * v.temporal_patch_size * v.patch_size * v.patch_size, d,
         learned_positions);
  if (learned_positions) matrix("v.position_embd", kVision, -1, d, v.position_rows);
  for (int layer = 0; layer < int(v.num_layers); ++layer) {
    block_norm("v.ln1", layer, d);
    linear("v.attn_qkv", kVision, layer, d, 3 * d, true);
    linear("v.attn_out", kVision, layer, d, d, true);
    block_norm("v.ln2", layer, d);
    if (v2_5) linear("v.ffn_gate", kVision, layer, d, v.intermediate_size, true);
    linear("v.ffn_up", kVision, layer, d, v.intermediate_size, true);
    linear("v.ffn_down", kVision, layer, v.intermediate_size, d, true);
  }
  const int64_t merged = d * v.spatial_merge_size * v.spatial_merge_size;
  block_norm("v.post_ln", -1, d);
  if (v.kind == VisionKind::moonvit) layer_norm("mm.pre_norm", kVision, -1, d);
  linear("mm.0", kVision, -1, merged, merged, true);
  linear("mm.2", kVision, -1, merged, v.projector_width, true);
}

// Llama 3.2 Vision's encoder (models/mllama/modeling_mllama.py, MllamaVisionModel): patches of up
// to max_num_tiles tiles, a class token, gated position and tile embeddings per aspect ratio, a
// local encoder, a gated global encoder, and a linear projector from the concatenated features.
void TensorList::mllama_tower(const VisionSpec& v) {
  const int64_t d = v.hidden_size;
  const int64_t patches = patches_per_side(v) * patches_per_side(v) + 1;
  const int64_t ratios = v.aspect_ratio_ids + 1;
  matrix("v.patch_embd", kVision, -1, v.num_channels * v.patch_size * v.patch_size, d);
  vector("v.class_embd", kVision, -1, d);
  matrix("v.position_embd", kVision, -1, d, patches);
  vector("v.position_gate", kVision, -1, 1);
  matrix("v.tile_position_embd", kVision, -1, v.max_num_tiles * patches * d, ratios);
  for (std::string_view kind : {"v.pre_tile_position_embd", "v.post_tile_position_embd"}) {
    matrix(kind, kVision, -1, v.max_num_tiles * d, ratios);
    vector(kind, kVision, -1, 1);  // its gate
  }
  layer_norm("v.pre_ln", kVision, -1, d);
  layer_norm("v.post_ln", kVision, -1, d);
  const int64_t layers = v.num_layers + v.global_layers;
  for (int layer = 0; layer < int(layers); ++layer) {
    layer_norm("v.ln1", kVision, layer, d);
    for (std::string_view kind : {"v.attn_q", "v.attn_k", "v.attn_v", "v.attn_out"}) {
      matrix(kind, kVision, layer, d, d);
    }
    layer_norm("v.ln2", kVision, layer, d);
    linear("v.ffn_up", kVision, layer, d, v.intermediate_size, true);
    linear("v.ffn_down", kVision, layer, v.intermediate_size, d, true);
    if (layer >= v.num_layers) {
      vector("v.attn_gate", kVision, layer, 1);
      vector("v.ffn_gate", kVision, layer, 1);
    }
  }
  linear("mm.0", kVision, -1, v.projector_input, v.projector_width, true);
}

void TensorList::vision_encoder(const VisionSpec& v) {
  switch (v.kind) {
    case VisionKind::clip_llava:
      clip_tower(v);
      return;
    case VisionKind::qwen2_vl:
    case VisionKind::qwen2_5_vl:
    case VisionKind::qwen3_vl:
    case VisionKind::moonvit:
      qwen_vl_tower(v);
      return;
    case VisionKind::mllama:
      mllama_tower(v);
      return;
    case VisionKind::mobilenet_v5:
      mobilenet_v5_tower(v);
      return;
    case VisionKind::siglip_gemma3:
      break;
  }
  // SigLIP (models/siglip/modeling_siglip.py, SiglipVisionTransformer): conv patch embedding,
  // learned positions, pre-LN encoder layers with biased projections, a final LayerNorm; then
  // Gemma 3's projector (modeling_gemma3.py, Gemma3MultiModalProjector): RMSNorm + matrix.
  const int64_t h = v.hidden_size;
  linear("v.patch_embd", kVision, -1, v.num_channels * v.patch_size * v.patch_size, h, true);
  matrix("v.position_embd", kVision, -1, h, patches_per_side(v) * patches_per_side(v));
  for (int layer = 0; layer < int(v.num_layers); ++layer) {
    layer_norm("v.ln1", kVision, layer, h);
    layer_norm("v.ln2", kVision, layer, h);
    for (std::string_view kind : {"v.attn_q", "v.attn_k", "v.attn_v", "v.attn_out"}) {
      linear(kind, kVision, layer, h, h, true);
    }
    linear("v.ffn_up", kVision, layer, h, v.intermediate_size, true);
    linear("v.ffn_down", kVision, layer, v.intermediate_size, h, true);
  }
  layer_norm("v.post_ln", kVision, -1, h);
  vector("mm.soft_emb_norm", kVision, -1, h);
  matrix("mm.input_projection", kVision, -1, h, v.projector_width);
}

}  // namespace llm_sizer
