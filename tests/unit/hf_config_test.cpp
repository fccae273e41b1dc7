#include <catch2/catch.hpp>

#include <algorithm>

#include "error.hpp"
#include "model/hf_config.hpp"
#include "model/param_count.hpp"
#include "model/tensors.hpp"

using llm_sizer::AttentionKind;
using llm_sizer::FfnKind;
using llm_sizer::Json;
using llm_sizer::parse_hf_config;

namespace {

Json tiny_llama() {
  return {{"model_type", "llama"},    {"hidden_size", 64},           {"num_hidden_layers", 2},
          {"num_attention_heads", 4}, {"num_key_value_heads", 2},    {"intermediate_size", 128},
          {"vocab_size", 100},        {"tie_word_embeddings", false}};
}

int64_t total(const Json& config) {
  const auto spec = parse_hf_config(config, "model").spec;
  return llm_sizer::count_parameters(spec, llm_sizer::list_tensors(spec)).total;
}

size_t count_kind(const llm_sizer::ModelSpec& spec, AttentionKind kind) {
  return std::count_if(spec.layers.begin(), spec.layers.end(),
                       [&](const auto& layer) { return layer.attention == kind; });
}

}  // namespace

TEST_CASE("a tiny Llama counts every tensor by hand") {
  // embed 100*64, per layer q 64*64 + k,v 2*64*32 + o 64*64 + mlp 3*64*128 + 2 norms*64,
  // final norm 64, untied head 100*64.
  const int64_t layer = 64 * 64 + 2 * 64 * 32 + 64 * 64 + 3 * 64 * 128 + 2 * 64;
  CHECK(total(tiny_llama()) == 100 * 64 + 2 * layer + 64 + 100 * 64);
}

TEST_CASE("attention_bias adds q/k/v/o biases, Qwen2 has q/k/v biases without saying so") {
  Json biased = tiny_llama();
  biased["attention_bias"] = true;
  CHECK(total(biased) - total(tiny_llama()) == 2 * (64 + 32 + 32 + 64));
  Json qwen2 = tiny_llama();
  qwen2["model_type"] = "qwen2";
  CHECK(total(qwen2) - total(tiny_llama()) == 2 * (64 + 32 + 32));
}

TEST_CASE("head_dim from the config wins over hidden/heads (Qwen3, Gemma)") {
  Json config = tiny_llama();
  config["model_type"] = "qwen3";
  config["head_dim"] = 32;  // 4 heads * 32 = 128 != hidden 64
  const auto spec = parse_hf_config(config, "model").spec;
  CHECK(spec.head_dim == 32);
  CHECK(spec.q_width() == 128);
}

TEST_CASE("invalid architectures are rejected with the field named") {
  Json config = tiny_llama();
  config["num_hidden_layers"] = -3;
  CHECK_THROWS_WITH(parse_hf_config(config, "model"),
                    "model.num_hidden_layers: must be an integer in [1, 10000] (DeepNet, the "
                    "deepest published Transformer, has 1,000 layers: Wang et al. 2022), got -3");
  config = tiny_llama();
  config["num_key_value_heads"] = 3;
  CHECK_THROWS_WITH(parse_hf_config(config, "model"),
                    "model.num_key_value_heads: must divide num_attention_heads (4), got 3");
  config = tiny_llama();
  config.erase("vocab_size");
  CHECK_THROWS_WITH(parse_hf_config(config, "model"),
                    "model.vocab_size: is required (a positive integer)");
  config = tiny_llama();
  config["layer_types"] = {"full_attention"};
  CHECK_THROWS_WITH(parse_hf_config(config, "model"),
                    "model.layer_types: must have one entry per layer (2), got 1 entries");
}

TEST_CASE("an unknown model_type falls back to the Llama layout with a warning") {
  Json config = tiny_llama();
  config["model_type"] = "brand_new_arch";
  const auto parsed = parse_hf_config(config, "model");
  REQUIRE(parsed.warnings.size() == 1);
  CHECK(parsed.warnings[0].field == "model.model_type");
  CHECK(total(config) == total(tiny_llama()));
}

TEST_CASE("an unknown model_type with a field the Llama layout does not read is refused") {
  // Issue 10: no silently wrong count. Each refusal names the field, the type and what to do.
  const auto refused = [](const std::string& key, const Json& value) {
    Json config = tiny_llama();
    config["model_type"] = "brand_new_arch";
    config[key] = value;
    try {
      parse_hf_config(config, "model");
    } catch (const llm_sizer::InputError& e) {
      const std::string message = e.what();
      return message.rfind("model." + key + ":", 0) == 0 &&
             message.find("brand_new_arch") != std::string::npos &&
             message.find("nearest supported type") != std::string::npos;
    }
    return false;
  };
  CHECK(refused("multi_query", true));
  CHECK(refused("ffn_dim", 512));
  CHECK(refused("d_kv", 16));
  CHECK(refused("n_embd", 64));
  CHECK(refused("layer_norm_eps", 1e-5));
  CHECK(refused("use_bias", true));
  CHECK(refused("no_bias", false));  // no_bias false means biases everywhere
  CHECK(refused("state_size", 16));
  CHECK_FALSE(refused("multi_query", false));  // false changes nothing
  CHECK_FALSE(refused("no_bias", true));

  Json missing = tiny_llama();
  missing["model_type"] = "brand_new_arch";
  missing.erase("intermediate_size");
  CHECK_THROWS_WITH(parse_hf_config(missing, "model"),
                    Catch::StartsWith("model.intermediate_size: is required to count an unknown "
                                      "model_type (\"brand_new_arch\")"));
  Json untyped = tiny_llama();
  untyped.erase("model_type");
  untyped["vision_config"] = {{"hidden_size", 32}};
  CHECK_THROWS_WITH(parse_hf_config(untyped, "model"),
                    Catch::StartsWith("model.vision_config: means an image encoder"));
}

TEST_CASE("known families read their own field names") {
  // GPT-BigCode: multi_query means one KV head; OPT: ffn_dim; T5: d_kv and d_ff.
  const Json bigcode = {
      {"model_type", "gpt_bigcode"}, {"n_embd", 64},     {"n_layer", 2}, {"n_head", 4},
      {"n_positions", 32},           {"vocab_size", 100}};
  CHECK(parse_hf_config(bigcode, "model").spec.num_kv_heads == 1);
  const Json opt = {{"model_type", "opt"},          {"hidden_size", 64}, {"num_hidden_layers", 2},
                    {"num_attention_heads", 4},     {"ffn_dim", 96},     {"vocab_size", 100},
                    {"max_position_embeddings", 32}};
  const auto opt_spec = parse_hf_config(opt, "model").spec;
  CHECK(opt_spec.intermediate_size == 96);
  CHECK(opt_spec.learned_position_rows == 34);  // OPT's position offset of 2
  const Json t5 = {{"model_type", "t5"}, {"d_model", 64},   {"d_kv", 8},        {"d_ff", 96},
                   {"num_heads", 4},     {"num_layers", 2}, {"vocab_size", 100}};
  const auto t5_spec = parse_hf_config(t5, "model").spec;
  CHECK(t5_spec.head_dim == 8);
  CHECK(t5_spec.layers.size() == 4);  // num_decoder_layers defaults to num_layers
  CHECK(t5_spec.layers[0].encoder);
  CHECK(t5_spec.layers[3].cross_attention);
  // A T5 layer by hand: q, k, v, o of 64 x 32, ReLU MLP 2 x 64 x 96, RMS norms; the first layer of
  // each stack adds a 32 x 4 relative bias; decoder layers add cross-attention and its norm.
  const int64_t attention = 4 * 64 * 32;
  const int64_t encoder_layer = attention + 2 * 64 * 96 + 2 * 64;
  const int64_t decoder_layer = encoder_layer + attention + 64;
  CHECK(total(t5) == 100 * 64 + 2 * encoder_layer + 2 * decoder_layer + 2 * 32 * 4 + 2 * 64);
}

TEST_CASE("GPT-2 names (n_embd, n_layer, n_head) are read") {
  const Json config = {{"model_type", "gpt2"}, {"n_embd", 64},      {"n_layer", 2},
                       {"n_head", 4},          {"n_positions", 32}, {"vocab_size", 100}};
  const auto spec = parse_hf_config(config, "model").spec;
  CHECK(spec.hidden_size == 64);
  CHECK(spec.intermediate_size == 256);  // n_inner unset: 4h
  CHECK(spec.learned_position_rows == 32);
  CHECK(spec.tie_word_embeddings);
}

TEST_CASE("sliding-window layer patterns") {
  Json mistral = tiny_llama();
  mistral["model_type"] = "mistral";
  mistral["sliding_window"] = 4096;
  CHECK(count_kind(parse_hf_config(mistral, "model").spec, AttentionKind::sliding) == 2);

  Json qwen2 = mistral;
  qwen2["model_type"] = "qwen2";
  qwen2["use_sliding_window"] = false;
  const auto qwen = parse_hf_config(qwen2, "model").spec;
  CHECK(count_kind(qwen, AttentionKind::sliding) == 0);
  CHECK(qwen.sliding_window == 0);

  Json gemma2 = tiny_llama();
  gemma2["model_type"] = "gemma2";
  gemma2["num_hidden_layers"] = 6;
  gemma2["sliding_window"] = 4096;
  const auto g2 = parse_hf_config(gemma2, "model").spec;
  CHECK(g2.layers[0].attention == AttentionKind::sliding);  // local first, then global
  CHECK(g2.layers[1].attention == AttentionKind::full);
  CHECK(count_kind(g2, AttentionKind::sliding) == 3);

  Json gemma3 = gemma2;
  gemma3["model_type"] = "gemma3_text";
  gemma3["num_hidden_layers"] = 12;
  const auto g3 = parse_hf_config(gemma3, "model").spec;
  CHECK(count_kind(g3, AttentionKind::full) == 2);  // layers 5 and 11: five local, one global
  CHECK(g3.layers[5].attention == AttentionKind::full);

  Json explicit_types = tiny_llama();
  explicit_types["layer_types"] = {"sliding_attention", "full_attention"};
  CHECK_THROWS_WITH(parse_hf_config(explicit_types, "model"),
                    "model.sliding_window: is required (a positive integer) when layers use "
                    "sliding-window attention");
}

TEST_CASE(
    "MoE layer selection: DeepSeek dense first layers, Qwen sparse step and MLP-only layers") {
  Json deepseek = tiny_llama();
  deepseek["model_type"] = "deepseek_v3";
  deepseek["num_hidden_layers"] = 4;
  deepseek["n_routed_experts"] = 8;
  deepseek["num_experts_per_tok"] = 2;
  deepseek["moe_intermediate_size"] = 32;
  deepseek["first_k_dense_replace"] = 1;
  const auto ds = parse_hf_config(deepseek, "model").spec;
  CHECK(ds.layers[0].ffn == FfnKind::dense);
  CHECK(ds.layers[1].ffn == FfnKind::moe);
  CHECK(ds.moe.score_correction_bias);

  Json qwen = tiny_llama();
  qwen["model_type"] = "qwen2_moe";
  qwen["num_hidden_layers"] = 4;
  qwen["num_experts"] = 8;
  qwen["num_experts_per_tok"] = 2;
  qwen["moe_intermediate_size"] = 32;
  qwen["decoder_sparse_step"] = 2;
  qwen["mlp_only_layers"] = {3};
  const auto q = parse_hf_config(qwen, "model").spec;
  CHECK(q.layers[0].ffn == FfnKind::dense);
  CHECK(q.layers[1].ffn == FfnKind::moe);
  CHECK(q.layers[3].ffn == FfnKind::dense);

  qwen["num_experts_per_tok"] = 9;
  CHECK_THROWS_WITH(parse_hf_config(qwen, "model"),
                    "model.num_experts_per_tok: must be an integer in [1, 8], got 9");
}

TEST_CASE("Falcon: multi-query by default, new architecture reads num_kv_heads") {
  Json falcon = {{"model_type", "falcon"},
                 {"hidden_size", 64},
                 {"num_hidden_layers", 2},
                 {"num_attention_heads", 4},
                 {"vocab_size", 100}};
  auto spec = parse_hf_config(falcon, "model").spec;
  CHECK(spec.num_kv_heads == 1);
  CHECK(spec.norms_per_layer == 1);
  falcon["new_decoder_architecture"] = true;
  falcon["num_kv_heads"] = 2;
  spec = parse_hf_config(falcon, "model").spec;
  CHECK(spec.num_kv_heads == 2);
  CHECK(spec.norms_per_layer == 2);
}

TEST_CASE("Gemma 3n: per-layer widths, shared KV layers and the audio encoder are checked") {
  Json config = tiny_llama();
  config["model_type"] = "gemma3n_text";
  config["intermediate_size"] = {128, 128};
  config["vocab_size_per_layer_input"] = 100;
  config["hidden_size_per_layer_input"] = 8;
  config["num_kv_shared_layers"] = 1;
  const auto spec = parse_hf_config(config, "model").spec;
  CHECK(spec.intermediate_size == 128);
  CHECK_FALSE(spec.layers[0].kv_shared);
  CHECK(spec.layers[1].kv_shared);
  config["intermediate_size"] = {128, 256};
  CHECK_THROWS_WITH(parse_hf_config(config, "model"),
                    "model.intermediate_size: must give every layer the same width (layers of "
                    "different widths are not counted), got [128,256]");
  config["intermediate_size"] = 128;
  config["num_kv_shared_layers"] = 2;
  CHECK_THROWS_WITH(parse_hf_config(config, "model"),
                    "model.num_kv_shared_layers: must be an integer in [0, 1], got 2");
  config["num_kv_shared_layers"] = 0;
  config.erase("hidden_size_per_layer_input");
  CHECK_THROWS_WITH(parse_hf_config(config, "model"),
                    "model.hidden_size_per_layer_input: is required (a positive integer)");
  Json outer = {{"model_type", "gemma3n"}, {"text_config", tiny_llama()}};
  outer["text_config"]["model_type"] = "gemma3n_text";
  outer["text_config"]["vocab_size_per_layer_input"] = 100;
  outer["text_config"]["hidden_size_per_layer_input"] = 8;
  outer["audio_config"] = {{"hidden_size", 96},
                           {"conf_num_hidden_layers", 1},
                           {"conf_num_attention_heads", 5},
                           {"conf_conv_kernel_size", 5},
                           {"input_feat_size", 128},
                           {"sscp_conv_channel_size", {128, 32}},
                           {"vocab_size", 128}};
  CHECK_THROWS_WITH(parse_hf_config(outer, "model"),
                    "model.audio_config.conf_num_attention_heads: must divide hidden_size (96), "
                    "got 5");
}
