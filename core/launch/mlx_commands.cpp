#include "launch/mlx_commands.hpp"

#include <string>

#include "launch/shell_words.hpp"

namespace llm_sizer {
namespace {

// mlx_lm.convert's affine default group (mlx_lm/utils.py quantize_model: affine (64, 4)).
constexpr int64_t kDefaultGroup = 64;
// mlx_lm.server --decode-concurrency default: sequences decoded together.
constexpr int64_t kServerConcurrency = 32;

bool quantized(const LaunchSetup& s) {
  return s.weights.scheme == WeightScheme::mlx_affine;
}

// mlx-community's name for a conversion: <model>-<bits>bit, with -g<group> when not 64.
std::string community_repo(const LaunchSetup& s) {
  std::string name = "mlx-community/" + s.model_name + "-" + std::to_string(s.weights.bits) + "bit";
  if (s.weights.group_size != kDefaultGroup) name += "-g" + std::to_string(s.weights.group_size);
  return name;
}

// What --model names, and the conversion that makes it when the repository holds 16-bit weights:
// mlx_lm.convert -q with the scenario's bits and group (README "Quantize"; --q-bits and
// --q-group-size are given because their defaults moved into the quantization mode in 0.30.1).
struct MlxModel {
  std::string path;
  std::string convert;  // empty: nothing to convert
};

MlxModel mlx_model(const LaunchSetup& s, std::vector<Message>& notes) {
  if (!s.file.empty()) return {s.file, ""};
  if (!s.repo.empty() && (s.repo_holds_format || !quantized(s))) return {s.repo, ""};
  if (s.repo.empty()) {
    notes.push_back({"note.launch.model_unknown"});
    return {"<" + s.weights.id + " checkpoint>", ""};
  }
  const std::string path = s.model_name + "-" + s.weights.id;
  notes.push_back({"note.launch.mlx_convert", json_object({{"format", s.weights.id},
                                                           {"model", s.repo},
                                                           {"community", community_repo(s)}})});
  return {path, command_line({"mlx_lm.convert", "--hf-path", s.repo, "--mlx-path", path, "-q",
                              "--q-bits", std::to_string(s.weights.bits), "--q-group-size",
                              std::to_string(s.weights.group_size)})};
}

// MLX quantizes the KV cache affinely, groups of 64 with a 16-bit scale and bias: 8 bits take
// q8_0's 1.0625 bytes an element and 4 bits q4_0's 0.5625 (mlx_lm/models/cache.py
// QuantizedKVCache). --quantized-kv-start 0 quantizes from the first token, as the estimate does.
Words kv_words(const LaunchSetup& s, std::vector<Message>& notes) {
  if (s.kv_cache == "q8_0" || s.kv_cache == "int8") {
    return {"--kv-bits", "8", "--quantized-kv-start", "0"};
  }
  if (s.kv_cache == "q4_0") return {"--kv-bits", "4", "--quantized-kv-start", "0"};
  if (s.kv_cache != "fp16" && s.kv_cache != "f16" && s.kv_cache != "bf16") {
    notes.push_back({"note.launch.kv_cache_unsupported",
                     json_object({{"runtime", "MLX"}, {"kv_cache", s.kv_cache}})});
  }
  return {};
}

std::string with_conversion(const MlxModel& model, const Words& run) {
  return model.convert.empty() ? command_line(run) : model.convert + " && " + command_line(run);
}

}  // namespace

// mlx_lm.generate (--model, --prompt, --max-tokens, --kv-bits, --quantized-kv-start), mlx_lm.server
// (--model, --decode-concurrency, --prefill-step-size) and mlx_lm.benchmark (-p prompt tokens, -g
// generated tokens, -b batch, --prefill-step-size): ml-explore/mlx-lm generate.py, server.py,
// benchmark.py, BENCHMARKS.md.
std::vector<LaunchCommand> mlx_commands(const LaunchSetup& s) {
  LaunchCommand generate;
  generate.runtime = "mlx";
  const MlxModel model = mlx_model(s, generate.notes);
  const Words kv = kv_words(s, generate.notes);
  const std::string step = std::to_string(s.max_batched_tokens);
  const bool default_step = s.max_batched_tokens == s.defaults.max_batched_tokens;

  Words run = {"mlx_lm.generate",
               "--model",
               model.path,
               "--prompt",
               "Hello",
               "--max-tokens",
               std::to_string(s.output_tokens)};
  run.insert(run.end(), kv.begin(), kv.end());
  generate.run = with_conversion(model, run);
  Words bench = {"mlx_lm.benchmark",
                 "--model",
                 model.path,
                 "-p",
                 std::to_string(s.prompt_tokens),
                 "-g",
                 std::to_string(s.output_tokens)};
  if (s.batch > 1) append_words(bench, {"-b", std::to_string(s.batch)});
  if (!default_step) append_words(bench, {"--prefill-step-size", step});
  generate.measure = command_line(bench);
  if (s.batch > 1) {
    generate.notes.push_back({"note.launch.mlx_one_sequence", json_object({{"batch", s.batch}})});
  }
  if (!default_step) {
    generate.notes.push_back({"note.launch.mlx_prefill_step", json_object({{"tokens", step}})});
  }

  LaunchCommand server;
  server.runtime = "mlx";
  Words serve = {"mlx_lm.server", "--model", model.path};
  if (s.batch > kServerConcurrency) {
    append_words(serve, {"--decode-concurrency", std::to_string(s.batch)});
  }
  if (!default_step) append_words(serve, {"--prefill-step-size", step});
  server.run = with_conversion(model, serve);
  server.measure = generate.measure;
  return {generate, server};
}

}  // namespace llm_sizer
