#include "launch/launch_command.hpp"

#include <algorithm>

#include "launch/gguf_commands.hpp"
#include "launch/mlx_commands.hpp"
#include "launch/server_commands.hpp"

namespace llm_sizer {
namespace {

// What every command of the answer shares: the runtime it stands for, a setup that does not fit,
// the devices left over for more instances, speculative decoding.
std::vector<Message> common_notes(const LaunchSetup& s) {
  std::vector<Message> notes;
  if (s.generic) {
    notes.push_back(
        {"note.launch.generic_runtime", json_object({{"runtime", runtime_name(s.runtime)}})});
  }
  if (!s.fits) notes.push_back({"note.launch.does_not_fit"});
  if (s.devices > s.tp) {
    notes.push_back(
        {"note.launch.replicas", json_object({{"instances", s.devices / s.tp}, {"tp", s.tp}})});
  }
  if (s.speculative) notes.push_back({"note.launch.speculative_left_out"});
  return notes;
}

Json command_json(const LaunchCommand& c) {
  Json notes = Json::array();
  for (const Message& note : c.notes) {
    Json item = json_object({{"message", english(note)}});
    put_message_codes(item, "", note);
    notes.push_back(std::move(item));
  }
  Json out = json_object({{"runtime", c.runtime}, {"run", c.run}});
  if (!c.measure.empty()) out["measure"] = c.measure;
  if (!c.modelfile.empty()) out["modelfile"] = c.modelfile;
  out["notes"] = notes;
  return out;
}

}  // namespace

std::vector<LaunchCommand> launch_commands(const LaunchSetup& s) {
  std::vector<LaunchCommand> commands;
  switch (s.runtime) {
    case Runtime::vllm:
      commands = {vllm_command(s)};
      break;
    case Runtime::sglang:
      commands = {sglang_command(s)};
      break;
    case Runtime::tensorrt_llm:
      commands = {tensorrt_llm_command(s)};
      break;
    case Runtime::generic:
    case Runtime::llama_cpp:
    case Runtime::ik_llama_cpp:
      commands = gguf_commands(s);
      break;
    case Runtime::ollama:
      // The same three, Ollama's Modelfile first.
      commands = gguf_commands(s);
      std::rotate(commands.begin(), commands.end() - 1, commands.end());
      break;
    case Runtime::mlx:
      commands = mlx_commands(s);
      break;
    case Runtime::ktransformers:
      commands = {ktransformers_command(s)};
      break;
  }
  const std::vector<Message> shared = common_notes(s);
  for (LaunchCommand& c : commands) c.notes.insert(c.notes.begin(), shared.begin(), shared.end());
  return commands;
}

Json launch_commands_to_json(const std::vector<LaunchCommand>& commands) {
  if (commands.empty()) return Json::object();
  Json out = command_json(commands.front());
  Json alternatives = Json::array();
  for (size_t i = 1; i < commands.size(); ++i) alternatives.push_back(command_json(commands[i]));
  out["alternatives"] = alternatives;
  return out;
}

}  // namespace llm_sizer
