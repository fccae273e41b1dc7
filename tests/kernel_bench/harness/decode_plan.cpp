#include "decode_plan.hpp"

#include <map>
#include <stdexcept>

#include "model/tensors.hpp"
#include "scenario/scenario.hpp"

namespace llm_sizer::bench {
namespace {

// Which fused kernel input a layer tensor belongs to (GGUF tensor names, core/model/tensors.cpp).
const std::map<std::string_view, std::string_view> kStageOf = {
    {"attn_q", "qkv"},    {"attn_k", "qkv"},      {"attn_v", "qkv"},    {"attn_qkv", "qkv"},
    {"attn_output", "o"}, {"ffn_gate", "mlp_in"}, {"ffn_up", "mlp_in"}, {"ffn_down", "mlp_out"}};

void add_rows(Matrix& fused, const TensorSpec& t, std::string_view name) {
  if (fused.rows > 0 && fused.cols != t.row_length) {
    throw std::invalid_argument(std::string(t.kind) + " reads a different input than " +
                                std::string(name));
  }
  fused.name = std::string(name);
  fused.cols = t.row_length;
  fused.rows += t.rows;
}

void check_width(const Matrix& m, const std::string& label) {
  if (m.rows <= 0 || m.cols % kGroupSize != 0) {
    throw std::invalid_argument(label + ": " + m.name + " is " + std::to_string(m.rows) + " x " +
                                std::to_string(m.cols) + "; the kernels need inputs in whole " +
                                "groups of " + std::to_string(kGroupSize));
  }
}

}  // namespace

std::string model_label(const Json& model) {
  if (model.is_string()) return model.get<std::string>();
  std::string label = model.value("preset", std::string("custom"));
  if (model.contains("num_hidden_layers")) {
    label += '/';
    label += std::to_string(model["num_hidden_layers"].get<int64_t>());
    label += " layers";
  }
  return label;
}

DecodePlan plan_decode(const Json& model, const Catalog& catalog) {
  const Scenario scenario = parse_scenario({{"model", model}}, catalog);
  const ModelSpec& m = scenario.model.parsed.spec;
  DecodePlan plan;
  plan.label = model_label(model);
  plan.model = model;
  if (m.is_moe() || m.mla) {
    throw std::invalid_argument(plan.label +
                                ": the bench assembles dense decoder layers with "
                                "multi-head attention, not experts or latent attention");
  }
  plan.hidden = m.hidden_size;
  plan.heads = m.num_heads;
  plan.kv_heads = m.num_kv_heads;
  plan.head_dim = m.head_dim;
  plan.layers.resize(size_t(m.num_layers));
  for (size_t i = 0; i < plan.layers.size(); ++i) {
    const LayerSpec& spec = m.layers[i];
    if (spec.attention == AttentionKind::linear) {
      throw std::invalid_argument(plan.label + ": layer " + std::to_string(i) +
                                  " is linear attention, which the bench has no kernel for");
    }
    plan.layers[i].window = spec.attention == AttentionKind::sliding ? m.sliding_window : 0;
    plan.layers[i].gated = m.gated_mlp;
  }
  for (const TensorSpec& t : list_tensors(m)) {
    if (t.vector || t.component == Component::vision || t.component == Component::mtp) continue;
    if (t.layer < 0) {
      // The output head, or the token embedding when the head reuses it.
      const bool head = t.kind == "output" || (t.kind == "token_embd" && m.tie_word_embeddings);
      if (head) plan.lm_head = {"lm_head", t.rows, t.row_length};
      continue;
    }
    const auto stage = kStageOf.find(t.kind);
    if (stage == kStageOf.end()) {
      throw std::invalid_argument(plan.label + ": the bench has no kernel for " +
                                  std::string(t.kind));
    }
    LayerPlan& layer = plan.layers[size_t(t.layer)];
    Matrix& fused = stage->second == "qkv"      ? layer.qkv
                    : stage->second == "o"      ? layer.o
                    : stage->second == "mlp_in" ? layer.mlp_in
                                                : layer.mlp_out;
    add_rows(fused, t, stage->second);
  }
  for (const LayerPlan& layer : plan.layers) {
    for (const Matrix* matrix : {&layer.qkv, &layer.o, &layer.mlp_in, &layer.mlp_out}) {
      check_width(*matrix, plan.label);
    }
  }
  check_width(plan.lm_head, plan.label);
  return plan;
}

double DecodePlan::weight_bytes(WeightType type) const {
  double bytes = matrix_bytes(WeightType::bf16, lm_head);
  for (const LayerPlan& layer : layers) {
    for (const Matrix* matrix : {&layer.qkv, &layer.o, &layer.mlp_in, &layer.mlp_out}) {
      bytes += matrix_bytes(type, *matrix);
    }
  }
  return bytes;
}

double DecodePlan::kv_bytes(int64_t batch, int64_t context) const {
  double tokens = 0;
  for (const LayerPlan& layer : layers) tokens += double(layer.kv_tokens(context));
  return double(batch) * tokens * 2.0 * double(kv_heads * head_dim) * 2.0;
}

AttentionShape attention_shape(const DecodePlan& plan, const LayerPlan& layer, int64_t batch,
                               int64_t context) {
  return {int(batch),
          int(plan.heads),
          int(plan.kv_heads),
          int(plan.head_dim),
          int(layer.kv_tokens(context)),
          1,
          int(layer.qkv.rows)};
}

StepBuffers step_buffers(const DecodePlan& plan, WeightType type) {
  StepBuffers b{MatrixCarver::words_for(WeightType::bf16, plan.lm_head), 0};
  for (const LayerPlan& layer : plan.layers) {
    for (const Matrix* m : {&layer.qkv, &layer.o, &layer.mlp_in, &layer.mlp_out}) {
      b.words += MatrixCarver::words_for(type, *m);
      b.scales += MatrixCarver::scales_for(type, *m);
    }
  }
  return b;
}

std::vector<Matrix> DecodePlan::distinct_matrices() const {
  std::vector<Matrix> out;
  const LayerPlan& first = layers.front();
  for (const Matrix& matrix : {first.qkv, first.o, first.mlp_in, first.mlp_out, lm_head}) {
    out.push_back(matrix);
  }
  return out;
}

}  // namespace llm_sizer::bench
