#pragma once

#include <cstdint>

#include "hardware/accelerator.hpp"
#include "inference/inference_input.hpp"

namespace llm_sizer {

// A runtime's documented memory defaults on a given device (each value cites its source).
struct RuntimeDefaults {
  double gpu_memory_fraction = 1.0;
  int64_t max_num_seqs = 0;  // 0: no scheduler cap
  int64_t max_batched_tokens = 0;
  double overhead_bytes = 0;
};

// Tokens per page of the runtime's paged KV cache: vllm/config/cache.py block_size 16;
// TensorRT-LLM KvCacheConfig.tokens_per_block 32; SGLang server_args page_size 1; llama.cpp keeps
// one cell per token.
int64_t kv_block_tokens(Runtime runtime);

RuntimeDefaults runtime_defaults(Runtime runtime, const AcceleratorSpec& device, int64_t tp);

// Memory one device can give to the model: all of a discrete GPU's memory, or the share of
// unified memory the OS lets the GPU wire (Metal's recommendedMaxWorkingSetSize).
double usable_device_memory_bytes(const AcceleratorSpec& device);

}  // namespace llm_sizer
