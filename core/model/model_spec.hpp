#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llm_sizer {

enum class NormKind {
  rms,             // weight only: h parameters
  layer_norm,      // weight and bias: 2h parameters
  non_parametric,  // OLMo 1: LayerNorm without affine parameters
};

enum class QkNormKind {
  none,
  per_head,    // Qwen3, Gemma 3: one head_dim-wide norm shared by all heads
  full_width,  // OLMo 2: over the whole q (heads*head_dim) and k (kv_heads*head_dim) projection
};

enum class AttentionKind {
  full,     // global causal attention, KV cache grows with the context
  sliding,  // local attention, KV cache capped at the window
  linear,   // linear attention / state-space layer: fixed-size state instead of a KV cache
};

enum class FfnKind { dense, moe };

struct LayerSpec {
  AttentionKind attention = AttentionKind::full;
  FfnKind ffn = FfnKind::dense;
};

// DeepSeek multi-head latent attention (DeepSeek-V2 paper, section 2.1).
struct MlaSpec {
  int64_t q_lora_rank = 0;  // 0: queries are not compressed (DeepSeek-V2-Lite)
  int64_t kv_lora_rank = 0;
  int64_t qk_rope_head_dim = 0;
  int64_t qk_nope_head_dim = 0;
  int64_t v_head_dim = 0;
};

struct MoeSpec {
  int64_t num_experts = 0;  // routed experts per MoE layer; 0 = dense model
  int64_t experts_per_token = 0;
  int64_t expert_intermediate_size = 0;
  int64_t num_shared_experts = 0;
  int64_t shared_intermediate_size = 0;  // per shared expert
  bool shared_expert_gate = false;  // Qwen2-MoE: sigmoid gate Linear(h, 1) on the shared expert
  bool router_bias = false;
  bool score_correction_bias = false;  // DeepSeek-V3 aux-loss-free balancing bias, one per expert
  bool expert_bias = false;            // gpt-oss: biases on the expert projections
};

// Gated DeltaNet linear-attention layer (Qwen3-Next).
struct LinearAttentionSpec {
  int64_t num_key_heads = 0;
  int64_t num_value_heads = 0;
  int64_t key_head_dim = 0;
  int64_t value_head_dim = 0;
  int64_t conv_kernel = 0;
};

// A SigLIP-style ViT image encoder and its projector into the language model (Gemma 3).
struct VisionSpec {
  int64_t hidden_size = 0;
  int64_t intermediate_size = 0;
  int64_t num_layers = 0;
  int64_t patch_size = 0;
  int64_t image_size = 0;
  int64_t num_channels = 3;
  int64_t projector_width = 0;  // the language model's hidden size
};

// A decoder-only transformer, normalised from a Hugging Face config.json. Every count the
// calculator makes reads this struct; nothing downstream looks at the raw config again.
struct ModelSpec {
  std::string model_type;  // as given in the config
  std::string shape;       // the layout used for counting: llama, gpt2, falcon, deepseek, ...

  int64_t hidden_size = 0;
  int64_t num_layers = 0;
  int64_t num_heads = 0;
  int64_t num_kv_heads = 0;
  int64_t head_dim = 0;
  int64_t intermediate_size = 0;  // dense FFN width
  int64_t vocab_size = 0;
  int64_t max_position_embeddings = 0;  // 0 when the config does not say
  int64_t sliding_window = 0;           // 0 when no layer uses local attention

  bool tie_word_embeddings = false;
  bool gated_mlp = true;  // SwiGLU/GeGLU: gate, up and down projections
  bool qkv_bias = false;
  bool o_bias = false;
  bool mlp_bias = false;
  bool lm_head_bias = false;
  bool attention_output_gate = false;  // Qwen3-Next: q_proj also emits a per-channel output gate
  bool attention_sinks = false;        // gpt-oss: one learned sink logit per head
  bool fused_qkv = false;              // checkpoint stores q, k, v as one tensor (GGUF attn_qkv)
  bool fused_gate_up = false;          // Phi-3 stores gate and up as one tensor (GGUF ffn_up)

  NormKind norm = NormKind::rms;
  int norms_per_layer = 2;
  QkNormKind qk_norm = QkNormKind::none;
  bool embedding_norm = false;        // BLOOM: LayerNorm right after the token embedding
  int64_t learned_position_rows = 0;  // GPT-2 style absolute position table; 0 for RoPE/ALiBi

  std::optional<MlaSpec> mla;
  MoeSpec moe;
  LinearAttentionSpec linear_attention;
  int64_t mtp_layers = 0;  // DeepSeek-V3 multi-token-prediction modules, counted separately
  std::optional<VisionSpec> vision;  // multimodal checkpoints: counted in the total, never active

  std::vector<LayerSpec> layers;  // one entry per decoder layer

  bool is_moe() const { return moe.num_experts > 0; }
  int64_t q_width() const { return num_heads * head_dim; }
  int64_t kv_width() const { return num_kv_heads * head_dim; }
};

}  // namespace llm_sizer
