#pragma once

#include "explain/explanation.hpp"
#include "hardware/accelerator.hpp"
#include "training/training_estimate.hpp"

namespace llm_sizer {

// How each headline training number follows from its inputs. Every formula evaluates exactly to
// the number it explains (a test checks this for every preset).
void explain_training(const TrainingInput& input, const TrainingResult& result,
                      const AcceleratorSpec& accelerator, Explanations& out);

}  // namespace llm_sizer
