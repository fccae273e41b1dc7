// Image encoders counted with the language model (official totals include them).
#include "error.hpp"
#include "limits.hpp"
#include "model/readers/readers.hpp"

namespace llm_sizer {
namespace {

// Gemma 3: SigLIP without its attention-pooling head (vision_use_head false); the fields every
// plain ViT config has.
VisionSpec read_siglip(const FieldReader& v) {
  VisionSpec spec;
  spec.kind = VisionKind::siglip_gemma3;
  spec.hidden_size = v.required_int("hidden_size", limits::kWidth);
  spec.intermediate_size = v.required_int("intermediate_size", limits::kWidth);
  spec.num_layers = v.required_int("num_hidden_layers", limits::kLayers);
  spec.patch_size = v.required_int("patch_size", limits::kPatchPixels);
  spec.image_size = v.required_int("image_size", limits::kImagePixels);
  spec.num_channels = v.int_or("num_channels", 3, limits::kChannels);
  return spec;
}

// LLaVA: CLIPVisionConfig, every layer loaded (vision_feature_layer only picks the output).
VisionSpec read_clip(const FieldReader& v) {
  VisionSpec spec = read_siglip(v);
  spec.kind = VisionKind::clip_llava;
  return spec;
}

// Qwen2VLVisionConfig (embed_dim, depth, mlp_ratio) and Qwen2_5_VLVisionConfig (hidden_size,
// depth, intermediate_size, out_hidden_size).
VisionSpec read_qwen_vl(const FieldReader& v, bool v2_5, int64_t text_hidden) {
  VisionSpec spec;
  spec.kind = v2_5 ? VisionKind::qwen2_5_vl : VisionKind::qwen2_vl;
  spec.num_layers = v.required_int("depth", limits::kLayers);
  if (v2_5) {
    spec.hidden_size = v.required_int("hidden_size", limits::kWidth);
    spec.intermediate_size = v.required_int("intermediate_size", limits::kWidth);
    spec.projector_width = v.int_or("out_hidden_size", text_hidden, limits::kWidth);
  } else {
    spec.hidden_size = v.required_int("embed_dim", limits::kWidth);
    spec.intermediate_size = spec.hidden_size * v.int_or("mlp_ratio", 4, limits::kWidthRatio);
    spec.projector_width =
        v.int_or("hidden_size", text_hidden, limits::kWidth);  // the merger's output
  }
  spec.patch_size = v.int_or("patch_size", 14, limits::kPatchPixels);
  spec.temporal_patch_size = v.int_or("temporal_patch_size", 2, limits::kMergedPatches);
  spec.spatial_merge_size = v.int_or("spatial_merge_size", 2, limits::kMergedPatches);
  spec.num_channels =
      v.int_or(v.has("in_channels") ? "in_channels" : "in_chans", 3, limits::kChannels);
  return spec;
}

// Qwen3.5's vision config (models/qwen3_5_moe, Qwen3_5VisionConfig: Qwen3-VL's without deepstack):
// depth, hidden_size, intermediate_size, out_hidden_size and num_position_embeddings.
VisionSpec read_qwen3_vl(const FieldReader& v, int64_t text_hidden) {
  VisionSpec spec = read_qwen_vl(v, true, text_hidden);
  spec.kind = VisionKind::qwen3_vl;
  spec.patch_size = v.int_or("patch_size", 16, limits::kPatchPixels);
  spec.position_rows = v.required_int("num_position_embeddings", limits::kPositions);
  return spec;
}

// Kimi K2.5's MoonViT (vision_config vt_* keys; the checkpoint's vision_tower and mm_projector):
// a learned init_pos_emb_height x init_pos_emb_width position grid, merge_kernel_size patches
// merged per side.
VisionSpec read_moonvit(const FieldReader& v, int64_t text_hidden) {
  VisionSpec spec;
  spec.kind = VisionKind::moonvit;
  spec.hidden_size = v.required_int("vt_hidden_size", limits::kWidth);
  spec.intermediate_size = v.required_int("vt_intermediate_size", limits::kWidth);
  spec.num_layers = v.required_int("vt_num_hidden_layers", limits::kLayers);
  spec.patch_size = v.int_or("patch_size", 14, limits::kPatchPixels);
  spec.position_rows = v.int_or("init_pos_emb_height", 64, limits::kPatchPixels) *
                       v.int_or("init_pos_emb_width", 64, limits::kPatchPixels);
  const auto merge = v.int_list("merge_kernel_size", limits::kMergedPatches, 2);
  spec.spatial_merge_size = merge.empty() ? 2 : merge.front();
  spec.projector_width = v.int_or("text_hidden_size", text_hidden, limits::kWidth);
  return spec;
}

// MllamaVisionConfig: the ViT fields SigLIP's config also has, and the tiling.
VisionSpec read_mllama(const FieldReader& v) {
  VisionSpec spec = read_siglip(v);
  spec.kind = VisionKind::mllama;
  spec.global_layers = v.int_or("num_global_layers", 8, limits::kLayerCount);
  spec.max_num_tiles = v.int_or("max_num_tiles", 4, 1, 64);
  spec.projector_input = v.required_int("vision_output_dim", limits::kWidth);
  const Json* ratios = v.find("supported_aspect_ratios");
  if (ratios == nullptr || !ratios->is_array() || ratios->empty()) {
    throw InputError(v.field("supported_aspect_ratios"), {"error.aspect_ratios"},
                     ratios ? describe_value(*ratios) : "");
  }
  spec.aspect_ratio_ids = static_cast<int64_t>(ratios->size());
  const int64_t side = spec.image_size / spec.patch_size;
  spec.tokens_per_image = spec.max_num_tiles * (side * side + 1);
  return spec;
}

// Gemma 3n: timm's MobileNetV5 named by `architecture` (its blocks are timm's definition, not
// config fields) and Gemma3nMultimodalEmbedder's token table (vocab_size) and projection.
VisionSpec read_mobilenet_v5(const FieldReader& v) {
  VisionSpec spec;
  spec.kind = VisionKind::mobilenet_v5;
  spec.hidden_size = v.required_int("hidden_size", limits::kWidth);
  spec.soft_token_rows = v.required_int("vocab_size", limits::kVocab);
  return spec;
}

}  // namespace

void read_vision(const FieldReader& outer, ParsedModel& parsed) {
  const Json* vision = outer.find("vision_config");
  if (vision == nullptr) return;
  const FieldReader v(*vision, outer.field("vision_config"));
  const std::string outer_type = outer.optional_string("model_type").value_or("");
  const std::string type = v.optional_string("model_type").value_or("unknown");
  std::optional<VisionSpec> spec;
  if (outer_type == "gemma3" && type == "siglip_vision_model" &&
      !v.bool_or("vision_use_head", true)) {
    spec = read_siglip(v);
  } else if (outer_type == "llava" && type == "clip_vision_model") {
    spec = read_clip(v);
  } else if (outer_type == "qwen2_vl" || outer_type == "qwen2_5_vl") {
    spec = read_qwen_vl(v, outer_type == "qwen2_5_vl", parsed.spec.hidden_size);
  } else if (outer_type == "gemma3n" && type == "gemma3n_vision" &&
             v.optional_string("architecture") == "mobilenetv5_300m_enc") {
    spec = read_mobilenet_v5(v);
  } else if (outer_type == "qwen3_5" || outer_type == "qwen3_5_moe") {
    spec = read_qwen3_vl(v, parsed.spec.hidden_size);
  } else if (outer_type == "kimi_k25") {
    spec = read_moonvit(v, parsed.spec.hidden_size);
  } else if (outer_type == "mllama") {
    spec = read_mllama(v);
  }
  if (!spec) {
    parsed.warnings.push_back(
        {v.path(), {"warning.image_encoder_not_counted", json_object({{"type", type}})}});
    return;
  }
  if (spec->projector_width == 0) spec->projector_width = parsed.spec.hidden_size;
  parsed.spec.vision = spec;
}

}  // namespace llm_sizer
