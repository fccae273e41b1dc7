#include "launch/gguf_commands.hpp"

#include <string>

#include "launch/shell_words.hpp"

namespace llm_sizer {
namespace {

// llama.cpp's own default ubatch (common/common.h n_ubatch 512, n_batch 2048).
constexpr int64_t kDefaultUbatch = 512;
constexpr int64_t kDefaultBatch = 2048;

std::string quant_name(const LaunchSetup& s) {
  return std::string(gguf_ftype_info(s.weights.gguf_ftype).name);
}

// The file the commands load: inference.model_file, else the GGUF repository as repo:QUANT, else
// a file named as GGUF repositories name them (<model>-<QUANT>.gguf).
std::string assumed_file(const LaunchSetup& s) {
  return s.model_name + "-" + quant_name(s) + ".gguf";
}

Words model_words(const LaunchSetup& s) {
  if (!s.file.empty()) return {"-m", s.file};
  if (s.repo_holds_format) return {"-hf", s.repo + ":" + quant_name(s)};
  return {"-m", assumed_file(s)};
}

// -ctk/-ctv take ggml type names: f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1
// (tools/server/README.md); f16 is the default. Empty when llama.cpp has no such cache type.
std::string cache_type(const std::string& kv) {
  if (kv == "fp32" || kv == "f32") return "f32";
  for (const char* type : {"bf16", "q8_0", "q4_0", "q4_1", "iq4_nl", "q5_0", "q5_1"}) {
    if (kv == type) return kv;
  }
  return "";
}

bool default_cache(const std::string& kv) {
  return kv == "fp16" || kv == "f16";
}

// Whether the CPU runs part of the model, with a thread count to give it.
bool runs_on_cpu(const LaunchSetup& s) {
  return (s.cpu_runs_part || s.cpu_only) && s.threads > 0;
}

// The placement, in the flags llama-server, llama-cli and llama-bench share (tools/server/
// README.md, tools/llama-bench/README.md): -ngl, the experts left in host memory, KV-cache types,
// threads and the physical batch. llama-bench separates tensor-split values with '/', the others
// with ','.
Words placement_words(const LaunchSetup& s, bool bench) {
  Words w = {"-ngl", std::to_string(s.gpu_layers)};
  if (s.host_expert_layers > 0 && s.host_expert_layers == s.moe_layers) {
    append_words(w, {"-ot", "exps=CPU"});
  } else if (s.host_expert_layers > 0) {
    append_words(w, {"--n-cpu-moe", std::to_string(s.cpu_moe_layers)});
  }
  if (!bench) append_words(w, {"-fa", s.flash_attention ? "on" : "off"});
  if (bench) append_words(w, {"-fa", s.flash_attention ? "1" : "0"});
  const std::string type = cache_type(s.kv_cache);
  if (!type.empty() && !default_cache(s.kv_cache)) append_words(w, {"-ctk", type, "-ctv", type});
  if (runs_on_cpu(s)) append_words(w, {"-t", std::to_string(s.threads)});
  if (s.max_batched_tokens != kDefaultUbatch) {
    append_words(w, {"-ub", std::to_string(s.max_batched_tokens)});
    if (s.max_batched_tokens > kDefaultBatch)
      append_words(w, {"-b", std::to_string(s.max_batched_tokens)});
  }
  if (s.tp > 1) {
    std::string split;
    for (int64_t i = 0; i < s.tp; ++i)
      split += (i > 0 ? (bench ? "/" : ",") : "") + std::string("1");
    append_words(w, {"-ts", split});
  }
  return w;
}

Words joined(Words a, const Words& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Ollama runs llama.cpp with the Modelfile's num_ctx, num_gpu (layers on the GPU) and num_thread
// (docs/modelfile.md; api/types.go Options), and reads flash attention, the KV-cache type and the
// parallel requests from the server's environment (docs/faq.md: OLLAMA_FLASH_ATTENTION,
// OLLAMA_KV_CACHE_TYPE f16/q8_0/q4_0, OLLAMA_NUM_PARALLEL).
LaunchCommand ollama_command(const LaunchSetup& s) {
  LaunchCommand c;
  c.runtime = "ollama";
  const std::string from = !s.file.empty()       ? s.file
                           : s.repo_holds_format ? "hf.co/" + s.repo + ":" + quant_name(s)
                                                 : "./" + assumed_file(s);
  c.modelfile = "FROM " + from + "\nPARAMETER num_ctx " + std::to_string(s.context_tokens) +
                "\nPARAMETER num_gpu " + std::to_string(s.gpu_layers) + "\n";
  if (runs_on_cpu(s)) {
    c.modelfile += "PARAMETER num_thread " + std::to_string(s.threads) + "\n";
  }
  c.run = command_line({"ollama", "create", s.tag, "-f", "Modelfile"}) + " && " +
          command_line({"ollama", "run", s.tag});
  c.measure = command_line({"ollama", "run", "--verbose", s.tag});
  Words env;
  if (s.flash_attention) env.push_back("OLLAMA_FLASH_ATTENTION=1");
  if (s.kv_cache == "q8_0" || s.kv_cache == "q4_0")
    env.push_back("OLLAMA_KV_CACHE_TYPE=" + s.kv_cache);
  if (s.batch > 1) env.push_back("OLLAMA_NUM_PARALLEL=" + std::to_string(s.batch));
  if (!env.empty()) {
    std::string serve;
    for (const auto& e : env) serve += e + " ";
    c.notes.push_back(
        {"note.launch.ollama_server", json_object({{"command", serve + "ollama serve"}})});
  }
  if (!default_cache(s.kv_cache) && s.kv_cache != "q8_0" && s.kv_cache != "q4_0") {
    c.notes.push_back({"note.launch.kv_cache_unsupported",
                       json_object({{"runtime", "Ollama"}, {"kv_cache", s.kv_cache}})});
  }
  if (s.host_expert_layers > 0) c.notes.push_back({"note.launch.ollama_no_expert_offload"});
  return c;
}

}  // namespace

// KTransformers' legacy engine: python -m ktransformers.local_chat --model_path (the model's
// config and tokenizer) --gguf_path (the folder of GGUF files) --cpu_infer (CPU threads)
// --max_new_tokens; --prompt_file makes it print "prompt eval rate" and "eval rate"
// (ktransformers v0.2.4 local_chat.py, doc/en/DeepseekR1_V3_tutorial.md).
LaunchCommand ktransformers_command(const LaunchSetup& s) {
  LaunchCommand c;
  c.runtime = "ktransformers";
  std::string config = s.repo;
  if (s.repo.empty() || s.repo_holds_format) {
    config = "<" + s.model_name + " config repository>";
    c.notes.push_back({"note.launch.model_unknown"});
  }
  const std::string folder = !s.file.empty() ? s.file : "./" + s.model_name + "-" + quant_name(s);
  Words w = {"python",
             "-m",
             "ktransformers.local_chat",
             "--model_path",
             config,
             "--gguf_path",
             folder,
             "--max_new_tokens",
             std::to_string(s.output_tokens)};
  if (s.threads > 0) append_words(w, {"--cpu_infer", std::to_string(s.threads)});
  c.run = command_line(w);
  append_words(w, {"--prompt_file", "prompt.txt"});
  c.measure = command_line(w);
  c.notes.push_back({"note.launch.ktransformers_files"});
  return c;
}

std::vector<LaunchCommand> gguf_commands(const LaunchSetup& s) {
  const Words model = model_words(s);
  const Words placement = placement_words(s, false);
  // ik_llama.cpp builds programs of the same names that take the same flags (its fused MoE, MLA 3
  // and flash attention are defaults there: common/common.h, PRs 863 and 943).
  const bool ik = s.runtime == Runtime::ik_llama_cpp;
  const char* runtime = ik ? "ik_llama.cpp" : "llama.cpp";
  LaunchCommand server;
  server.runtime = runtime;
  if (ik) server.notes.push_back({"note.launch.ik_llama_build"});
  // llama-server shares -c among its -np slots (tools/server/README.md: -np, --kv-unified
  // defaults to on only when the slots are left automatic).
  Words serve =
      joined(joined({"llama-server"}, model), {"-c", std::to_string(s.context_tokens * s.batch)});
  if (s.batch > 1) append_words(serve, {"-np", std::to_string(s.batch)});
  server.run = command_line(joined(serve, placement));
  // llama-bench times a prompt of -p tokens and -n generated ones, one sequence, with the same
  // placement (tools/llama-bench/README.md).
  server.measure = command_line(
      joined(joined(joined({"llama-bench"}, model),
                    {"-p", std::to_string(s.prompt_tokens), "-n", std::to_string(s.output_tokens)}),
             placement_words(s, true)));
  if (s.file.empty() && !s.repo_holds_format) {
    server.notes.push_back(
        {"note.launch.model_file_assumed", json_object({{"file", assumed_file(s)}})});
  }
  const std::string type = cache_type(s.kv_cache);
  if (type.empty() && !default_cache(s.kv_cache)) {
    server.notes.push_back({"note.launch.kv_cache_unsupported",
                            json_object({{"runtime", "llama.cpp"}, {"kv_cache", s.kv_cache}})});
  }
  if (s.batch > 1)
    server.notes.push_back({"note.launch.bench_one_sequence", json_object({{"batch", s.batch}})});

  LaunchCommand cli;
  cli.runtime = runtime;
  cli.run = command_line(joined(
      joined(joined({"llama-cli"}, model), {"-c", std::to_string(s.context_tokens)}), placement));
  if (ik) return {server, cli};
  return {server, cli, ollama_command(s)};
}

}  // namespace llm_sizer
