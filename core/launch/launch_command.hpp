#pragma once

#include <vector>

#include "json_object.hpp"
#include "launch/launch_setup.hpp"

namespace llm_sizer {

// The commands that realise an inference answer: the scenario's runtime first, then other ways to
// run the same weights (llama-cli and Ollama for a GGUF file). Each comes with the line that
// measures it and notes on what the command cannot say or had to assume.
std::vector<LaunchCommand> launch_commands(const LaunchSetup& setup);

// inference.command: the first command's {runtime, run, measure, modelfile (Ollama), notes[]},
// and the others as alternatives[] of the same shape. Notes are {message, code, params}.
Json launch_commands_to_json(const std::vector<LaunchCommand>& commands);

}  // namespace llm_sizer
