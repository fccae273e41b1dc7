// Storage layouts of the checkpoint formats, on single matrices where the arithmetic is plain.
#include <catch2/catch.hpp>

#include "model/hf_config.hpp"
#include "model/tensors.hpp"
#include "quantization/other_formats.hpp"
#include "test_support.hpp"

using llm_sizer::Component;
using llm_sizer::TensorSpec;

namespace {

TensorSpec matrix(int64_t in, int64_t out, Component c = Component::mlp, int64_t matrices = 1) {
  return TensorSpec{"ffn_up", c, 0, in, out, matrices, false, false};
}

double bits(const std::string& format_id, const TensorSpec& t) {
  const auto format = llm_sizer::parse_weight_format(format_id, "w");
  return 8.0 * double(llm_sizer::checkpoint_tensor_bytes(t, format)) / double(t.params());
}

}  // namespace

TEST_CASE("GPTQ: b + (b + 16) / g + 32 / N bits per weight") {
  // qweight b bits, qzeros b and fp16 scales 16 bits per group of g inputs, g_idx int32 per
  // input (K = N here). AutoGPTQ qlinear_cuda.py buffers.
  const auto t = matrix(4096, 4096);
  for (int b : {2, 3, 4, 8}) {
    for (int g : {32, 64, 128}) {
      const std::string id = "gptq-" + std::to_string(b) + "bit-g" + std::to_string(g);
      INFO(id);
      CHECK(bits(id, t) == Approx(b + (b + 16.0) / g + 32.0 / 4096));
    }
    const std::string channel = "gptq-" + std::to_string(b) + "bit-g-1";
    CHECK(bits(channel, t) == Approx(b + (b + 16.0) / 4096 + 32.0 / 4096));
  }
  CHECK(bits("gptq-4bit-g128", t) == Approx(4.1641).margin(0.0001));
}

TEST_CASE("AWQ: 4 + 20 / g bits per weight, no g_idx") {
  const auto t = matrix(4096, 4096);
  CHECK(bits("awq-4bit-g32", t) == Approx(4.625));
  CHECK(bits("awq-4bit-g64", t) == Approx(4.3125));
  CHECK(bits("awq-4bit-g128", t) == Approx(4.15625));
}

TEST_CASE("block and channel scales") {
  const auto t = matrix(7168, 2048);
  // FP8 128x128 blocks: 56 x 16 fp32 scales.
  CHECK(llm_sizer::checkpoint_tensor_bytes(
            t, llm_sizer::parse_weight_format("fp8-block128", "w")) == 7168 * 2048 + 4 * 56 * 16);
  CHECK(llm_sizer::checkpoint_tensor_bytes(t, llm_sizer::parse_weight_format("fp8", "w")) ==
        7168 * 2048 + 4);
  // A partial block at the edge still gets a scale.
  const auto ragged = matrix(200, 130);
  CHECK(llm_sizer::checkpoint_tensor_bytes(
            ragged, llm_sizer::parse_weight_format("fp8-block128", "w")) == 200 * 130 + 4 * 2 * 2);
  CHECK(bits("llm-int8", t) == Approx(8 + 32.0 / 7168));
  CHECK(bits("w8a8", t) == Approx(8 + 32.0 / 7168));
  CHECK(bits("int8", t) == Approx(8 + 16.0 / 7168));
  CHECK(bits("int4", t) == Approx(4 + 16.0 / 7168));
  CHECK(bits("nf4", t) == Approx(4.5));
  CHECK(bits("fp4", t) == Approx(4.5));
  CHECK(bits("mxfp4", t) == Approx(4.25));
  CHECK(bits("nvfp4", t) == Approx(4.5 + 32.0 / double(7168 * 2048)));
  // Stacked experts: each expert carries its own scales.
  const auto experts = matrix(7168, 2048, Component::experts, 8);
  CHECK(llm_sizer::checkpoint_tensor_bytes(experts, llm_sizer::parse_weight_format("fp8", "w")) ==
        8 * (7168 * 2048 + 4));
}

TEST_CASE("which tensors stay 16-bit") {
  const auto* preset = llm_sizer::test::catalog().find_model("mixtral-8x7b");
  const auto model = llm_sizer::parse_hf_config(preset->config, "model").spec;
  const auto tensors = llm_sizer::list_tensors(model);
  const auto params = [&](Component c) {
    double n = 0;
    for (const auto& t : tensors) n += t.component == c ? double(t.params()) : 0;
    return n;
  };
  for (const std::string id : {"gptq-4bit-g128", "awq-4bit-g128", "fp8", "int8", "nvfp4"}) {
    INFO(id);
    const auto size =
        llm_sizer::weights_size(model, tensors, llm_sizer::parse_weight_format(id, "w"));
    CHECK(size.bytes_by_component[llm_sizer::test::component_index(Component::embedding)] ==
          2 * params(Component::embedding));
    CHECK(size.bytes_by_component[llm_sizer::test::component_index(Component::lm_head)] ==
          2 * params(Component::lm_head));
    CHECK(size.bytes_by_component[llm_sizer::test::component_index(Component::norms)] ==
          2 * params(Component::norms));
    CHECK(size.bytes_by_component[llm_sizer::test::component_index(Component::router)] ==
          2 * params(Component::router));
    // Quantized: at most about one byte per weight.
    CHECK(size.bytes_by_component[llm_sizer::test::component_index(Component::experts)] <
          1.01 * params(Component::experts));
  }
  // bitsandbytes converts every nn.Linear but the head, the router included.
  const auto nf4 =
      llm_sizer::weights_size(model, tensors, llm_sizer::parse_weight_format("nf4", "w"));
  CHECK(nf4.bytes_by_component[llm_sizer::test::component_index(Component::router)] <
        params(Component::router));
  CHECK(nf4.bytes_by_component[llm_sizer::test::component_index(Component::lm_head)] ==
        2 * params(Component::lm_head));
  // Plain checkpoints: every tensor in the one type.
  const auto fp32 =
      llm_sizer::weights_size(model, tensors, llm_sizer::parse_weight_format("fp32", "w"));
  CHECK(fp32.bits_per_weight == 32);
}

TEST_CASE("MLX affine: b + 32 / g bits, embeddings and head quantized too") {
  // mlx.core.quantize (affine): codes packed in uint32, a 16-bit scale and bias per group;
  // mlx.nn.quantize quantizes Linear and Embedding layers alike.
  const auto t = matrix(4096, 4096);
  CHECK(bits("mlx-4bit-g64", t) == Approx(4.5));
  CHECK(bits("mlx-8bit-g64", t) == Approx(8.5));
  CHECK(bits("mlx-3bit-g32", t) == Approx(4.0));
  CHECK(bits("mlx-6bit-g128", t) == Approx(6.25));
  CHECK(bits("mlx-4bit-g64", matrix(4096, 128256, Component::embedding)) == Approx(4.5));
  CHECK(bits("mlx-4bit-g64", matrix(4096, 128256, Component::lm_head)) == Approx(4.5));
}

TEST_CASE("HQQ, MXFP8, MXFP6 and W4A8: their scales per weight") {
  const auto t = matrix(4096, 4096);
  CHECK(bits("hqq-4bit-g64", t) == Approx(4.5));  // fp16 scale and zero per 64
  CHECK(bits("hqq-2bit-g32", t) == Approx(3.0));
  CHECK(bits("hqq-4bit-g64", matrix(4096, 128256, Component::lm_head)) == Approx(16));
  CHECK(bits("mxfp8", t) == Approx(8.25));  // OCP MX: one E8M0 byte per 32 elements
  CHECK(bits("mxfp6", t) == Approx(6.25));
  // INT4, an fp16 scale per 128 inputs, an fp16 pre-quantization scale per input.
  CHECK(bits("w4a8", t) == Approx(4 + 16.0 / 128 + 16.0 / 4096));
  CHECK(bits("w4afp8", t) == bits("w4a8", t));
}

TEST_CASE("EXL2 and EXL3: the target average on the layers, 6 bits on the head") {
  CHECK(bits("exl2-4.65bpw", matrix(4096, 4096)) == Approx(4.65).margin(1e-6));
  CHECK(bits("exl3-3.0bpw", matrix(4096, 14336)) == Approx(3.0).margin(1e-6));
  CHECK(bits("exl2-4.65bpw", matrix(4096, 128256, Component::lm_head)) == Approx(6));
  CHECK(bits("exl2-4.65bpw", matrix(4096, 128256, Component::embedding)) == Approx(16));
}
