#pragma once

#include "explain/explanation.hpp"
#include "model/model_spec.hpp"
#include "model/param_count.hpp"

namespace llm_sizer {

// Adds how each parameter count follows from the architecture. Every formula evaluates exactly
// to its result (a test checks this); biases and small norms are folded into one named term.
void explain_parameters(const ModelSpec& model, const ParamBreakdown& params, Explanations& out);

}  // namespace llm_sizer
