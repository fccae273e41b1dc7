#pragma once

#include <string>

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

}  // namespace llm_sizer
