#include "step_time/lora.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

bool chosen(const std::vector<std::string>& modules, std::string_view name) {
  return std::find(modules.begin(), modules.end(), name) != modules.end();
}

// Whether a decoder-layer matrix belongs to one of the chosen modules.
bool adapted(const ModelSpec& m, std::string_view kind, const std::vector<std::string>& modules) {
  const bool q = chosen(modules, "q"), k = chosen(modules, "k"), v = chosen(modules, "v");
  const bool gate = chosen(modules, "gate"), up = chosen(modules, "up");
  // T5's and BART's cross-attention projections carry the same module names (q, k, v, o).
  if (kind == "attn_qkv") return q || k || v;
  if (kind == "attn_q" || kind == "attn_q_a" || kind == "attn_q_b" || kind == "cross_attn_q") {
    return q;
  }
  if (kind == "attn_k" || kind == "cross_attn_k") return k;
  if (kind == "attn_v" || kind == "cross_attn_v") return v;
  if (kind == "attn_kv_a_mqa" || kind == "attn_kv_b") return k || v;
  if (kind == "attn_output" || kind == "cross_attn_o") return chosen(modules, "o");
  if (kind == "ffn_gate" || kind == "ffn_gate_exps" || kind == "ffn_gate_shexp") return gate;
  // Phi-3 stores gate and up as one gate_up_proj (listed as ffn_up of twice the width).
  if (kind == "ffn_up") return m.fused_gate_up ? gate || up : up;
  if (kind == "ffn_up_exps" || kind == "ffn_up_shexp") return up;
  if (kind == "ffn_down" || kind == "ffn_down_exps" || kind == "ffn_down_shexp") {
    return chosen(modules, "down");
  }
  return false;
}

// A Mamba block is a gated MLP with the scan inside (Gu & Dao 2023, section 3.4, Figure 3):
// in_proj (x and the gate z) takes the up and gate roles, out_proj the down role; x_proj and
// dt_proj, as PEFT's Mamba targets, go with the up projection.
bool adapted_mixer(std::string_view kind, const std::vector<std::string>& modules) {
  if (kind == "ssm_in") return chosen(modules, "gate") || chosen(modules, "up");
  if (kind == "ssm_x" || kind == "ssm_dt") return chosen(modules, "up");
  if (kind == "ssm_out") return chosen(modules, "down");
  return false;
}

bool in_state_space_layer(const ModelSpec& m, const TensorSpec& t) {
  const auto layer = static_cast<size_t>(t.layer);
  return layer < m.layers.size() && m.layers[layer].attention == AttentionKind::state_space;
}

}  // namespace

std::vector<LoraAdapter> lora_adapters(const ModelSpec& model,
                                       const std::vector<TensorSpec>& tensors,
                                       const std::vector<std::string>& modules) {
  std::vector<LoraAdapter> adapters;
  for (const auto& t : tensors) {
    if (t.vector || t.layer < 0) continue;
    if (t.component == Component::mtp || is_media_encoder(t.component)) continue;
    const bool mixer = in_state_space_layer(model, t);
    if (mixer ? !adapted_mixer(t.kind, modules) : !adapted(model, t.kind, modules)) continue;
    adapters.push_back({t.layer, t.row_length, t.rows, t.matrices, t.matrices > 1});
  }
  return adapters;
}

}  // namespace llm_sizer
