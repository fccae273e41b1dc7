#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/model_spec.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {

// The projection names LoRA targets (PEFT's q_proj ... down_proj without the suffix).
inline constexpr std::array<std::string_view, 7> kLoraModuleNames = {"q",    "k",  "v",   "o",
                                                                     "gate", "up", "down"};

// One adapted weight matrix: W0 + B A with A (r x d_in) and B (d_out x r), once per stacked
// expert matrix (Hu et al. 2021, section 4.1).
struct LoraAdapter {
  int layer = -1;
  int64_t in = 0;
  int64_t out = 0;
  int64_t matrices = 1;        // routed experts each get their own adapter
  bool routed_expert = false;  // only experts_per_token of them see a token

  double params(int64_t rank) const { return double(rank) * double(in + out) * double(matrices); }
};

// The decoder-layer matrices the chosen modules name: q (q_proj, MLA's q_a/q_b), k and v (k_proj,
// v_proj, MLA's joint kv_a/kv_b), o, gate, up, down (dense, shared and routed experts). A fused
// q/k/v or gate/up matrix is adapted once when any of its parts is chosen, as PEFT adapts the
// whole module. Linear-attention projections, routers and the image encoder are never adapted.
std::vector<LoraAdapter> lora_adapters(const ModelSpec& model,
                                       const std::vector<TensorSpec>& tensors,
                                       const std::vector<std::string>& modules);

}  // namespace llm_sizer
