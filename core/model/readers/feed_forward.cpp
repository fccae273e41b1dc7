#include <algorithm>

#include "error.hpp"
#include "limits.hpp"
#include "model/config_aliases.hpp"
#include "model/readers/readers.hpp"

namespace llm_sizer {
namespace {

// Families whose experts are as wide as intermediate_size (no moe_intermediate_size): Mixtral,
// Jamba, Granite MoE, OLMoE, PhiMoE, DBRX (ffn_config.ffn_hidden_size), Llama 4.
int64_t default_expert_width(const FieldReader& r, const FamilyTraits& family, const ModelSpec& m) {
  if (family.shape == "llama4") return r.int_or("intermediate_size", 0, limits::kWidth);
  return m.intermediate_size;
}

void read_shared_experts(const FieldReader& r, const FamilyTraits& family, MoeSpec& moe) {
  // DeepSeek / GLM-4.5: n_shared_experts; ERNIE 4.5: moe_num_shared_experts; Kimi Linear:
  // num_shared_experts. The shared experts
  // form one MLP of width count * moe_intermediate_size (DeepseekV3MoE).
  for (std::string_view key :
       {"n_shared_experts", "moe_num_shared_experts", "num_shared_experts"}) {
    if (auto shared = r.optional_int(key, limits::kSharedExperts)) {
      moe.num_shared_experts = *shared;
      moe.shared_intermediate_size = moe.expert_intermediate_size;
    }
  }
  if (auto width = r.optional_int("shared_expert_intermediate_size", limits::kWidthOrNone);
      width && *width > 0) {
    moe.num_shared_experts = 1;  // Qwen2-MoE / Qwen3-Next: one shared expert behind a sigmoid gate
    moe.shared_intermediate_size = *width;
    moe.shared_expert_gate = true;
  }
  if (family.shape == "llama4") {
    // Llama4TextMoe: one shared expert of the routed experts' width, always applied.
    moe.num_shared_experts = 1;
    moe.shared_intermediate_size = moe.expert_intermediate_size;
  }
  // Nemotron-H: one shared expert of its own width (NemotronHMoE.shared_experts); Granite 4:
  // the shared_mlp beside the experts (GraniteMoeHybridDecoderLayer).
  for (std::string_view key : {"moe_shared_expert_intermediate_size", "shared_intermediate_size"}) {
    if (auto width = r.optional_int(key, limits::kWidthOrNone); width && *width > 0) {
      moe.num_shared_experts = 1;
      moe.shared_intermediate_size = *width;
    }
  }
}

}  // namespace

void read_moe(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  const std::string_view experts_key = pick_alias(r, "num_experts");
  const int64_t experts = r.int_or(experts_key, 0, limits::kExperts);
  if (experts == 0 && family.shape == "granite_hybrid") {
    // Granite 4's dense models: the shared_mlp is the whole MLP.
    m.intermediate_size = r.int_or("shared_intermediate_size", m.intermediate_size, limits::kWidth);
  }
  if (experts == 0) return;
  MoeSpec& moe = m.moe;
  moe.num_experts = experts;
  const std::string_view top_k_key = pick_alias(r, "num_experts_per_tok");
  moe.experts_per_token = r.optional_int(top_k_key, 1, experts).value_or(0);
  if (moe.experts_per_token == 0) {
    throw InputError(r.field(top_k_key), {"error.required_for_moe"}, "");
  }
  moe.expert_intermediate_size = r.optional_int("moe_intermediate_size", limits::kWidth)
                                     .value_or(default_expert_width(r, family, m));
  if (moe.expert_intermediate_size == 0) {
    throw InputError(r.field("moe_intermediate_size"), {"error.required_for_moe_width"}, "");
  }
  read_shared_experts(r, family, moe);
  moe.router_bias = family.shape == "gpt_oss";
  moe.expert_bias = family.shape == "gpt_oss";
  moe.gated_experts = family.shape != "nemotron_h";
  moe.score_correction_bias =
      family.score_correction_bias || r.optional_string("topk_method").value_or("") == "noaux_tc";
}

std::vector<FfnKind> read_ffn_pattern(const FieldReader& r, const FamilyTraits& family,
                                      const ModelSpec& m) {
  std::vector<FfnKind> kinds(static_cast<size_t>(m.num_layers), FfnKind::dense);
  if (family.shape == "mamba" || family.shape == "mamba2") {
    std::fill(kinds.begin(), kinds.end(), FfnKind::none);
    return kinds;
  }
  if (family.shape == "nemotron_h") {
    const std::string blocks = read_hybrid_blocks(r, kinds.size());
    for (size_t i = 0; i < kinds.size(); ++i) {
      kinds[i] = blocks[i] == '-'   ? FfnKind::dense
                 : blocks[i] == 'E' ? FfnKind::moe
                                    : FfnKind::none;
    }
    return kinds;
  }
  if (!m.is_moe()) return kinds;
  const auto mlp_only =
      r.int_list("mlp_only_layers", limits::kLayerCount, size_t(limits::kLayers.max));
  // Qwen2-MoE/Qwen3-MoE: decoder_sparse_step; Llama 4: interleave_moe_layer_step; DeepSeek and
  // GLM-4.5: first_k_dense_replace, moe_layer_freq; Jamba: expert_layer_period/offset; ERNIE 4.5:
  // moe_layer_start_index, moe_layer_end_index, moe_layer_interval.
  const int64_t sparse_step =
      r.int_or("decoder_sparse_step", r.int_or("interleave_moe_layer_step", 1, limits::kLayerStep),
               limits::kLayerStep);
  const int64_t first_dense = r.int_or("first_k_dense_replace", 0, limits::kLayerCount);
  const int64_t frequency = r.int_or("moe_layer_freq", 1, limits::kLayerStep);
  const int64_t expert_period = r.int_or("expert_layer_period", 1, limits::kLayerStep);
  const int64_t expert_offset = r.int_or("expert_layer_offset", 0, 0, expert_period - 1);
  const int64_t start = r.int_or("moe_layer_start_index", 0, limits::kLayerCount);
  // ERNIE 4.5 writes -1 (or null) for "up to the last layer".
  int64_t end = r.int_or("moe_layer_end_index", m.num_layers - 1, limits::kLayerIndexOrLast);
  if (end < 0) end = m.num_layers - 1;
  const int64_t interval = r.int_or("moe_layer_interval", 1, limits::kLayerStep);
  for (int64_t i = 0; i < m.num_layers; ++i) {
    const bool listed_dense = std::find(mlp_only.begin(), mlp_only.end(), i) != mlp_only.end();
    const bool moe = !listed_dense && (i + 1) % sparse_step == 0 && i >= first_dense &&
                     i % frequency == 0 && i % expert_period == expert_offset && i >= start &&
                     i <= end && (i - start) % interval == 0;
    if (moe) kinds[static_cast<size_t>(i)] = FfnKind::moe;
  }
  return kinds;
}

}  // namespace llm_sizer
