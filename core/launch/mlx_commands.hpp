#pragma once

#include <vector>

#include "launch/launch_setup.hpp"

namespace llm_sizer {

// mlx-lm on an Apple GPU: mlx_lm.generate for one sequence, mlx_lm.server for several, each
// measured by mlx_lm.benchmark with the scenario's request shape.
std::vector<LaunchCommand> mlx_commands(const LaunchSetup& setup);

}  // namespace llm_sizer
