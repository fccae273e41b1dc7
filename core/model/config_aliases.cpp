#include "model/config_aliases.hpp"

#include <array>

namespace llm_sizer {
namespace {

using Group = std::span<const std::string_view>;

constexpr std::string_view kHidden[] = {"hidden_size", "n_embd", "n_embed", "d_model"};
constexpr std::string_view kLayers[] = {"num_hidden_layers", "n_layer", "num_layers", "n_layers"};
constexpr std::string_view kHeads[] = {"num_attention_heads", "n_head", "num_heads", "n_heads"};
constexpr std::string_view kKvHeads[] = {"num_key_value_heads", "num_kv_heads", "n_head_kv"};
constexpr std::string_view kWidth[] = {"intermediate_size", "n_inner", "ffn_hidden_size"};
constexpr std::string_view kPositions[] = {"max_position_embeddings", "n_positions", "n_ctx",
                                           "seq_length", "max_seq_len"};
constexpr std::string_view kExperts[] = {"num_experts", "num_local_experts", "n_routed_experts",
                                         "moe_num_experts"};
constexpr std::string_view kTopK[] = {"num_experts_per_tok", "experts_per_token", "moe_top_k",
                                      "moe_k", "num_experts_per_token"};

constexpr std::array<Group, 8> kGroups = {Group(kHidden),  Group(kLayers), Group(kHeads),
                                          Group(kKvHeads), Group(kWidth),  Group(kPositions),
                                          Group(kExperts), Group(kTopK)};

}  // namespace

std::span<const std::string_view> config_aliases(std::string_view key) {
  for (const auto& group : kGroups) {
    for (const auto& alias : group) {
      if (alias == key) return group;
    }
  }
  return {};
}

std::string_view pick_alias(const FieldReader& reader, std::string_view canonical) {
  for (const auto& alias : config_aliases(canonical)) {
    if (reader.has(alias)) return alias;
  }
  return canonical;
}

void merge_config_overrides(Json& config, const Json& overrides) {
  for (const auto& [key, value] : overrides.items()) {
    for (const auto& alias : config_aliases(key)) config.erase(std::string(alias));
    config[key] = value;
  }
}

}  // namespace llm_sizer
