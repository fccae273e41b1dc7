#pragma once

#include <string>

#include "model/model_spec.hpp"

namespace llm_sizer {

// Refuses a model with more than limits::kParams parameters (an InputError naming `path`). Each
// dimension is bounded where it is read, but their products are not: counted here in doubles, so
// every parameter count and dimension product made after this check fits an int64 exactly.
void check_model_size(const ModelSpec& model, const std::string& path);

}  // namespace llm_sizer
