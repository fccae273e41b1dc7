#include "launch/server_commands.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "launch/shell_words.hpp"
#include "units.hpp"

namespace llm_sizer {
namespace {

// Requests a benchmark sends per concurrent sequence: enough to reach the steady state.
constexpr int64_t kPromptsPerSequence = 10;

std::string count_text(int64_t value) {
  return std::to_string(value);
}

bool fp8_kv(const std::string& kv) {
  return kv == "fp8" || kv == "fp8_e4m3" || kv == "fp8_e5m2";
}
bool sixteen_bit_kv(const std::string& kv) {
  return kv == "fp16" || kv == "f16" || kv == "bf16";
}

// The checkpoint the server loads, and the --quantization that makes it the scenario's format
// when the repository holds 16-bit weights: vLLM and SGLang quantize to FP8 as they load
// (--quantization fp8), vLLM to bitsandbytes NF4 (--quantization bitsandbytes); every other
// format needs a checkpoint stored in it.
struct Checkpoint {
  std::string model;
  std::string quantization;  // empty: none
};

Checkpoint checkpoint(const LaunchSetup& s, bool online_fp8, bool online_bnb,
                      std::vector<Message>& notes) {
  if (!s.file.empty()) return {s.file, ""};
  if (!s.repo.empty() && s.repo_holds_format) return {s.repo, ""};
  const WeightScheme scheme = s.weights.scheme;
  const bool fp8 = scheme == WeightScheme::fp8_tensor || scheme == WeightScheme::fp8_block;
  const bool quantizable = (fp8 && online_fp8) || (scheme == WeightScheme::bnb_4bit && online_bnb);
  if (!s.repo.empty() && quantizable) {
    notes.push_back({"note.launch.online_quantization", json_object({{"format", s.weights.id}})});
    return {s.repo, fp8 ? "fp8" : "bitsandbytes"};
  }
  if (s.repo.empty()) {
    notes.push_back({"note.launch.model_unknown"});
    return {"<" + s.weights.id + " checkpoint>", ""};
  }
  notes.push_back({"note.launch.checkpoint_needed",
                   json_object({{"format", s.weights.id}, {"model", s.repo}})});
  return {"<" + s.weights.id + " checkpoint of " + s.repo + ">", ""};
}

void kv_unsupported(const LaunchSetup& s, const char* runtime, std::vector<Message>& notes) {
  notes.push_back({"note.launch.kv_cache_unsupported",
                   json_object({{"runtime", runtime}, {"kv_cache", s.kv_cache}})});
}

int64_t prompts(const LaunchSetup& s) {
  return kPromptsPerSequence * s.batch;
}

}  // namespace

// vllm serve: docs.vllm.ai serving/engine_args (--tensor-parallel-size, --max-model-len,
// --gpu-memory-utilization, --max-num-seqs, --max-num-batched-tokens, --kv-cache-dtype
// {auto,fp8,fp8_e4m3,fp8_e5m2}, --cpu-offload-gb in GiB per GPU, --quantization, --dtype);
// vllm bench serve: docs.vllm.ai cli/bench/serve (--dataset-name random, --random-input-len,
// --random-output-len, --num-prompts, --max-concurrency, --ignore-eos).
LaunchCommand vllm_command(const LaunchSetup& s) {
  LaunchCommand c;
  c.runtime = "vllm";
  const Checkpoint ckpt = checkpoint(s, true, true, c.notes);
  Words w = {"vllm", "serve", ckpt.model};
  if (!ckpt.quantization.empty()) append_words(w, {"--quantization", ckpt.quantization});
  if (s.weights.scheme == WeightScheme::dense && s.weights.dense_bytes == 4) {
    append_words(w, {"--dtype", "float32"});
  }
  if (s.tp > 1) append_words(w, {"--tensor-parallel-size", count_text(s.tp)});
  append_words(w, {"--max-model-len", count_text(s.context_tokens)});
  if (s.gpu_memory_fraction != s.defaults.gpu_memory_fraction) {
    append_words(w, {"--gpu-memory-utilization", number_text(s.gpu_memory_fraction)});
  }
  if (s.max_num_seqs > 0 && s.max_num_seqs != s.defaults.max_num_seqs) {
    append_words(w, {"--max-num-seqs", count_text(s.max_num_seqs)});
  }
  if (s.max_batched_tokens != s.defaults.max_batched_tokens) {
    append_words(w, {"--max-num-batched-tokens", count_text(s.max_batched_tokens)});
  }
  if (fp8_kv(s.kv_cache)) {
    append_words(w, {"--kv-cache-dtype", s.kv_cache});
  } else if (!sixteen_bit_kv(s.kv_cache)) {
    kv_unsupported(s, "vLLM", c.notes);
  }
  if (s.cpu_offload_bytes > 0) {
    append_words(w, {"--cpu-offload-gb", number_text(s.cpu_offload_bytes / units::GiB)});
  }
  c.run = command_line(w);
  c.measure =
      command_line({"vllm", "bench", "serve", "--model", ckpt.model, "--dataset-name", "random",
                    "--random-input-len", count_text(s.prompt_tokens), "--random-output-len",
                    count_text(s.output_tokens), "--num-prompts", count_text(prompts(s)),
                    "--max-concurrency", count_text(s.batch), "--ignore-eos"});
  return c;
}

// python -m sglang.launch_server: python/sglang/srt/server_args.py (--model-path, --tp,
// --context-length, --mem-fraction-static, --max-running-requests, --chunked-prefill-size,
// --kv-cache-dtype {auto,fp8_e5m2,fp8_e4m3}, --cpu-offload-gb, an integer, --quantization);
// python -m sglang.bench_serving: python/sglang/bench_serving.py (--backend, --dataset-name
// random, --random-input-len, --random-output-len, --random-range-ratio, --num-prompts,
// --max-concurrency).
LaunchCommand sglang_command(const LaunchSetup& s) {
  LaunchCommand c;
  c.runtime = "sglang";
  const Checkpoint ckpt = checkpoint(s, true, false, c.notes);
  Words w = {"python", "-m", "sglang.launch_server", "--model-path", ckpt.model};
  if (!ckpt.quantization.empty()) append_words(w, {"--quantization", ckpt.quantization});
  if (s.weights.scheme == WeightScheme::dense && s.weights.dense_bytes == 4) {
    append_words(w, {"--dtype", "float32"});
  }
  if (s.tp > 1) append_words(w, {"--tp", count_text(s.tp)});
  append_words(w, {"--context-length", count_text(s.context_tokens)});
  if (s.gpu_memory_fraction != s.defaults.gpu_memory_fraction) {
    append_words(w, {"--mem-fraction-static", number_text(s.gpu_memory_fraction)});
  }
  if (s.max_num_seqs > 0 && s.max_num_seqs != s.defaults.max_num_seqs) {
    append_words(w, {"--max-running-requests", count_text(s.max_num_seqs)});
  }
  if (s.max_batched_tokens != s.defaults.max_batched_tokens) {
    append_words(w, {"--chunked-prefill-size", count_text(s.max_batched_tokens)});
  }
  if (fp8_kv(s.kv_cache)) {
    append_words(w, {"--kv-cache-dtype", s.kv_cache == "fp8_e5m2" ? "fp8_e5m2" : "fp8_e4m3"});
  } else if (!sixteen_bit_kv(s.kv_cache)) {
    kv_unsupported(s, "SGLang", c.notes);
  }
  if (s.cpu_offload_bytes > 0) {
    // Whole GiB: rounding up keeps at least the bytes the estimate moved off the GPU.
    append_words(w, {"--cpu-offload-gb", number_text(std::ceil(s.cpu_offload_bytes / units::GiB))});
  }
  c.run = command_line(w);
  c.measure = command_line(
      {"python", "-m", "sglang.bench_serving", "--backend", "sglang", "--dataset-name", "random",
       "--random-input-len", count_text(s.prompt_tokens), "--random-output-len",
       count_text(s.output_tokens), "--random-range-ratio", "1", "--num-prompts",
       count_text(prompts(s)), "--max-concurrency", count_text(s.batch)});
  return c;
}

// trtllm-serve: nvidia.github.io/TensorRT-LLM commands/trtllm-serve (MODEL, --backend pytorch,
// --tp_size, --max_batch_size, --max_num_tokens, --max_seq_len,
// --kv_cache_free_gpu_memory_fraction); trtllm-bench: commands/trtllm-bench and
// performance/perf-benchmarking (prepare-dataset token-norm-dist --num-requests --input-mean
// --output-mean --input-stdev --output-stdev; throughput --dataset --backend --tp
// --max_batch_size --max_num_tokens --max_seq_len --kv_cache_free_gpu_mem_fraction
// --concurrency). The KV cache's type is set in the YAML of --extra_llm_api_options only.
LaunchCommand tensorrt_llm_command(const LaunchSetup& s) {
  LaunchCommand c;
  c.runtime = "tensorrt-llm";
  const Checkpoint ckpt = checkpoint(s, false, false, c.notes);
  // The scheduler's cap: the scenario's max_num_seqs, else its batch (the defaults of
  // max_batch_size have changed between releases, so it is always given).
  const int64_t max_batch = s.max_num_seqs > 0 ? s.max_num_seqs : s.batch;
  Words settings = {"--max_batch_size", count_text(max_batch),
                    "--max_num_tokens", count_text(s.max_batched_tokens),
                    "--max_seq_len",    count_text(s.context_tokens)};
  Words serve = {"trtllm-serve", ckpt.model, "--backend", "pytorch"};
  if (s.tp > 1) append_words(serve, {"--tp_size", count_text(s.tp)});
  serve.insert(serve.end(), settings.begin(), settings.end());
  Words bench_settings = settings;
  if (s.gpu_memory_fraction != s.defaults.gpu_memory_fraction) {
    append_words(serve,
                 {"--kv_cache_free_gpu_memory_fraction", number_text(s.gpu_memory_fraction)});
    append_words(bench_settings,
                 {"--kv_cache_free_gpu_mem_fraction", number_text(s.gpu_memory_fraction)});
  }
  c.run = command_line(serve);
  // trtllm-bench names the model by its Hub id (its tokenizer); a local checkpoint is the path.
  Words model = {"trtllm-bench", "--model", s.repo.empty() ? s.model_name : s.repo};
  if (!s.file.empty()) append_words(model, {"--model_path", s.file});
  Words prepare = model;
  append_words(prepare, {"prepare-dataset", "--output", "dataset.txt", "token-norm-dist",
                         "--num-requests", count_text(prompts(s)), "--input-mean",
                         count_text(s.prompt_tokens), "--output-mean", count_text(s.output_tokens),
                         "--input-stdev", "0", "--output-stdev", "0"});
  Words bench = model;
  append_words(bench, {"throughput", "--dataset", "dataset.txt", "--backend", "pytorch"});
  if (s.tp > 1) append_words(bench, {"--tp", count_text(s.tp)});
  bench.insert(bench.end(), bench_settings.begin(), bench_settings.end());
  append_words(bench, {"--concurrency", count_text(s.batch)});
  c.measure = command_line(prepare) + " && " + command_line(bench);
  if (fp8_kv(s.kv_cache) || s.kv_cache == "int8") {
    c.notes.push_back({"note.launch.kv_cache_config", json_object({{"kv_cache", s.kv_cache}})});
  } else if (!sixteen_bit_kv(s.kv_cache)) {
    kv_unsupported(s, "TensorRT-LLM", c.notes);
  }
  return c;
}

}  // namespace llm_sizer
