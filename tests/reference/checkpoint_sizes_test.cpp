// Non-GGUF checkpoint formats against the figures their papers publish.
#include <catch2/catch.hpp>

#include "model/hf_config.hpp"
#include "model/tensors.hpp"
#include "quantization/weight_format.hpp"
#include "test_support.hpp"

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

size_t index(llm_sizer::Component c) {
  return static_cast<size_t>(c);
}

// Bits per weight over the decoder's linear layers only (attention and MLP), where a Llama-style
// model keeps nothing but the quantized matrices.
double linear_layer_bits(const std::string& preset, const std::string& format_id) {
  const auto* entry = llm_sizer::test::catalog().find_model(preset);
  const auto model = llm_sizer::parse_hf_config(entry->config, "model").spec;
  const auto tensors = llm_sizer::list_tensors(model);
  const auto size =
      llm_sizer::weights_size(model, tensors, llm_sizer::parse_weight_format(format_id, "w"));
  double params = 0;
  for (const auto& t : tensors) {
    if (t.component == llm_sizer::Component::attention ||
        t.component == llm_sizer::Component::mlp) {
      params += double(t.params());
    }
  }
  const double bytes = size.bytes_by_component[index(llm_sizer::Component::attention)] +
                       size.bytes_by_component[index(llm_sizer::Component::mlp)];
  return bytes * 8 / params;
}

}  // namespace

TEST_CASE("GPTQ paper: OPT-175B in FP16 and at 3 bits") {
  // OPT-175B (Zhang et al. 2022, Table 1: 96 layers, 96 heads, d_model 12288; the Hugging Face
  // OPT configs: vocabulary 50272, FFN 4 x d_model, 2048 positions + 2 offset rows, biases on every
  // projection, two LayerNorms per layer and a final one, output head tied to the embedding). This
  // is GPT-2's parameter layout, so it is written as a gpt2 config.
  const llm_sizer::Json config = {{"model_type", "gpt2"}, {"n_embd", 12288}, {"n_head", 96},
                                  {"n_inner", 49152},     {"n_layer", 96},   {"n_positions", 2050},
                                  {"vocab_size", 50272}};
  const auto model = llm_sizer::parse_hf_config(config, "model").spec;
  const auto tensors = llm_sizer::list_tensors(model);

  // Frantar et al. 2022 (arXiv 2210.17323), sec. 1: a 175B model takes "326GB (counting in
  // multiples of 1024)" in FP16, so the paper's GB is GiB.
  const auto fp16 =
      llm_sizer::weights_size(model, tensors, llm_sizer::parse_weight_format("fp16", "w"));
  CHECK(fp16.bytes / kGiB == Approx(326).epsilon(0.01));

  // Sec. 5, "Practical Speedups": the 3-bit OPT-175B model "takes approximately 63GB of memory,
  // including the embeddings and the output layer, which are kept in full FP16 precision". The
  // paper's results quantize per row (no grouping): group size -1. "Approximately": 2%.
  const auto gptq3 =
      llm_sizer::weights_size(model, tensors, llm_sizer::parse_weight_format("gptq-3bit-g-1", "w"));
  CHECK(gptq3.bytes / kGiB == Approx(63).epsilon(0.02));
  // The embeddings really are 16-bit in that figure.
  const double embedding_params = 50272.0 * 12288 + 2050.0 * 12288;
  CHECK(gptq3.bytes_by_component[index(llm_sizer::Component::embedding)] +
            gptq3.bytes_by_component[index(llm_sizer::Component::position_embedding)] ==
        2 * embedding_params);
}

TEST_CASE("QLoRA: NF4 with double quantization costs 4.127 bits per parameter") {
  // Dettmers et al. 2023 (arXiv 2305.14314), sec. 3, "Double Quantization": with blocksize 64
  // the 32-bit constants add 32/64 = 0.5 bits per parameter; double quantization reduces this
  // "from 32/64 = 0.5 bits, to 8/64 + 32/(64*256) = 0.127 bits". NF4 codes are 4 bits.
  CHECK(linear_layer_bits("llama-2-7b", "nf4") == Approx(4.5).margin(0.001));
  CHECK(linear_layer_bits("llama-2-7b", "nf4-dq") == Approx(4.127).margin(0.001));
}
