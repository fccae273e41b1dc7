// Model presets whose official figures need more than one result field. Every preset's official
// total and active count is a reference row made from the catalog (validation/parameter_rows.hpp;
// data/measurements/parameter-count-notes.json says where a figure counts what the config lacks).
#include <catch2/catch.hpp>

#include "test_support.hpp"

TEST_CASE("the catalog holds the presets the page offers") {
  CHECK(llm_sizer::test::catalog().models.size() >= 35);
}

TEST_CASE("GPT-3 175B from the paper's Table 2.1 shape") {
  // Brown et al. 2020, Table 2.1: n_params 175.0B for n_layers 96, d_model 12288, n_heads 96.
  const auto model = llm_sizer::test::model_result("gpt3-175b");
  CHECK(model["params_total"].get<double>() == Approx(175.0e9).epsilon(0.005));
}

TEST_CASE("DeepSeek-V3: 671B main model, MTP module reported apart") {
  // DeepSeek-V3 Technical Report (arXiv:2412.19437), abstract: 671B total, 37B activated per
  // token; the Hugging Face README: 685B = 671B main model + 14B MTP module, of which 1.85B is
  // the embedding and output head stored again with the module (counted once here).
  const auto model = llm_sizer::test::model_result("deepseek-v3");
  const auto* preset = llm_sizer::test::catalog().find_model("deepseek-v3");
  CHECK(model["params_total"].get<double>() ==
        Approx(double(preset->official_params)).epsilon(0.001));
  const double mtp_with_shared_head = model["params_mtp"].get<double>() +
                                      model["breakdown"]["embedding"].get<double>() +
                                      model["breakdown"]["lm_head"].get<double>();
  CHECK(mtp_with_shared_head == Approx(14e9).epsilon(0.04));
}

TEST_CASE("DeepSeek-V3.2: the sparse-attention indexer adds 13,959,424 parameters a layer") {
  // DeepSeek-V3.2-Exp inference/model.py, class Indexer: wq_b [64 x 128, 1536], wk [128, 7168],
  // a LayerNorm (weight and bias) of 128, weights_proj [64, 7168]; on each of the 61 layers and
  // on the MTP layer. The rest is DeepSeek-V3's 671,026,419,200.
  const auto v32 = llm_sizer::test::model_result("deepseek-v3.2");
  const auto v31 = llm_sizer::test::model_result("deepseek-v3.1");
  const double indexer = 1536.0 * 64 * 128 + 7168.0 * 128 + 2 * 128 + 7168.0 * 64;
  CHECK(indexer == 13959424);
  CHECK(v32["params_total"].get<double>() - v31["params_total"].get<double>() == 61 * indexer);
  CHECK(v32["params_mtp"].get<double>() - v31["params_mtp"].get<double>() == indexer);
  CHECK(v32["architecture"]["sparse_indexer"]["index_topk"] == 2048);
}

TEST_CASE("GLM-5: main model and MTP layer add up to the checkpoint's tensors") {
  // A dump of GLM-5.1's safetensors (the same glm_moe_dsa architecture) totals 753,864,139,008
  // parameters; the MTP layer shares the embedding and head, so nothing is stored twice.
  const auto glm5 = llm_sizer::test::model_result("glm-5");
  CHECK(glm5["params_total"].get<double>() + glm5["params_mtp"].get<double>() == 753864139008.0);
}

TEST_CASE("MiniMax-M2: the FP8 checkpoint's values less its block scales") {
  // A public inventory of the FP8 checkpoint lists 228,703,644,928 values, 13,880,064 of them
  // FP32 scales of 128 x 128 blocks; the q and k norms span the whole projections (6144, 1024).
  const auto model = llm_sizer::test::model_result("minimax-m2");
  CHECK(model["params_total"].get<double>() == 228703644928.0 - 13880064.0);
}

TEST_CASE("Kimi K2.5: Kimi K2's language model plus the MoonViT encoder and projector") {
  // The checkpoint's vision_tower (27 blocks of 1152, a 64 x 64 position grid) and mm_projector
  // (LayerNorm, Linear 4608-4608, Linear 4608-7168): 416,866,032 + 54,277,888 parameters.
  const auto k25 = llm_sizer::test::model_result("kimi-k2.5");
  const auto k2 = llm_sizer::test::model_result("kimi-k2");
  CHECK(k25["params_vision"].get<double>() == 416866032.0 + 54277888.0);
  CHECK(k25["params_total"].get<double>() - k25["params_vision"].get<double>() ==
        k2["params_total"].get<double>());
  CHECK(k25["params_active"] == k2["params_active"]);
}

TEST_CASE("Nemotron 3 Nano: squared-ReLU experts have an up and a down projection only") {
  // NemotronHExperts (transformers models/nemotron_h): up_proj [E, I, H] and down_proj [E, H, I],
  // no gate; 23 MoE blocks of 128 experts of 1856 beside a shared expert of 3712. NVIDIA's
  // Replicate readme: "31.6 billion total parameters".
  const auto model = llm_sizer::test::model_result("nemotron-3-nano-30b-a3b");
  CHECK(model["breakdown"]["experts"].get<double>() == 23.0 * 128 * 2 * 2688 * 1856);
  CHECK(model["breakdown"]["shared_experts"].get<double>() == 23.0 * 2 * 2688 * 3712);
  CHECK(model["architecture"]["attention_layers"]["none"] == 23);
  CHECK(model["params_total"].get<double>() == Approx(31.6e9).epsilon(0.001));
}

TEST_CASE("Granite 4.0 H Micro: the shared_mlp is the whole MLP of a dense hybrid") {
  // GraniteMoeHybridDecoderLayer without experts: shared_mlp input_linear [2 x 8192, 2048] and
  // output_linear [2048, 8192] on each of the 40 layers; 36 Mamba-2 and 4 attention layers.
  const auto model = llm_sizer::test::model_result("granite-4.0-h-micro");
  CHECK(model["breakdown"]["mlp"].get<double>() == 40.0 * 3 * 2048 * 8192);
  CHECK(model["architecture"]["attention_layers"]["state_space"] == 36);
  CHECK(model["architecture"]["attention_layers"]["full"] == 4);
}

TEST_CASE("Kimi Linear: a Kimi Delta Attention layer holds 39,514,272 parameters") {
  // fla's KimiDeltaAttention as the checkpoint stores it: q/k/v [4096, 2304], three bias-free
  // short convolutions [4096, 1, 4], f_a/g_a [128, 2304], f_b/g_b [4096, 128], b_proj [32, 2304],
  // A_log [32], dt_bias [4096], o_norm [128], o_proj [2304, 4096]. The 7 MLA layers (no query
  // compression) hold 29,114,880 each.
  const double kda = 3.0 * 2304 * 4096 + 3 * 4096 * 4 + 2 * (2304 * 128 + 128 * 4096) + 32 * 2304 +
                     32 + 4096 + 128 + 4096.0 * 2304;
  CHECK(kda == 39514272);
  const auto model = llm_sizer::test::model_result("kimi-linear-48b-a3b");
  CHECK(model["breakdown"]["attention"].get<double>() == 20 * kda + 7 * 29114880.0);
  CHECK(model["architecture"]["attention_layers"]["linear"] == 20);
}

TEST_CASE("Gemma 3n: text model, MobileNetV5 and USM conformer add up to the checkpoint") {
  // Per-layer embeddings [262144, L x 256], a [2048, L x 256] projection, 2 x 3 AltUp
  // projections; each layer's extras beside Gemma 3's: LAuReL 2 x 64 x 2048 + norm, AltUp
  // 4x4 + 16x4 + 4 x 2048 + scale and norm, per-layer input gate, projection and norm. The
  // audio tower: two strided 3x3 convolutions, a [1536, 32 x 32] projection, 12 conformer blocks of
  // 24 d^2 + 14 d + d / heads; each tower's embedder: 128 rows, two norms, a projection to 2048.
  const double d = 1536;
  const double conformer = 1611040 + 12 * (24 * d * d + 14 * d + d / 8);
  CHECK(conformer == 681348640);
  const auto e2b = llm_sizer::test::model_result("gemma-3n-e2b");
  const auto e4b = llm_sizer::test::model_result("gemma-3n-e4b");
  for (const auto& model : {e2b, e4b}) {
    CHECK(model["params_audio"].get<double>() == conformer + 128 * d + 2 * d + 2048 * d);
    // timm's mobilenetv5_300m_enc (84 blocks) and the image embedder.
    CHECK(model["params_vision"].get<double>() == 294126912.0 + 4460544);
  }
  // The text models alone: 4,456,156,768 and 6,866,696,688; Google's "effective" 1.91B and 3.98B
  // leave out both embedding tables.
  CHECK(e2b["params_active"].get<double>() == 4456156768.0);
  CHECK(e4b["params_active"].get<double>() == 6866696688.0);
  const double tables = 262400.0 * 2048;
  CHECK(e2b["params_active"].get<double>() - tables - 262144.0 * 30 * 256 == 1905495648.0);
  CHECK(e4b["params_active"].get<double>() - tables - 262144.0 * 35 * 256 == 3980491248.0);
  CHECK(e2b["architecture"]["kv_shared_layers"] == 10);
  CHECK(e4b["architecture"]["kv_shared_layers"] == 15);
}
