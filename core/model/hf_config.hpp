#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "field_reader.hpp"
#include "model/model_spec.hpp"
#include "warning.hpp"

namespace llm_sizer {

struct ParsedModel {
  ModelSpec spec;
  Warnings warnings;
};

// Reads a Hugging Face config.json (its own field names; unused keys are ignored) into a
// ModelSpec. `path` prefixes error fields, e.g. "model". Throws InputError on invalid values.
ParsedModel parse_hf_config(const Json& config, const std::string& path);

// Every config.json key parse_hf_config reads (other keys are ignored), for editors.
std::vector<std::string_view> config_fields_read();

struct FamilyTraits;
// The config.json keys one family's layout reads (model/readers/config_fields.cpp).
std::vector<std::string_view> fields_read_by(const FamilyTraits& family);

}  // namespace llm_sizer
