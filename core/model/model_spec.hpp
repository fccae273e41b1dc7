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
  full,         // global attention, KV cache grows with the context
  sliding,      // local attention, KV cache capped at the window
  linear,       // Gated DeltaNet linear attention: a fixed-size state instead of a KV cache
  state_space,  // Mamba / Mamba-2 mixer: a fixed recurrent and convolution state per sequence
  cross_only,   // Llama 3.2 Vision: the layer attends to the image tokens only (fixed per image)
  none,         // no token mixer: Nemotron-H's MLP and MoE blocks are layers of their own
};

enum class FfnKind {
  dense,
  moe,
  none,  // Mamba blocks: the mixer is the whole layer
};

struct LayerSpec {
  AttentionKind attention = AttentionKind::full;
  FfnKind ffn = FfnKind::dense;
  bool encoder = false;          // bidirectional encoder layer: runs once over the input, no cache
  bool cross_attention = false;  // encoder-decoder: also attends to the encoder's output
  bool kv_shared = false;        // Gemma 3n: attends over an earlier layer's KV cache, keeps none
};

// How the checkpoint is used: generating decoders, encoders (BERT), encoder-decoders (T5, BART).
enum class Stacks { decoder, encoder, encoder_decoder };

// DeepSeek multi-head latent attention (DeepSeek-V2 paper, section 2.1).
struct MlaSpec {
  int64_t q_lora_rank = 0;  // 0: queries are not compressed (DeepSeek-V2-Lite)
  int64_t kv_lora_rank = 0;
  int64_t qk_rope_head_dim = 0;
  int64_t qk_nope_head_dim = 0;
  int64_t v_head_dim = 0;
};

// DeepSeek Sparse Attention's lightning indexer (DeepSeek-V3.2 report, section 2.1): a few small
// FP8 heads score every cached token, and the main attention reads only the top_k best.
struct SparseIndexerSpec {
  int64_t num_heads = 0;  // index_n_heads
  int64_t head_dim = 0;   // index_head_dim: one key of this width cached per token and layer
  int64_t top_k = 0;      // index_topk: tokens each query attends to
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
  bool gated_experts = true;  // false: Nemotron-H's squared-ReLU experts (up and down only)
};

// Gated DeltaNet linear-attention layer (Qwen3-Next), or Kimi Delta Attention (Kimi Linear: as
// many key as value heads, of one width).
struct LinearAttentionSpec {
  bool kimi_delta = false;
  int64_t num_key_heads = 0;
  int64_t num_value_heads = 0;
  int64_t key_head_dim = 0;
  int64_t value_head_dim = 0;
  int64_t conv_kernel = 0;
};

// Selective state-space mixer (Gu & Dao 2023, "Mamba", Algorithm 2; Dao & Gu 2024, "Mamba-2").
struct SsmSpec {
  int version = 1;          // 1: Mamba (x_proj, dt_proj); 2: Mamba-2 (per-head dt, gated norm)
  int64_t inner_size = 0;   // d_inner = expand * hidden_size
  int64_t state_size = 0;   // d_state (N)
  int64_t conv_kernel = 0;  // d_conv
  int64_t dt_rank = 0;      // Mamba-1 only
  int64_t num_heads = 0;    // Mamba-2 only: d_inner / head_dim
  int64_t n_groups = 1;     // Mamba-2 only: groups sharing B and C
  bool conv_bias = true;
  bool proj_bias = false;   // biases on in_proj and out_proj
  bool dt_norms = false;    // Jamba: RMSNorms on dt, B and C
  bool inner_norm = false;  // Mamba-2: gated RMSNorm before out_proj
};

enum class VisionKind {
  siglip_gemma3,  // SigLIP ViT + Gemma 3's RMSNorm and projection matrix
  clip_llava,     // CLIP ViT (class token, pre-LayerNorm) + LLaVA's two-layer MLP projector
  qwen2_vl,       // Qwen2-VL: 3-D patch conv, LayerNorm blocks, GELU MLP, 2x2 patch merger
  qwen2_5_vl,     // Qwen2.5-VL: the same with RMSNorm blocks and a gated MLP
  mllama,         // Llama 3.2 Vision: tiled ViT, gated global layers, linear projector
  qwen3_vl,       // Qwen3.5: Qwen2-VL's blocks, a biased patch conv, a learned position table
  moonvit,        // Kimi K2.5's MoonViT: the same, with a 2-D patch conv and a normed projector
  mobilenet_v5,   // Gemma 3n: timm's MobileNetV5 convolutional encoder + Gemma 3n's embedder
};

// An image encoder and its projector into the language model.
struct VisionSpec {
  VisionKind kind = VisionKind::siglip_gemma3;
  int64_t hidden_size = 0;
  int64_t intermediate_size = 0;
  int64_t num_layers = 0;
  int64_t patch_size = 0;
  int64_t image_size = 0;
  int64_t num_channels = 3;
  int64_t projector_width = 0;  // the language model's hidden size
  int64_t projector_input = 0;  // mllama: concatenated intermediate features (vision_output_dim)
  int64_t temporal_patch_size = 1;  // Qwen2-VL: frames per patch
  int64_t spatial_merge_size = 1;   // Qwen2-VL: patches merged per side before the projector
  int64_t global_layers = 0;        // mllama: gated global encoder layers
  int64_t max_num_tiles = 0;        // mllama
  int64_t aspect_ratio_ids = 0;     // mllama: supported aspect ratios
  int64_t tokens_per_image = 0;     // mllama: image tokens each cross-attention layer caches
  int64_t position_rows = 0;        // qwen3_vl, moonvit: rows of the learned position table
  int64_t soft_token_rows = 0;      // mobilenet_v5: rows of the embedder's own token table
};

// An audio encoder and its projector: Gemma 3n's USM conformer (transformers
// models/gemma3n/modeling_gemma3n.py, Gemma3nAudioEncoder and Gemma3nMultimodalEmbedder).
struct AudioSpec {
  int64_t hidden_size = 0;
  int64_t num_layers = 0;  // conformer blocks
  int64_t num_heads = 0;
  int64_t conv_kernel = 0;            // conf_conv_kernel_size: the depthwise convolution's width
  int64_t input_features = 0;         // input_feat_size: mel bins
  int64_t sscp_channels[2] = {0, 0};  // the two subsampling convolutions' channels (3x3, stride 2)
  int64_t soft_token_rows = 0;        // the embedder's own token table (vocab_size)
  int64_t projector_width = 0;        // the language model's hidden size
};

// Gemma 3n's additions to its decoder layers (transformers models/gemma3n/modeling_gemma3n.py).
struct Gemma3nSpec {
  // Per-layer embeddings: a table of per_layer_width values per layer for each token, plus a
  // projection of the token's hidden state, gated into each layer's residual stream.
  int64_t per_layer_rows = 0;   // vocab_size_per_layer_input
  int64_t per_layer_width = 0;  // hidden_size_per_layer_input
  int64_t altup_inputs = 0;     // AltUp (Baykal et al. 2023): hidden-state copies kept per token
  int64_t laurel_rank = 0;      // LAuReL (Menghani et al. 2024): the low-rank residual's rank
};

// Encoder-decoder and encoder-only extras (T5, BART, BERT).
struct EncoderSpec {
  int64_t relative_attention_buckets = 0;  // T5: one bias table [buckets, heads] per stack
  int64_t token_type_rows = 0;             // BERT segment embeddings
  bool mlm_head = false;                   // BERT/RoBERTa: dense + LayerNorm before the tied head
  bool pooler = false;                     // BERT: dense + tanh over the first token
  bool next_sentence_head = false;         // BERT pre-training: 2-way classifier
};

// A transformer (decoder, encoder or encoder-decoder), normalised from a Hugging Face config.json.
// Every count the calculator makes reads this struct; nothing downstream looks at the raw config.
struct ModelSpec {
  std::string model_type;  // as given in the config
  std::string shape;       // the layout used for counting: llama, gpt2, falcon, deepseek, ...
  Stacks stacks = Stacks::decoder;

  int64_t hidden_size = 0;
  int64_t num_layers = 0;
  int64_t num_heads = 0;
  int64_t num_kv_heads = 0;
  int64_t head_dim = 0;
  int64_t intermediate_size = 0;  // dense FFN width
  int64_t vocab_size = 0;
  int64_t embedding_rows = 0;   // token embedding rows when they differ from vocab_size (mllama)
  int64_t embedding_width = 0;  // OPT-350m: embeddings narrower than hidden_size, projected in/out
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
  bool final_norm = true;              // a norm after the last layer (each stack's, enc-dec)

  NormKind norm = NormKind::rms;
  int norms_per_layer = 2;
  QkNormKind qk_norm = QkNormKind::none;
  bool embedding_norm = false;        // BLOOM: LayerNorm right after the token embedding
  int64_t learned_position_rows = 0;  // GPT-2 style absolute position table; 0 for RoPE/ALiBi
  int64_t cross_layer_gates = 0;      // mllama: scalar tanh gates per cross-attention layer

  std::optional<MlaSpec> mla;
  std::optional<SparseIndexerSpec> indexer;  // DeepSeek-V3.2, GLM-5: on every attention layer
  MoeSpec moe;
  LinearAttentionSpec linear_attention;
  SsmSpec ssm;
  EncoderSpec encoder;
  int64_t mtp_layers = 0;  // DeepSeek-V3 multi-token-prediction modules, counted separately
  std::optional<VisionSpec> vision;  // multimodal checkpoints: counted in the total, never active
  std::optional<AudioSpec> audio;    // the same for an audio encoder
  std::optional<Gemma3nSpec> gemma3n;

  std::vector<LayerSpec> layers;  // one entry per decoder layer

  bool is_moe() const { return moe.num_experts > 0; }
  bool generates() const { return stacks != Stacks::encoder; }
  int64_t q_width() const { return num_heads * head_dim; }
  int64_t kv_width() const { return num_kv_heads * head_dim; }
};

}  // namespace llm_sizer
