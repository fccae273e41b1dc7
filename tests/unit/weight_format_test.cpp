#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "error.hpp"
#include "quantization/weight_format.hpp"
#include "test_support.hpp"

using llm_sizer::InputError;
using llm_sizer::parse_weight_format;
using llm_sizer::Precision;

namespace {

const llm_sizer::AcceleratorSpec& device(const std::string& id) {
  const auto* accelerator = llm_sizer::test::catalog().find_accelerator(id);
  REQUIRE(accelerator != nullptr);
  return *accelerator;
}

}  // namespace

TEST_CASE("every listed weight format parses back to itself") {
  const auto ids = llm_sizer::weight_format_ids();
  CHECK(ids.size() >= 40);
  CHECK(std::set<std::string>(ids.begin(), ids.end()).size() == ids.size());
  for (const auto& id : ids) {
    INFO(id);
    const auto format = parse_weight_format(id, "inference.weights");
    CHECK(format.id == id);
    CHECK_FALSE(english(format.name).empty());
    CHECK_FALSE(format.family.empty());
  }
}

TEST_CASE("ids map to the right scheme and parameters") {
  const auto gguf = parse_weight_format("q4_k_m", "w");
  CHECK(gguf.scheme == llm_sizer::WeightScheme::gguf);
  CHECK(gguf.gguf_ftype == llm_sizer::GgufFtype::q4_k_m);
  CHECK(english(gguf.name) == "GGUF Q4_K_M");
  CHECK(gguf.name.code.code() == "format.gguf");
  CHECK_FALSE(gguf.gguf_imatrix);
  CHECK(parse_weight_format("iq2_xxs", "w").gguf_imatrix);  // llama-quantize requires one
  // "bf16" is the plain checkpoint, not the GGUF file type.
  CHECK(parse_weight_format("bf16", "w").scheme == llm_sizer::WeightScheme::dense);
  const auto gptq = parse_weight_format("gptq-3bit-g-1", "w");
  CHECK(gptq.scheme == llm_sizer::WeightScheme::gptq);
  CHECK(gptq.bits == 3);
  CHECK(gptq.group_size == -1);
  CHECK(english(gptq.name) == "GPTQ 3-bit, per channel");
  CHECK(parse_weight_format("awq-4bit-g128", "w").group_size == 128);
  CHECK(parse_weight_format("nf4-dq", "w").double_quant);
}

TEST_CASE("an unknown id names the field and the known ids, shortened") {
  try {
    parse_weight_format("q4_k_x", "inference.weights");
    FAIL("expected an InputError");
  } catch (const InputError& e) {
    const std::string message = e.what();
    CHECK(e.field() == "inference.weights");
    CHECK(e.got() == "\"q4_k_x\"");
    CHECK(message.find("fp16") != std::string::npos);
    CHECK(message.find("more)") != std::string::npos);
    CHECK(e.rule().code.code() == "error.weight_format");
    CHECK(message.find("gptq-<2|3|4|8>bit-g<32|64|128|-1>") != std::string::npos);
    CHECK(message.size() < 400);
  }
}

TEST_CASE("parameterised ids are validated") {
  CHECK_THROWS_WITH(parse_weight_format("gptq-5bit-g128", "w"),
                    "w: bits must be 2, 3, 4 or 8, got \"gptq-5bit-g128\"");
  CHECK_THROWS_WITH(parse_weight_format("gptq-4bit-g100", "w"),
                    "w: group must be 32, 64, 128 or -1 (one group per output channel), got "
                    "\"gptq-4bit-g100\"");
  CHECK_THROWS_WITH(parse_weight_format("awq-3bit-g128", "w"),
                    "w: bits must be 4 (AWQ stores 4-bit only), got \"awq-3bit-g128\"");
  CHECK_THROWS_WITH(parse_weight_format("gptq-4bit", "w"),
                    "w: must look like gptq-<bits>bit-g<group>, got \"gptq-4bit\"");
  CHECK_THROWS_WITH(parse_weight_format("gptq-xbit-g128", "w"),
                    "w: must look like gptq-<bits>bit-g<group>, got \"gptq-xbit-g128\"");
  CHECK_THROWS_AS(parse_weight_format("gptq-4bit-g128x", "w"), InputError);
  CHECK_THROWS_WITH(parse_weight_format("mlx-7bit-g64", "w"),
                    "w: bits must be 2, 3, 4, 5, 6 or 8 (MLX's affine quantization), got "
                    "\"mlx-7bit-g64\"");
  CHECK_THROWS_WITH(parse_weight_format("mlx-4bit-g-1", "w"),
                    "w: group must be 32, 64 or 128, got \"mlx-4bit-g-1\"");
  CHECK_THROWS_WITH(parse_weight_format("hqq-5bit-g64", "w"),
                    "w: bits must be 1, 2, 3, 4 or 8, got \"hqq-5bit-g64\"");
  CHECK_THROWS_WITH(parse_weight_format("exl2-1.5bpw", "w"),
                    "w: bits per weight must be 2 to 8, with at most two decimals, got "
                    "\"exl2-1.5bpw\"");
  CHECK_THROWS_WITH(parse_weight_format("exl3-4.125bpw", "w"),
                    "w: must look like exl3-<bits>bpw, such as exl3-4.65bpw, got "
                    "\"exl3-4.125bpw\"");
  for (const char* bad : {"exl2-bpw", "exl2-4.bpw", "exl2-4,5bpw", "exl2-.5bpw", "exl2-4.65"}) {
    CHECK_THROWS_AS(parse_weight_format(bad, "w"), InputError);
  }
  CHECK(parse_weight_format("exl3-1.0bpw", "w").average_bits == 1.0);
  CHECK(parse_weight_format("exl2-4.65bpw", "w").average_bits == Approx(4.65));
}

TEST_CASE("native support follows the device's dense peaks") {
  const auto fp8 = parse_weight_format("fp8", "w");
  CHECK(llm_sizer::runs_natively(fp8, device("h100-sxm")));
  CHECK(llm_sizer::runs_natively(fp8, device("l40s")));
  CHECK_FALSE(llm_sizer::runs_natively(fp8, device("a100-80gb-sxm")));
  // FP8 on Ampere runs weight-only, dequantized to fp16 (FP8 Marlin).
  CHECK(llm_sizer::compute_precision(fp8, device("a100-80gb-sxm")) == Precision::fp16);
  CHECK(llm_sizer::compute_precision(fp8, device("h100-sxm")) == Precision::fp8);

  const auto nvfp4 = parse_weight_format("nvfp4", "w");
  CHECK(llm_sizer::runs_natively(nvfp4, device("b200")));
  CHECK_FALSE(llm_sizer::runs_natively(nvfp4, device("h100-sxm")));

  // Weight-only formats never run natively; they compute in 16-bit.
  const auto gptq = parse_weight_format("gptq-4bit-g128", "w");
  CHECK_FALSE(llm_sizer::runs_natively(gptq, device("h100-sxm")));
  CHECK(llm_sizer::compute_precision(gptq, device("h100-sxm")) == Precision::fp16);
  CHECK_FALSE(llm_sizer::runs_natively(parse_weight_format("q4_k_m", "w"), device("h100-sxm")));
  CHECK(llm_sizer::compute_precision(parse_weight_format("nf4", "w"), device("h100-sxm")) ==
        Precision::bf16);

  // BF16 on V100 (no bf16 units) computes in fp16.
  const auto bf16 = parse_weight_format("bf16", "w");
  CHECK_FALSE(llm_sizer::runs_natively(bf16, device("v100-sxm2-32gb")));
  CHECK(llm_sizer::compute_precision(bf16, device("v100-sxm2-32gb")) == Precision::fp16);
  CHECK(llm_sizer::runs_natively(parse_weight_format("w8a8", "w"), device("a100-80gb-sxm")));
}
