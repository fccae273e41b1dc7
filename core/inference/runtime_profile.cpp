#include "inference/runtime_profile.hpp"

#include <string>

#include "hardware/host.hpp"
#include "units.hpp"

namespace llm_sizer {
namespace {

// CUDA context, cuBLAS/NCCL handles and allocator slack outside the framework's own tensors:
// vLLM measures it as "non-torch memory", 0.35 GiB on one RTX 3090 (vllm-project/vllm#10517).
constexpr double kCudaOverheadBytes = 0.35 * units::GiB;
constexpr double kOllamaMinimumFreeBytes = 457 * units::MiB;

bool is_a100(const AcceleratorSpec& device) {
  return device.id.find("a100") != std::string::npos ||
         device.name.find("A100") != std::string::npos;
}

}  // namespace

double usable_device_memory_bytes(const AcceleratorSpec& device) {
  return device.memory_bytes * device.gpu_working_set_fraction.value_or(1.0);
}

int64_t kv_block_tokens(Runtime runtime) {
  switch (runtime) {
    case Runtime::tensorrt_llm:
      return 32;
    case Runtime::sglang:
    case Runtime::llama_cpp:
    case Runtime::ollama:
    case Runtime::ik_llama_cpp:
    case Runtime::ktransformers:
      return 1;
    case Runtime::mlx:
      // mlx_lm/models/cache.py KVCache.step: the cache grows by whole blocks of 256 positions.
      return 256;
    case Runtime::generic:
    case Runtime::vllm:
      break;
  }
  return 16;
}

RuntimeDefaults runtime_defaults(Runtime runtime, const AcceleratorSpec& device, int64_t tp) {
  RuntimeDefaults d;
  // Unified-memory machines and CPUs have no CUDA context; the working-set limit already leaves
  // the OS its share.
  d.overhead_bytes = device.unified_memory || is_cpu(device) ? 0.0 : kCudaOverheadBytes;
  const bool large_gpu = device.memory_bytes >= 70.0 * units::GiB;
  switch (runtime) {
    case Runtime::generic:
      // A prefill chunk of 2048 tokens, as vLLM's and SGLang's chunked prefill on smaller GPUs.
      d.max_batched_tokens = 2048;
      break;
    case Runtime::vllm:
      // vllm/config/cache.py: gpu_memory_utilization default 0.9 (0.92 in 2026 main).
      d.gpu_memory_fraction = 0.9;
      // vllm/engine/arg_utils.py get_batch_defaults (OpenAI server): 8192 batched tokens and
      // 1024 sequences on >= 70 GiB GPUs other than A100, else 2048 tokens and 256 sequences.
      d.max_batched_tokens = large_gpu && !is_a100(device) ? 8192 : 2048;
      d.max_num_seqs = large_gpu && !is_a100(device) ? 1024 : 256;
      break;
    case Runtime::sglang:
      // sglang/srt/server_args.py: mem_fraction_static 0.88 (TP1), 0.87 (TP2), 0.85 (TP4),
      // 0.81 (TP8), 0.79 (more); chunked_prefill_size 2048 below 35 GiB, else 8192.
      d.gpu_memory_fraction = tp >= 16  ? 0.79
                              : tp >= 8 ? 0.81
                              : tp >= 4 ? 0.85
                              : tp >= 2 ? 0.87
                                        : 0.88;
      d.max_batched_tokens = device.memory_bytes < 35.0 * units::GiB ? 2048 : 8192;
      break;
    case Runtime::tensorrt_llm:
      // TensorRT-LLM KvCacheConfig.free_gpu_memory_fraction default 0.9 of the memory left
      // after weights and activation buffers; max_num_tokens default 8192.
      d.gpu_memory_fraction = 0.9;
      d.max_batched_tokens = 8192;
      break;
    case Runtime::llama_cpp:
    case Runtime::ik_llama_cpp:
      // llama.cpp common args: -ub/--ubatch-size default 512 (the compute buffer's size), as in
      // ik_llama.cpp's common/common.h.
      d.max_batched_tokens = 512;
      break;
    case Runtime::ollama:
      // Ollama's runner keeps llama.cpp's 512-token batch, and leaves 457 MiB of each CUDA or
      // ROCm GPU free when it places layers (discover/gpu.go, cudaMinimumMemory and
      // rocmMinimumMemory).
      d.max_batched_tokens = 512;
      if (d.overhead_bytes > 0) d.overhead_bytes += kOllamaMinimumFreeBytes;
      break;
    case Runtime::ktransformers:
      // ktransformers local_chat: chunk_size 8192 (prefill chunks; v0.2.4 local_chat.py).
      d.max_batched_tokens = 8192;
      break;
    case Runtime::mlx:
      // mlx_lm/generate.py generate_step: the prompt runs in chunks of prefill_step_size 2048.
      d.max_batched_tokens = 2048;
      break;
  }
  return d;
}

}  // namespace llm_sizer
