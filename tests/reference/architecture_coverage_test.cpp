// Architecture coverage (issue 10): every supported model_type is counted from a real config.json
// and checked against a published total, and each layout's memory, speed and training results
// follow from the same tensor list.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "model/families.hpp"
#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::model_result;
using llm_sizer::test::read_json;
using llm_sizer::test::run;

namespace {

// The model_type a preset is counted as: its language model's, else the outer one.
std::set<std::string> preset_types() {
  std::set<std::string> types;
  for (const auto& preset : llm_sizer::test::catalog().models) {
    const Json& config = preset.config;
    if (config.contains("model_type")) types.insert(config["model_type"].get<std::string>());
    if (config.contains("text_config") && config["text_config"].contains("model_type")) {
      types.insert(config["text_config"]["model_type"].get<std::string>());
    }
  }
  return types;
}

}  // namespace

TEST_CASE("every supported model_type has a preset checked against its official count") {
  // model_presets_test.cpp checks each preset's count against the official figure it cites.
  const auto types = preset_types();
  for (const auto type : llm_sizer::known_model_types()) {
    INFO("model_type " << type);
    CHECK(types.count(std::string(type)) > 0);
  }
}

TEST_CASE("OPT-350m: narrow embeddings projected in and out, no final LayerNorm") {
  // facebook/opt-350m (config in tests/reference/configs): 331,196,416 parameters, the count
  // public OPT benchmarks use for it ("--n_elements 331196416  # OPT-350M"; 331M on the model
  // page). word_embed_proj_dim 512 adds project_in (512 x 1024) and project_out (1024 x 512);
  // do_layer_norm_before false leaves out final_layer_norm.
  const auto model = model_result(read_json("tests/reference/configs/opt-350m.json"));
  CHECK(model["params_total"] == 331196416);
  CHECK(model["breakdown"]["position_embedding"] == 2050 * 1024);
}

TEST_CASE("StarCoder: multi-query attention, not the Llama guess") {
  // Issue 10: gpt_bigcode used to be counted with the Llama layout as 24.8B. The model card says
  // 15.5B with multi-query attention: one 128-wide key/value head for 48 query heads.
  const auto model = model_result("starcoder");
  CHECK(model["params_total"].get<double>() == Approx(15.5e9).epsilon(0.002));
  CHECK(model["architecture"]["num_key_value_heads"] == 1);
  // One shared K and V per token and layer: 40 layers x 2 x 128 x 2 bytes (fp16).
  const auto inference = run({{"model", "starcoder"}, {"inference", Json::object()}})["inference"];
  CHECK(inference["kv_bytes_per_token"] == 40 * 2 * 128 * 2);
}

TEST_CASE("encoder-only models size memory and training, and leave decoding out") {
  // BERT encodes in one pass: no KV cache, no decode step. README: "Encoder-only models".
  const auto result = run({{"model", "bert-base-uncased"}, {"inference", Json::object()}});
  const Json& inference = result["inference"];
  CHECK(inference["kv_cache_bytes"] == 0);
  CHECK(inference["weights_bytes"] == 2 * 109514298);  // fp16
  CHECK_FALSE(inference.contains("decode_tokens_per_s"));
  CHECK_FALSE(inference.contains("ttft_s"));
  bool warned = false;
  for (const auto& w : result["warnings"]) warned |= w["field"] == "inference";
  CHECK(warned);
  // Training: 6 N D with N the encoder's parameters (Kaplan et al. 2020), 512-token sequences.
  const auto training = run({{"model", "bert-base-uncased"},
                             {"training", {{"tokens", 1e9}, {"seq_len", 512}}}})["training"];
  CHECK(training["flops_per_token_6n"].get<double>() == Approx(6.0 * 109514298));
}

TEST_CASE("encoder-decoder: cross-attention KV of the input, decoding streams the decoder") {
  // T5-base: 12 decoder layers each keep self-attention K/V of the output and cross-attention
  // K/V of the encoder's output: 2 x 12 heads x 64 x 2 bytes per token per block (fp16).
  const auto result = run(
      {{"model", "t5-base"},
       {"inference", {{"context_tokens", 512}, {"prompt_tokens", 256}, {"output_tokens", 64}}}});
  const Json& inference = result["inference"];
  CHECK(inference["kv_bytes_per_token"] == 12 * 2 * (2 * 12 * 64 * 2));
  CHECK(inference["decode_tokens_per_s"].get<double>() > 0);
  // A decode step streams the decoder's weights (without its cross-attention K/V projections)
  // and the tied embedding serving as head, not the encoder: well under the whole model.
  const double step_bytes = inference["decode_step"]["bytes"].get<double>();
  CHECK(step_bytes < 0.65 * inference["weights_bytes"].get<double>());
  CHECK(step_bytes > 0.45 * inference["weights_bytes"].get<double>());
}

TEST_CASE("state-space models keep a fixed state per sequence instead of a KV cache") {
  // Mamba-2.8B (state-spaces/mamba-2.8b-hf): per layer an SSM state of d_inner x d_state =
  // 5120 x 16 and a convolution window of (d_conv - 1) x d_inner = 3 x 5120 (Gu & Dao 2023,
  // section 3.4; llama.cpp's recurrent cache), 64 layers, f32 as llama.cpp keeps them.
  const auto inference =
      run({{"model", "mamba-2.8b"}, {"inference", {{"kv_cache", "f32"}}}})["inference"];
  CHECK(inference["kv_bytes_per_token"] == 0);
  CHECK(inference["kv_state_bytes_per_sequence"] == 64 * (5120 * 16 + 3 * 5120) * 4);
  // Jamba 1.5 Mini: 4 attention layers with 8 KV heads of 128 grow with the context, the 28
  // Mamba layers do not.
  const auto jamba = run({{"model", "jamba-1.5-mini"}, {"inference", Json::object()}})["inference"];
  CHECK(jamba["kv_bytes_per_token"] == 4 * 2 * 8 * 128 * 2);
  CHECK(jamba["kv_state_bytes_per_sequence"] == 28 * (8192 * 16 + 3 * 8192) * 2);
}

TEST_CASE("Llama 3.2 Vision caches the image keys and values of its cross-attention layers") {
  // 8 cross-attention layers x 2 x 8 KV heads x 128 x 2 bytes for 4 tiles x (40 x 40 + 1) image
  // tokens (MllamaVisionModel: 560 px tiles of 14 px patches plus a class token).
  const auto inference =
      run({{"model", "llama-3.2-11b-vision"}, {"inference", Json::object()}})["inference"];
  CHECK(inference["kv_state_bytes_per_sequence"] == 8.0 * 2 * 8 * 128 * 2 * 4 * 1601);
  CHECK(inference["kv_bytes_per_token"] == 32 * 2 * 8 * 128 * 2);
}

TEST_CASE("every new layout sizes every weight format") {
  // The GGUF and checkpoint format rules apply tensor by tensor: Q4_K_M is smaller than Q8_0,
  // which is smaller than the 16-bit checkpoint, for each layout family.
  for (const char* id : {"starcoder", "chatglm3-6b", "dbrx-base", "jamba-1.5-mini", "mamba-2.8b",
                         "mamba-codestral-7b", "bert-base-uncased", "t5-base", "bart-large",
                         "qwen2.5-vl-7b", "llama-3.2-11b-vision", "opt-6.7b", "gpt-j-6b"}) {
    INFO(id);
    const auto table =
        run({{"model", id}, {"quantization", {{"formats", {"fp16", "q8_0", "q4_k_m", "nf4"}}}}});
    const auto& options = table["quantization"]["options"];
    REQUIRE(options.size() == 4);
    CHECK(options[1]["weights_bytes"].get<double>() < options[0]["weights_bytes"].get<double>());
    CHECK(options[2]["weights_bytes"].get<double>() < options[1]["weights_bytes"].get<double>());
    CHECK(options[3]["weights_bytes"].get<double>() < options[1]["weights_bytes"].get<double>());
  }
}

TEST_CASE("GLM-4.5-Air: 12B active without the embedding and the output head") {
  // Model card: 106B total, 12B active. The active count the card gives leaves out the token
  // embedding and the untied head (each 151,552 x 4096), and the MTP layer is reported apart.
  const auto model = model_result("glm-4.5-air");
  const double active = model["params_active"].get<double>() -
                        model["breakdown"]["embedding"].get<double>() -
                        model["breakdown"]["lm_head"].get<double>();
  CHECK(active == Approx(12e9).epsilon(0.02));
  CHECK(model["params_mtp"].get<double>() > 0);
}
