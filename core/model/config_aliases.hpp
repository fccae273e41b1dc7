#pragma once

#include <span>
#include <string_view>

#include "field_reader.hpp"

namespace llm_sizer {

// Config families spell some fields differently (GPT-2 "n_embd", Mixtral "num_local_experts",
// DeepSeek "n_routed_experts"). Each group lists the spellings of one field, canonical first.
std::span<const std::string_view> config_aliases(std::string_view key);

// The spelling of `canonical` present in the config, else `canonical` itself.
std::string_view pick_alias(const FieldReader& reader, std::string_view canonical);

// Applies overrides to a config: an override replaces every spelling of its field, so
// {"num_experts": 4} over Mixtral's {"num_local_experts": 8} means 4 experts.
void merge_config_overrides(Json& config, const Json& overrides);

}  // namespace llm_sizer
