#include "inference/memory.hpp"

#include <algorithm>
#include <cmath>

#include "hardware/host.hpp"
#include "inference/activation.hpp"
#include "inference/runtime_profile.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {
namespace {

double component(const WeightsSize& w, Component c) {
  return w.bytes_by_component[static_cast<size_t>(c)];
}

// Tokens of one sequence as the runtime allocates them: vLLM hands out whole 16-token blocks, MLX
// grows its cache by 256 positions at a time.
int64_t allocated_tokens(const InferenceInput& input, int64_t tokens) {
  if (input.runtime != Runtime::vllm && input.runtime != Runtime::mlx) return tokens;
  const double block = double(kv_block_tokens(input.runtime));
  return int64_t(std::ceil(double(tokens) / block) * block);
}

double activation_per_device(const ModelSpec& model, const InferenceInput& input) {
  if (runs_llama_cpp(input.runtime)) {
    return llama_cpp_compute_buffer_bytes(model, input.context_tokens, input.max_batched_tokens,
                                          input.flash_attention);
  }
  // One forward step of max_batched_tokens tokens (bf16 activations, split by tensor
  // parallelism), plus fp32 logits for every sequence the step samples: vLLM's profile run
  // samples max_num_seqs dummy sequences (vllm/v1/worker/gpu_worker.py determine_available_memory).
  const double tokens = double(input.max_batched_tokens);
  const double sequences =
      input.runtime == Runtime::vllm ? double(input.max_num_seqs) : double(input.batch);
  double bytes = tokens * activation_bytes_per_token(model, 2.0) / double(input.tp) +
                 sequences * logits_bytes_per_sequence(model);
  if (!input.flash_attention) {
    // Eager attention materialises the fp16 score matrix of every head for one prefill chunk.
    const double chunk = std::min(tokens, double(input.context_tokens));
    bytes +=
        2.0 * chunk * double(input.context_tokens) * double(model.num_heads) / double(input.tp);
  }
  return bytes;
}

}  // namespace

// Tensor parallelism splits every matrix (vLLM and SGLang also split the embedding and head by
// vocabulary); norms are tiny and replicated. llama.cpp keeps the token embedding in host memory
// (its load log reports it as the CPU buffer; on a CPU-only machine that is the same RAM) and puts
// the image encoder in a separate mmproj file.
double weights_per_device(const WeightsSize& w, const InferenceInput& input, const ModelSpec& model,
                          const AcceleratorSpec& device) {
  double bytes = w.bytes;  // multi-token-prediction modules are not in it (loaded only for MTP)
  if (runs_llama_cpp(input.runtime)) {
    bytes -= w.media_encoder_bytes();
    if (!is_cpu(device)) bytes -= component(w, Component::per_layer_embedding);
    if (!model.tie_word_embeddings && !is_cpu(device)) {
      bytes -= component(w, Component::embedding);
    }
  }
  const double replicated = component(w, Component::norms);
  return (bytes - replicated) / double(input.tp) + replicated;
}

InferenceMemory inference_memory(const ModelSpec& model, const WeightsSize& weights,
                                 const AcceleratorSpec& device, const InferenceInput& input,
                                 const DeviceShare& share) {
  InferenceMemory m;
  m.weights_bytes = weights.bytes;
  m.kv = kv_layout(model, input.kv_cache);
  m.allocated_tokens = allocated_tokens(input, input.context_tokens);
  const double per_sequence = kv_bytes_per_sequence(m.kv, m.allocated_tokens);
  m.kv_cache_bytes = per_sequence * double(input.batch);

  const double kv_share = kv_share_per_device(model, input.tp) * share.kv_fraction;
  DeviceMemory& d = m.per_device;
  d.weights_bytes = share.weights_bytes.value_or(weights_per_device(weights, input, model, device));
  d.kv_cache_bytes = m.kv_cache_bytes * kv_share;
  d.activation_bytes = activation_per_device(model, input);
  if (input.runtime == Runtime::mlx && m.allocated_tokens > 0) {
    // MLX grows a cache by concatenating a new block to it (mlx_lm/models/cache.py
    // KVCache.update_and_fetch), so the old cache and its copy are alive together once: the
    // peak holds all but the last block twice.
    const double step = double(kv_block_tokens(Runtime::mlx));
    d.activation_bytes += d.kv_cache_bytes * std::max(0.0, double(m.allocated_tokens) - step) /
                          double(m.allocated_tokens);
  }
  d.overhead_bytes = input.overhead_bytes;

  m.usable_bytes = usable_device_memory_bytes(device);
  m.budget_bytes = m.usable_bytes * input.gpu_memory_fraction;
  const double fixed = d.weights_bytes + d.activation_bytes + d.overhead_bytes;
  switch (input.runtime) {
    case Runtime::vllm:
      // available KV = total x gpu_memory_utilization - profiled peak (weights + activations +
      // non-torch memory); all of it is pre-allocated (vllm/v1/worker/gpu_worker.py).
      m.kv_pool_bytes = m.budget_bytes - fixed;
      m.reserved_bytes = m.budget_bytes;
      break;
    case Runtime::sglang:
      // mem_fraction_static covers weights and the KV pool; activations and CUDA graphs live in
      // the rest (sglang/srt/server_args.py).
      m.kv_pool_bytes = m.budget_bytes - d.weights_bytes;
      m.reserved_bytes = m.budget_bytes + d.activation_bytes + d.overhead_bytes;
      if (m.reserved_bytes > m.usable_bytes) m.kv_pool_bytes = -1;  // activations do not fit
      break;
    case Runtime::tensorrt_llm:
      // KV pool = free_gpu_memory_fraction x memory free after the engine and its buffers.
      m.kv_pool_bytes = input.gpu_memory_fraction * (m.usable_bytes - fixed);
      m.reserved_bytes = fixed + std::max(0.0, m.kv_pool_bytes);
      break;
    case Runtime::generic:
    case Runtime::llama_cpp:
    case Runtime::ollama:
    case Runtime::mlx:
    case Runtime::ik_llama_cpp:
    case Runtime::ktransformers:
      m.kv_pool_bytes = m.budget_bytes - fixed;
      m.reserved_bytes = d.total();
      break;
  }
  // What vLLM logs as "GPU KV cache size: N tokens": the pool over the bytes one token adds.
  const double token_bytes_on_device = m.kv.bytes_per_token() * kv_share;
  m.kv_pool_tokens =
      token_bytes_on_device > 0 ? std::max(0.0, m.kv_pool_bytes) / token_bytes_on_device : 0;
  m.fits = m.kv_pool_bytes >= 0 && d.kv_cache_bytes <= m.kv_pool_bytes;
  return m;
}

}  // namespace llm_sizer
