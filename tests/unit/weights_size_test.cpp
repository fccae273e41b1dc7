#include <catch2/catch.hpp>

#include <numeric>

#include "model/hf_config.hpp"
#include "model/param_count.hpp"
#include "model/tensors.hpp"
#include "quantization/ggml_types.hpp"
#include "quantization/weight_format.hpp"
#include "test_support.hpp"

using llm_sizer::Component;

namespace {

struct Loaded {
  llm_sizer::ModelSpec model;
  std::vector<llm_sizer::TensorSpec> tensors;
};

Loaded load(const std::string& preset) {
  const auto* entry = llm_sizer::test::catalog().find_model(preset);
  Loaded l{llm_sizer::parse_hf_config(entry->config, "model").spec, {}};
  l.tensors = llm_sizer::list_tensors(l.model);
  return l;
}

llm_sizer::WeightsSize size_of(const Loaded& l, const std::string& id) {
  return llm_sizer::weights_size(l.model, l.tensors, llm_sizer::parse_weight_format(id, "w"));
}

}  // namespace

TEST_CASE("ggml block layouts") {
  using llm_sizer::ggml_layout;
  using llm_sizer::GgmlType;
  CHECK(ggml_layout(GgmlType::q4_k).bits_per_weight() == 4.5);
  CHECK(ggml_layout(GgmlType::q6_k).bits_per_weight() == 6.5625);
  CHECK(ggml_layout(GgmlType::q2_k).bits_per_weight() == 2.625);
  CHECK(ggml_layout(GgmlType::iq2_xxs).bits_per_weight() == 2.0625);
  CHECK(ggml_layout(GgmlType::iq1_m).bits_per_weight() == 1.75);
  CHECK(ggml_layout(GgmlType::tq1_0).bits_per_weight() == 1.6875);
  CHECK(ggml_layout(GgmlType::mxfp4).bits_per_weight() == 4.25);
  CHECK(ggml_layout(GgmlType::q8_0).bits_per_weight() == 8.5);
  // Each tensor is padded to 32 bytes: a 3-element F32 vector takes 32.
  CHECK(llm_sizer::ggml_tensor_bytes(GgmlType::f32, 3, 1) == 12);
  CHECK(llm_sizer::gguf_padded_bytes(GgmlType::f32, 3, 1) == 32);
  CHECK(llm_sizer::gguf_padded_bytes(GgmlType::q4_0, 64, 1) == 64);  // 36 -> 64
}

TEST_CASE("components add up to the total, and bits per weight divide by all parameters") {
  const auto l = load("llama-3.1-8b");
  const auto params = llm_sizer::count_parameters(l.model, l.tensors);
  for (const std::string id : {"q4_k_m", "fp16", "gptq-4bit-g128", "nf4-dq"}) {
    INFO(id);
    const auto size = size_of(l, id);
    const double sum =
        std::accumulate(size.bytes_by_component.begin(), size.bytes_by_component.end(), 0.0);
    CHECK(sum == size.bytes);
    CHECK(size.bits_per_weight == Approx(size.bytes * 8 / double(params.total)));
  }
  CHECK(size_of(l, "fp16").bytes == 2.0 * double(params.total));
}

TEST_CASE("multi-token-prediction modules are reported apart from the total") {
  const auto l = load("deepseek-v3");
  const auto params = llm_sizer::count_parameters(l.model, l.tensors);
  REQUIRE(params.mtp > 0);
  const auto size = size_of(l, "fp8-block128");
  CHECK(size.bytes_by_component[llm_sizer::test::component_index(Component::mtp)] > 0);
  double without_mtp = 0;
  for (size_t c = 0; c < llm_sizer::kComponentCount; ++c) {
    if (c != llm_sizer::test::component_index(Component::mtp))
      without_mtp += size.bytes_by_component[c];
  }
  CHECK(size.bytes == without_mtp);
  // DeepSeek-V3 keeps its embedding, output head and gating in BF16 (report sec. 3.3.1).
  CHECK(size.bytes_by_component[llm_sizer::test::component_index(Component::router)] ==
        2.0 * double(params.router));
}

TEST_CASE("a vision tower is reported in its own component, at F16 for GGUF files") {
  const auto l = load("gemma-3-4b");
  const auto params = llm_sizer::count_parameters(l.model, l.tensors);
  REQUIRE(params.vision > 0);
  const auto q4 = size_of(l, "q4_k_m");
  const auto f16 = size_of(l, "f16");
  CHECK(q4.bytes_by_component[llm_sizer::test::component_index(Component::vision)] ==
        f16.bytes_by_component[llm_sizer::test::component_index(Component::vision)]);
  // About two bytes per parameter: vectors and the 4096 x 1152 position table are F32.
  CHECK(q4.bytes_by_component[llm_sizer::test::component_index(Component::vision)] ==
        Approx(2.0 * double(params.vision)).epsilon(0.02));
  CHECK(q4.bytes_by_component[llm_sizer::test::component_index(Component::attention)] <
        0.5 * f16.bytes_by_component[llm_sizer::test::component_index(Component::attention)]);
}
