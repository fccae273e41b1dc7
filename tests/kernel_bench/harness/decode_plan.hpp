#pragma once

// A model's decode step as the bench's kernels run it, taken from the core's own tensor list, so
// the assembled step reads exactly the matrices the core's prediction counts.
#include <string>
#include <vector>

#include "bench_types.hpp"
#include "catalog/catalog.hpp"
#include "quant_layout.hpp"

namespace llm_sizer::bench {

// One decoder layer: normalise, QKV projection, attention over the KV cache, output projection
// (added to the residual), normalise, MLP in (gate and up fused, as serving runtimes do), the
// activation, MLP out (added to the residual).
struct LayerPlan {
  Matrix qkv;
  Matrix o;
  Matrix mlp_in;
  Matrix mlp_out;
  bool gated = true;   // SwiGLU: mlp_in holds gate and up
  int64_t window = 0;  // sliding-window layers attend to at most this many tokens; 0: all
  int64_t kv_tokens(int64_t context) const {
    return window > 0 && window < context ? window : context;
  }
};

struct DecodePlan {
  std::string label;  // the model as the bench names it: "llama-3-8b", "llama-3-70b/20 layers"
  Json model;         // the scenario's model value, so the core predicts for the same model
  int64_t hidden = 0;
  int64_t heads = 0;
  int64_t kv_heads = 0;
  int64_t head_dim = 0;
  std::vector<LayerPlan> layers;
  Matrix lm_head;

  // Weight bytes a step streams in this storage; the output head stays 16-bit, as GPTQ
  // checkpoints keep it.
  double weight_bytes(WeightType type) const;
  // KV cache bytes a step reads for `batch` sequences at `context` tokens (16-bit keys, values).
  double kv_bytes(int64_t batch, int64_t context) const;
  // The distinct matrices of one layer and the output head, for GEMM and GEMV measurements.
  std::vector<Matrix> distinct_matrices() const;
};

// A layer's attention in a step of `batch` sequences at `context` tokens, one token split: the
// queries are the first columns of the QKV projection's output rows.
AttentionShape attention_shape(const DecodePlan& plan, const LayerPlan& layer, int64_t batch,
                               int64_t context);

// What a MatrixCarver needs to cut every matrix of a step: the layers in this storage and the
// 16-bit output head.
struct StepBuffers {
  size_t words = 0;
  size_t scales = 0;
};
StepBuffers step_buffers(const DecodePlan& plan, WeightType type);

// Throws std::invalid_argument for models whose step the bench's kernels do not assemble
// (mixture of experts, latent or linear attention, matrices not a multiple of 128 wide).
DecodePlan plan_decode(const Json& model, const Catalog& catalog);

// "llama-3-8b" for a preset id; "llama-3-70b/20 layers" for {"preset": ..., "num_hidden_layers"}.
std::string model_label(const Json& model);

}  // namespace llm_sizer::bench
