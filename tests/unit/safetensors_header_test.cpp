// The safetensors header reader against the format's specification (huggingface/safetensors
// README, "Format"): dtype widths, offsets that match dtype x shape, a buffer without holes.
#include <catch2/catch.hpp>

#include "checkpoint/checkpoint_format.hpp"
#include "checkpoint/safetensors_header.hpp"
#include "error.hpp"

namespace {

std::vector<llm_sizer::StoredTensor> read_header(const char* text) {
  return llm_sizer::read_safetensors_header(text, "header");
}

}  // namespace

TEST_CASE("a safetensors header gives each tensor's dtype, elements and bytes") {
  const auto tensors = read_header(
      R"({"__metadata__": {"format": "pt"},
          "w": {"dtype": "F8_E4M3", "shape": [256, 64], "data_offsets": [0, 16384]},
          "s": {"dtype": "F32", "shape": [2, 1], "data_offsets": [16384, 16392]},
          "p": {"dtype": "F4", "shape": [3], "data_offsets": [16392, 16394]},
          "e": {"dtype": "BF16", "shape": [0, 4], "data_offsets": [16394, 16394]},
          "x": {"dtype": "BF16", "shape": [], "data_offsets": [16394, 16396]}})");
  REQUIRE(tensors.size() == 5);
  CHECK(tensors[0].name == "e");  // nlohmann's objects iterate by key
  CHECK(tensors[0].bytes == 0);
  const auto p =
      std::find_if(tensors.begin(), tensors.end(), [](auto& t) { return t.name == "p"; });
  CHECK(p->elements == 3);
  CHECK(p->bytes == 2);  // three 4-bit values take two bytes
  const auto x =
      std::find_if(tensors.begin(), tensors.end(), [](auto& t) { return t.name == "x"; });
  CHECK(x->elements == 1);  // a scalar
}

TEST_CASE("a header whose offsets leave a gap or disagree with the shape is refused") {
  CHECK_THROWS_WITH(
      read_header(R"({"a": {"dtype": "BF16", "shape": [2], "data_offsets": [4, 8]}})"),
      Catch::Contains("header.a.data_offsets: must start where the tensor before it ends, at "
                      "byte 0"));
  CHECK_THROWS_WITH(
      read_header(R"({"a": {"dtype": "BF16", "shape": [2], "data_offsets": [0, 6]}})"),
      Catch::Contains("must span 4 bytes: 2 elements of BF16, got 6"));
  CHECK_THROWS_WITH(read_header(R"({"a": {"dtype": "Q4", "shape": [2], "data_offsets": [0, 1]}})"),
                    Catch::Contains("header.a.dtype: must be a safetensors dtype"));
  CHECK_THROWS_WITH(read_header(R"({"a": {"dtype": "BF16", "shape": [2], "data_offs)"),
                    Catch::Contains("header: must be a whole safetensors header"));
  // A fuzzer found the missing keys: both are required, not read as empty.
  CHECK_THROWS_WITH(read_header(R"({"a": {"dtype": "BF16", "shape": [2]}})"),
                    Catch::Contains("header.a.data_offsets: is required"));
  CHECK_THROWS_WITH(read_header(R"({"a": {"dtype": "BF16", "data_offsets": [0, 2]}})"),
                    Catch::Contains("header.a.shape: is required"));
  CHECK_THROWS_AS(read_header(R"({"a": {"dtype": "BF16", "shape": [1099511627776, 1099511627776],
                            "data_offsets": [0, 2]}})"),
                  llm_sizer::InputError);
}

TEST_CASE("a config's quantization_config names the calculator's format, or none") {
  using llm_sizer::detect_checkpoint_format;
  const llm_sizer::Json deepseek = {
      {"quantization_config",
       {{"quant_method", "fp8"}, {"fmt", "e4m3"}, {"weight_block_size", {128, 128}}}}};
  CHECK(detect_checkpoint_format(deepseek, "F8_E4M3").weights == "fp8-block128");
  const llm_sizer::Json gptq5 = {
      {"quantization_config", {{"quant_method", "gptq"}, {"bits", 5}, {"group_size", 128}}}};
  CHECK_FALSE(detect_checkpoint_format(gptq5, "I32").weights.has_value());
  CHECK(detect_checkpoint_format(llm_sizer::Json::object(), "F16").weights == "fp16");
  CHECK(detect_checkpoint_format(nullptr, "BF16").method == "none");
}

TEST_CASE("a quantization_config of odd shapes is unsized, never an exception") {
  using llm_sizer::detect_checkpoint_format;
  const llm_sizer::Json group_not_object = {
      {"quantization_config",
       {{"quant_method", "compressed-tensors"}, {"config_groups", {{"group_0", 4}}}}}};
  CHECK_FALSE(detect_checkpoint_format(group_not_object, "I32").weights.has_value());
  const llm_sizer::Json nested_not_object = {
      {"quantization_config", {{"quant_method", "modelopt"}, {"quantization", "FP8"}}}};
  CHECK(detect_checkpoint_format(nested_not_object, "U8").detail == "modelopt");
  const llm_sizer::Json nested = {
      {"quantization_config",
       {{"quant_method", "modelopt"}, {"quantization", {{"quant_algo", "NVFP4"}}}}}};
  CHECK(detect_checkpoint_format(nested, "U8").weights == "nvfp4");
}

TEST_CASE("MLX, EXL2, EXL3 and HQQ configs name their formats") {
  using llm_sizer::detect_checkpoint_format;
  using llm_sizer::Json;
  // mlx-lm's config.json: "quantization": {"group_size", "bits"}, copied to quantization_config.
  const Json mlx = {{"quantization", {{"group_size", 64}, {"bits", 4}}}};
  CHECK(detect_checkpoint_format(mlx, "U32").weights == "mlx-4bit-g64");
  CHECK(detect_checkpoint_format(mlx, "U32").method == "mlx");
  const Json mlx_copy = {
      {"quantization_config", {{"group_size", 32}, {"bits", 8}, {"mode", "affine"}}}};
  CHECK(detect_checkpoint_format(mlx_copy, "U32").weights == "mlx-8bit-g32");
  const Json mlx_fp4 = {{"quantization", {{"group_size", 32}, {"bits", 4}, {"mode", "mxfp4"}}}};
  CHECK_FALSE(detect_checkpoint_format(mlx_fp4, "U32").weights.has_value());
  const Json exl2 = {
      {"quantization_config", {{"quant_method", "exl2"}, {"bits", 4.65}, {"head_bits", 6}}}};
  CHECK(detect_checkpoint_format(exl2, "I16").weights == "exl2-4.65bpw");
  const Json exl3 = {{"quantization_config", {{"quant_method", "exl3"}, {"bits", 4.0}}}};
  CHECK(detect_checkpoint_format(exl3, "I16").weights == "exl3-4.0bpw");
  const Json hqq = {
      {"quantization_config",
       {{"quant_method", "hqq"},
        {"quant_config", {{"weight_quant_params", {{"nbits", 4}, {"group_size", 64}}}}}}}};
  CHECK(detect_checkpoint_format(hqq, "U8").weights == "hqq-4bit-g64");
  const Json exl_odd = {{"quantization_config", {{"quant_method", "exl2"}, {"bits", "x"}}}};
  CHECK_FALSE(detect_checkpoint_format(exl_odd, "I16").weights.has_value());
}
