#include "model/param_explain.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

double count_layers(const ModelSpec& m, bool (*predicate)(const LayerSpec&)) {
  return static_cast<double>(std::count_if(m.layers.begin(), m.layers.end(), predicate));
}

// Appends "+ {rest}" for what the symbolic part leaves out (biases, q/k norms, gates).
Explanation with_rest(Explanation e, double symbolic, double actual, const char* rest_name) {
  const double rest = actual - symbolic;
  if (rest != 0) {
    e.formula.append(" + {").append(rest_name).append("}");
    e.terms.push_back({rest_name, rest, "unit.params"});
  }
  return e;
}

// Blocks of q, k, v and o projections: self-attention layers, Llama 3.2 Vision's image
// cross-attention layers, and an encoder-decoder's cross-attention (one more per decoder layer).
double attention_blocks(const ModelSpec& m) {
  return count_layers(m,
                      [](const LayerSpec& l) {
                        return l.attention == AttentionKind::full ||
                               l.attention == AttentionKind::sliding ||
                               l.attention == AttentionKind::cross_only;
                      }) +
         count_layers(m, [](const LayerSpec& l) { return l.cross_attention; });
}

Explanation attention(const ModelSpec& m, double actual) {
  const double h = m.hidden_size;
  const double heads = m.num_heads;
  const double layers = attention_blocks(m);
  const bool mamba = count_layers(m, [](const LayerSpec& l) {
                       return l.attention == AttentionKind::state_space;
                     }) > 0;
  if (m.mla) {
    const MlaSpec& a = *m.mla;
    const double q_head = a.qk_nope_head_dim + a.qk_rope_head_dim;
    Explanation e;
    e.ref = "deepseek-v2";
    e.formula = a.q_lora_rank > 0
                    ? "{L} * ({h} * {q_lora} + {q_lora} * {n_q} * ({d_nope} + {d_rope})"
                    : "{L} * ({h} * {n_q} * ({d_nope} + {d_rope})";
    e.formula +=
        " + {h} * ({kv_lora} + {d_rope}) + {kv_lora} * {n_q} * ({d_nope} + {d_v}) + {n_q} * {d_v} "
        "* {h})";
    e.terms = {{"L", layers, "unit.layers"}, {"h", h}, {"n_q", heads, "unit.heads"}};
    if (a.q_lora_rank > 0) e.terms.push_back({"q_lora", double(a.q_lora_rank)});
    e.terms.insert(e.terms.end(), {{"kv_lora", double(a.kv_lora_rank)},
                                   {"d_nope", double(a.qk_nope_head_dim)},
                                   {"d_rope", double(a.qk_rope_head_dim)},
                                   {"d_v", double(a.v_head_dim)}});
    const double q =
        a.q_lora_rank > 0 ? h * a.q_lora_rank + a.q_lora_rank * heads * q_head : h * heads * q_head;
    const double symbolic = layers * (q + h * (a.kv_lora_rank + a.qk_rope_head_dim) +
                                      a.kv_lora_rank * heads * (a.qk_nope_head_dim + a.v_head_dim) +
                                      heads * a.v_head_dim * h);
    return with_rest(e, symbolic, actual, "norms_and_linear_attention");
  }
  Explanation e;
  e.ref = "hf-transformers";
  e.formula = "{L} * ({h} * ({n_q} + 2 * {n_kv}) * {d} + {n_q} * {d} * {h})";
  e.terms = {{"L", layers, "unit.layers"},
             {"h", h},
             {"n_q", heads, "unit.heads"},
             {"n_kv", double(m.num_kv_heads), "unit.heads"},
             {"d", double(m.head_dim)}};
  const double symbolic =
      layers * (h * (heads + 2.0 * m.num_kv_heads) * m.head_dim + heads * m.head_dim * h);
  return with_rest(e, symbolic, actual,
                   mamba ? "mamba_mixers_biases_norms" : "biases_norms_gates_position_bias");
}

Explanation dense_mlp(const ModelSpec& m, double actual) {
  const double layers = count_layers(m, [](const LayerSpec& l) { return l.ffn == FfnKind::dense; });
  const double matrices = m.gated_mlp ? 3 : 2;
  Explanation e;
  e.ref = "hf-transformers";
  e.formula = "{L_dense} * {matrices} * {h} * {I}";
  e.terms = {
      {"L_dense", layers, "unit.layers"},
      {"matrices", matrices,
       m.gated_mlp ? MessageCode("unit.mlp_matrices_gated") : MessageCode("unit.mlp_matrices")},
      {"h", double(m.hidden_size)},
      {"I", double(m.intermediate_size)}};
  return with_rest(e, layers * matrices * m.hidden_size * m.intermediate_size, actual, "biases");
}

Explanation routed_experts(const ModelSpec& m, double actual) {
  const double layers = count_layers(m, [](const LayerSpec& l) { return l.ffn == FfnKind::moe; });
  Explanation e;
  e.ref = "shazeer-moe";
  e.formula = "{L_moe} * {E} * 3 * {h} * {I_e}";
  e.terms = {{"L_moe", layers, "unit.layers"},
             {"E", double(m.moe.num_experts), "unit.experts"},
             {"h", double(m.hidden_size)},
             {"I_e", double(m.moe.expert_intermediate_size)}};
  return with_rest(
      e, layers * m.moe.num_experts * 3.0 * m.hidden_size * m.moe.expert_intermediate_size, actual,
      "biases");
}

void add_component_terms(const ParamBreakdown& p, Explanation& e) {
  const std::pair<const char*, int64_t> parts[] = {
      {"embedding", p.embedding}, {"position_embedding", p.position_embedding},
      {"attention", p.attention}, {"mlp", p.mlp},
      {"experts", p.experts},     {"shared_experts", p.shared_experts},
      {"router", p.router},       {"norms", p.norms},
      {"lm_head", p.lm_head},     {"vision", p.vision},
      {"audio", p.audio}};
  for (const auto& [name, value] : parts) {
    if (value == 0) continue;
    if (!e.formula.empty()) e.formula += " + ";
    e.formula.append("{").append(name).append("}");
    e.terms.push_back({name, double(value), "unit.params"});
  }
}

double moe_layers(const ModelSpec& m) {
  return count_layers(m, [](const LayerSpec& l) { return l.ffn == FfnKind::moe; });
}

// Norms, router, shared experts, position table, image encoder and MTP modules: the symbolic
// part names the dominant shapes, the rest folds into one term.
void explain_small_components(const ModelSpec& m, const ParamBreakdown& p, Explanations& out) {
  const double h = double(m.hidden_size);
  const double layers = double(m.num_layers);
  out.emplace_back(
      "model.params_embedding",
      Explanation{"{embedding} + {position_embedding}",
                  {{"embedding", double(p.embedding), "unit.params"},
                   {"position_embedding", double(p.position_embedding), "unit.params"}},
                  "hf-transformers"});
  if (p.position_embedding > 0) {
    // BART keeps one table per stack.
    const double tables = m.stacks == Stacks::encoder_decoder ? 2.0 : 1.0;
    out.emplace_back("model.breakdown.position_embedding",
                     Explanation{"{tables} * {positions} * {h}",
                                 {{"tables", tables, "unit.tables"},
                                  {"positions", double(m.learned_position_rows), "unit.rows"},
                                  {"h", h, ""}},
                                 "hf-transformers"});
  }
  const double width = m.norm == NormKind::layer_norm ? 2 * h : h;  // LayerNorm: weight + bias
  const double per_layer = m.norm == NormKind::non_parametric ? 0 : m.norms_per_layer * width;
  Explanation norms{"{L} * {norms_per_layer} * {width}",
                    {{"L", layers, "unit.layers"},
                     {"norms_per_layer", double(m.norms_per_layer)},
                     {"width", per_layer / std::max(1, m.norms_per_layer), "unit.params_per_norm"}},
                    "hf-transformers"};
  out.emplace_back("model.breakdown.norms",
                   with_rest(norms, layers * per_layer, double(p.norms), "final_and_qk_norms"));
  if (m.is_moe()) {
    const Explanation router{"{L_moe} * {E} * {h}",
                             {{"L_moe", moe_layers(m), "unit.layers"},
                              {"E", double(m.moe.num_experts), "unit.experts"},
                              {"h", h}},
                             "shazeer-moe"};
    out.emplace_back("model.breakdown.router",
                     with_rest(router, moe_layers(m) * double(m.moe.num_experts) * h,
                               double(p.router), "biases"));
  }
  if (p.shared_experts > 0) {
    const double shared = double(m.moe.num_shared_experts * m.moe.shared_intermediate_size);
    const Explanation e{"{L_moe} * 3 * {h} * {I_shared}",
                        {{"L_moe", moe_layers(m), "unit.layers"},
                         {"h", h},
                         {"I_shared", shared, "unit.shared_experts_width"}},
                        "deepseek-v3"};
    out.emplace_back(
        "model.breakdown.shared_experts",
        with_rest(e, moe_layers(m) * 3 * h * shared, double(p.shared_experts), "gates"));
  }
  if (m.vision && m.vision->kind != VisionKind::mobilenet_v5) {
    const VisionSpec& v = *m.vision;
    const double d = double(v.hidden_size);
    const double i = double(v.intermediate_size);
    const double layers = double(v.num_layers + v.global_layers);
    const double mlp = v.kind == VisionKind::qwen2_5_vl ? 3.0 : 2.0;  // gated or plain MLP
    const Explanation e{"{vision_layers} * (4 * {d} * {d} + {mlp_matrices} * {d} * {I})",
                        {{"vision_layers", layers, "unit.layers"},
                         {"d", d, ""},
                         {"mlp_matrices", mlp, ""},
                         {"I", i, ""}},
                        "hf-transformers"};
    const double symbolic = layers * (4 * d * d + mlp * d * i);
    out.emplace_back(
        "model.breakdown.vision",
        with_rest(e, symbolic, double(p.vision), "biases_norms_patches_positions_projector"));
  }
  if (m.vision) {
    out.emplace_back(
        "model.params_vision",
        Explanation{"{vision}", {{"vision", double(p.vision), "unit.params"}}, "hf-transformers"});
  }
  if (m.audio) {
    // Gemma 3n's conformer: each block is 24 d^2 of matrices (two 4x feed-forwards, five
    // attention projections, the convolution module's 3 d^2).
    const AudioSpec& a = *m.audio;
    const double d = double(a.hidden_size);
    const Explanation e{"{audio_layers} * 24 * {d} * {d}",
                        {{"audio_layers", double(a.num_layers), "unit.layers"}, {"d", d, ""}},
                        "hf-transformers"};
    out.emplace_back("model.breakdown.audio",
                     with_rest(e, double(a.num_layers) * 24 * d * d, double(p.audio),
                               "subsampling_norms_scales_projector"));
    out.emplace_back(
        "model.params_audio",
        Explanation{"{audio}", {{"audio", double(p.audio), "unit.params"}}, "hf-transformers"});
  }
  if (p.mtp > 0) {
    out.emplace_back(
        "model.params_mtp",
        Explanation{"{modules} * {per_module}",
                    {{"modules", double(m.mtp_layers), "unit.mtp_modules"},
                     {"per_module", double(p.mtp) / double(m.mtp_layers), "unit.params"}},
                    "deepseek-v3"});
  }
}

}  // namespace

void explain_parameters(const ModelSpec& m, const ParamBreakdown& p, Explanations& out) {
  Explanation total;
  total.ref = "hf-transformers";
  add_component_terms(p, total);
  out.emplace_back("model.params_total", total);

  if (m.is_moe()) {
    Explanation active;
    active.ref = "shazeer-moe";
    active.formula = "{total} - {vision} - {experts} + {experts} / {E} * {k}";
    active.terms = {{"total", double(p.total), "unit.params"},
                    {"vision", double(p.vision), "unit.params"},
                    {"experts", double(p.experts), "unit.params"},
                    {"E", double(m.moe.num_experts), "unit.experts"},
                    {"k", double(m.moe.experts_per_token), "unit.experts_per_token"}};
    out.emplace_back("model.params_active", active);
    out.emplace_back("model.breakdown.experts", routed_experts(m, double(p.experts)));
  }

  const double width = double(m.embedding_width > 0 ? m.embedding_width : m.hidden_size);
  Explanation embedding;
  embedding.ref = "hf-transformers";
  embedding.formula = "{V} * {h}";
  embedding.terms = {{"V", double(m.vocab_size), "unit.tokens"}, {"h", width, ""}};
  const double table = double(m.vocab_size) * width;
  out.emplace_back("model.breakdown.embedding", with_rest(embedding, table, double(p.embedding),
                                                          "extra_rows_segments_projections"));
  if (p.lm_head > 0 && !m.tie_word_embeddings) {
    out.emplace_back("model.breakdown.lm_head",
                     with_rest(embedding, table, double(p.lm_head), "bias"));
  } else if (p.lm_head > 0) {
    // A tied head adds only its bias (and BERT its pooler, transform and classifier).
    out.emplace_back("model.breakdown.lm_head",
                     Explanation{"{bias_and_heads}",
                                 {{"bias_and_heads", double(p.lm_head), "unit.params"}},
                                 "hf-transformers"});
  }
  out.emplace_back("model.breakdown.attention", attention(m, double(p.attention)));
  if (p.mlp > 0) out.emplace_back("model.breakdown.mlp", dense_mlp(m, double(p.mlp)));
  explain_small_components(m, p, out);
}

}  // namespace llm_sizer
