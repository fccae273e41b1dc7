#include "explain/references.hpp"

#include <array>

namespace llm_sizer {
namespace {

constexpr std::array kReferences = {
    Reference{"hf-transformers",
              "Hugging Face transformers: the model's modeling_<model_type>.py defines every "
              "parameter tensor",
              "https://github.com/huggingface/transformers/tree/main/src/transformers/models"},
    Reference{"deepseek-v2",
              "DeepSeek-AI 2024, DeepSeek-V2, section 2.1.2 (multi-head latent attention, eqs. "
              "9-19)",
              "https://arxiv.org/abs/2405.04434"},
    Reference{"deepseek-v3",
              "DeepSeek-AI 2024, DeepSeek-V3 Technical Report, sections 2.1-2.2 (MoE with "
              "shared experts, multi-token prediction)",
              "https://arxiv.org/abs/2412.19437"},
    Reference{"weight-formats",
              "Storage per format: llama.cpp ggml-common.h block layouts and llama-quant.cpp "
              "per-tensor mixes; AutoGPTQ/AutoAWQ packing; bitsandbytes blockwise scales; QLoRA "
              "section 3 (NF4 with double quantization)",
              "https://github.com/ggml-org/llama.cpp/blob/master/ggml/src/ggml-common.h"},
    Reference{"kv-cache",
              "Kwon et al. 2023, PagedAttention, section 3 (the KV cache holds a key and a value "
              "vector per token, layer and KV head); Ainslie et al. 2023 (GQA: KV heads < query "
              "heads)",
              "https://arxiv.org/abs/2309.06180"},
    Reference{"runtime-memory",
              "Runtime memory accounting: vLLM determine_available_memory (gpu_memory_utilization "
              "x total - profiled peak), SGLang mem_fraction_static, TensorRT-LLM "
              "free_gpu_memory_fraction, llama.cpp compute buffer",
              "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html"},
    Reference{"shazeer-moe",
              "Fedus et al. 2021, Switch Transformers, section 2 (only the routed top-k experts "
              "process a token)",
              "https://arxiv.org/abs/2101.03961"},
};

}  // namespace

const Reference* find_reference(std::string_view id) {
  for (const auto& reference : kReferences) {
    if (reference.id == id) return &reference;
  }
  return nullptr;
}

}  // namespace llm_sizer
