#pragma once

#include "hardware/accelerator.hpp"
#include "hardware/calibration.hpp"
#include "inference/efficiency.hpp"
#include "inference/inference_input.hpp"

namespace llm_sizer {

// Replaces the defaults in `e` (already resolved for this runtime, device and format) with the
// calibration's figures: streaming for every runtime; the per-layer cost and the prefill compute
// efficiency only for CUDA-graph serving runtimes, whose decode step the bench replays.
void apply_calibration(const DeviceCalibration& calibration, const InferenceInput& input,
                       const AcceleratorSpec& device, Efficiency& e);

}  // namespace llm_sizer
