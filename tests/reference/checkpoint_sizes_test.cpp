// Non-GGUF checkpoint formats: what stays 16-bit. The published sizes (GPTQ's OPT-175B, QLoRA's
// constants) are reference rows: data/measurements/quantized-sizes.json and training-memory.json.
#include <catch2/catch.hpp>

#include "model/hf_config.hpp"
#include "model/tensors.hpp"
#include "quantization/weight_format.hpp"
#include "test_support.hpp"

TEST_CASE("GPTQ keeps OPT-175B's embeddings in FP16") {
  // Frantar et al. 2022 (arXiv 2210.17323), sec. 5: the 3-bit model keeps "the embeddings and the
  // output layer ... in full FP16 precision". OPT-175B written as a gpt2 config, as in the row
  // gptq-opt-175b-3bit-size.
  const llm_sizer::Json config = {{"model_type", "gpt2"}, {"n_embd", 12288}, {"n_head", 96},
                                  {"n_inner", 49152},     {"n_layer", 96},   {"n_positions", 2050},
                                  {"vocab_size", 50272}};
  const auto model = llm_sizer::parse_hf_config(config, "model").spec;
  const auto tensors = llm_sizer::list_tensors(model);
  const auto gptq3 =
      llm_sizer::weights_size(model, tensors, llm_sizer::parse_weight_format("gptq-3bit-g-1", "w"));
  const auto index = [](llm_sizer::Component c) { return static_cast<size_t>(c); };
  const double embedding_params = 50272.0 * 12288 + 2050.0 * 12288;
  CHECK(gptq3.bytes_by_component[index(llm_sizer::Component::embedding)] +
            gptq3.bytes_by_component[index(llm_sizer::Component::position_embedding)] ==
        2 * embedding_params);
}
