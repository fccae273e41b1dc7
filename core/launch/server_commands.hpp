#pragma once

#include "launch/launch_setup.hpp"

namespace llm_sizer {

// The serving runtimes that load Hugging Face checkpoints, each with its benchmark client's line
// for the same request shape and concurrency.
LaunchCommand vllm_command(const LaunchSetup& setup);
LaunchCommand sglang_command(const LaunchSetup& setup);
LaunchCommand tensorrt_llm_command(const LaunchSetup& setup);

}  // namespace llm_sizer
