#pragma once

#include <vector>

#include "launch/launch_setup.hpp"

namespace llm_sizer {

// llama.cpp: llama-server with the llama-bench line that times the same placement, then
// llama-cli and Ollama (a Modelfile) as the other ways to run the same GGUF file.
std::vector<LaunchCommand> gguf_commands(const LaunchSetup& setup);

// KTransformers' local chat on the same GGUF files, with the line that times it.
LaunchCommand ktransformers_command(const LaunchSetup& setup);

}  // namespace llm_sizer
