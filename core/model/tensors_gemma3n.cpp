// Gemma 3n's decoder additions (transformers models/gemma3n/modeling_gemma3n.py,
// Gemma3nTextModel and Gemma3nTextDecoderLayer), named as llama.cpp's gemma3n tensors. The
// per-layer table is a lookup (embedding); its projection, AltUp's and LAuReL's matrices run for
// every token beside the MLP and are reported with it.
#include "model/tensor_list.hpp"

namespace llm_sizer {

void TensorList::gemma3n_inputs() {
  const Gemma3nSpec& g = *m_.gemma3n;
  const int64_t h = m_.hidden_size;
  const int64_t per_token = m_.num_layers * g.per_layer_width;  // every layer's slice
  matrix("per_layer_token_embd", Component::per_layer_embedding, -1, per_token, g.per_layer_rows);
  matrix("per_layer_model_proj", Component::mlp, -1, h, per_token);
  vector("per_layer_proj_norm", Component::norms, -1, g.per_layer_width);
  // AltUp: the extra hidden-state copies are made from the embedding and folded back before the
  // final norm, one h x h projection per copy each way.
  matrix("altup_proj", Component::mlp, -1, h, h, g.altup_inputs - 1);
  matrix("altup_unembd_proj", Component::mlp, -1, h, h, g.altup_inputs - 1);
}

void TensorList::gemma3n_layer_extras(int layer) {
  const Gemma3nSpec& g = *m_.gemma3n;
  const int64_t h = m_.hidden_size;
  const int64_t n = g.altup_inputs;
  // LAuReL's low-rank residual beside attention (Menghani et al. 2024, LAuReL-LR).
  matrix("laurel_l", Component::mlp, layer, h, g.laurel_rank);
  matrix("laurel_r", Component::mlp, layer, g.laurel_rank, h);
  vector("laurel_post_norm", Component::norms, layer, h);
  // AltUp's predict and correct steps (Baykal et al. 2023): an n x n x n prediction and an n x n
  // correction, mixed by a router over the active copy.
  vector("altup_correct_scale", Component::mlp, layer, h);
  matrix("altup_correct_coef", Component::mlp, layer, n, n);
  matrix("altup_predict_coef", Component::mlp, layer, n, n * n);
  matrix("altup_router", Component::mlp, layer, h, n);
  vector("altup_router_norm", Component::norms, layer, h);
  // The layer's slice of the per-layer embedding, gated by the hidden state and projected in.
  matrix("per_layer_inp_gate", Component::mlp, layer, h, g.per_layer_width);
  matrix("per_layer_proj", Component::mlp, layer, g.per_layer_width, h);
  vector("per_layer_post_norm", Component::norms, layer, h);
}

}  // namespace llm_sizer
