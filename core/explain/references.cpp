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
