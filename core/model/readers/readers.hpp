#pragma once

// The pieces parse_hf_config (model/hf_config.cpp) assembles a ModelSpec from, one file per
// concern. Every reader names the config key it reads in its errors.
#include <string>
#include <string_view>
#include <vector>

#include "field_reader.hpp"
#include "model/families.hpp"
#include "model/hf_config.hpp"
#include "model/model_spec.hpp"

namespace llm_sizer {

// dimensions.cpp: widths, depths, heads, vocabulary, biases and norms of a decoder, in each
// family's own spelling (ChatGLM's kv_channels, MPT's d_model, OPT's ffn_dim, ...).
void read_dimensions(const FieldReader& r, const FamilyTraits& family, ModelSpec& m);

// attention.cpp
void read_attention_heads(const FieldReader& r, const FamilyTraits& family, ModelSpec& m);
void read_latent_attention(const FieldReader& r, ModelSpec& m);
// DeepSeek Sparse Attention's indexer (index_n_heads, index_head_dim, index_topk), when present.
void read_sparse_indexer(const FieldReader& r, ModelSpec& m);
// The attention kind of every layer: full, sliding, linear, state-space or image cross-attention.
std::vector<AttentionKind> read_attention_pattern(const FieldReader& r, const FamilyTraits& family,
                                                  ModelSpec& m);
void read_linear_attention(const FieldReader& r, ModelSpec& m);
// Kimi Linear's nested linear_attn_config (required of that family).
const Json& linear_attention_config(const FieldReader& r);
// Nemotron-H's block letters, one a layer: M (Mamba-2), * (attention), - (MLP), E (MoE).
std::string read_hybrid_blocks(const FieldReader& r, size_t layers);

// feed_forward.cpp
void read_moe(const FieldReader& r, const FamilyTraits& family, ModelSpec& m);
// Which layers route through experts; the rest are dense (or have no MLP at all, Mamba).
std::vector<FfnKind> read_ffn_pattern(const FieldReader& r, const FamilyTraits& family,
                                      const ModelSpec& m);

// state_space.cpp: the Mamba / Mamba-2 mixer of mamba, falcon_mamba, mamba2 and jamba.
void read_state_space(const FieldReader& r, const FamilyTraits& family, ModelSpec& m);

// encoders.cpp: BERT-family encoders and T5/BART encoder-decoders, whole.
void read_encoder_model(const FieldReader& r, const FamilyTraits& family, ModelSpec& m);

// gemma3n.cpp: a width given once or per layer (Gemma 3n's intermediate_size list), which must be
// the same for every layer; Gemma 3n's per-layer embeddings, AltUp, LAuReL and shared KV layers;
// the audio encoder named by the outer config's audio_config.
int64_t read_uniform_width(const FieldReader& r, std::string_view key);
void read_gemma3n(const FieldReader& r, ModelSpec& m);
void read_audio(const FieldReader& outer, ModelSpec& m);

// vision.cpp: the image encoder named by the outer config's vision_config.
void read_vision(const FieldReader& outer, ParsedModel& parsed);

// unknown_type.cpp: whether a config of a model_type this calculator does not know can be counted
// with the Llama layout (a warning says so) or must be refused (an InputError naming the field).
// `config` is the (language model's) config, `outer` the whole one (for vision_config).
void check_unknown_type(const FieldReader& config, const FieldReader& outer,
                        const std::string& model_type, Warnings& warnings);

// config_fields.cpp defines fields_read_by and config_fields_read (declared in hf_config.hpp).

}  // namespace llm_sizer
