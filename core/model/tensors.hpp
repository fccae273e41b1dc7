#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/model_spec.hpp"

namespace llm_sizer {

// Where a tensor's parameters are reported in the breakdown.
enum class Component {
  embedding,
  position_embedding,
  attention,
  mlp,
  experts,
  shared_experts,
  router,
  norms,
  lm_head,
  mtp,     // DeepSeek-V3 multi-token prediction: reported apart from the model's total
  vision,  // image encoder and projector of a multimodal checkpoint
  audio,   // audio encoder and projector (Gemma 3n)
  // Gemma 3n's per-layer embedding table: a row lookup per token, like the token embedding, but
  // never the output head; reported with the embedding.
  per_layer_embedding,
};
inline constexpr size_t kComponentCount = 13;

// An encoder of another modality: runs per image or audio clip, not per text token, and is left
// out of the text model's active parameters (a GGUF's mmproj file).
inline bool is_media_encoder(Component c) {
  return c == Component::vision || c == Component::audio;
}

// One weight tensor of the checkpoint, named as llama.cpp names it in GGUF files ("attn_v",
// "ffn_down_exps", ...), so quantization rules that pick a type per tensor can be applied as-is.
struct TensorSpec {
  std::string_view kind;  // tensor name without the "blk.N." prefix and ".weight"/".bias" suffix
  Component component;
  int layer = -1;          // decoder layer; -1 for tensors outside the layers
  int64_t row_length = 0;  // elements per row (GGUF ne[0], the input width of a linear layer)
  int64_t rows = 1;        // rows per matrix (the output width); 1 for vectors
  int64_t matrices = 1;    // stacked expert matrices in one tensor
  bool vector = false;     // 1-D tensors (norm weights, biases) stay in full precision
  bool bias = false;
  bool encoder = false;  // an encoder-stack tensor: runs once per input token, not per output token

  int64_t params() const { return row_length * rows * matrices; }
};

// Every parameter tensor of the model, layer by layer, then the multi-token-prediction modules.
std::vector<TensorSpec> list_tensors(const ModelSpec& model);

}  // namespace llm_sizer
