#include <catch2/catch.hpp>

#include "error.hpp"
#include "quantization/weight_format.hpp"

using llm_sizer::parse_kv_format;

TEST_CASE("KV formats: bytes per element with block scales") {
  CHECK(parse_kv_format("f16", "kv").bytes_per_element == 2);
  CHECK(parse_kv_format("fp16", "kv").bytes_per_element == 2);
  CHECK(parse_kv_format("bf16", "kv").bytes_per_element == 2);
  CHECK(parse_kv_format("fp32", "kv").bytes_per_element == 4);
  CHECK(parse_kv_format("fp8", "kv").bytes_per_element == 1);
  CHECK(parse_kv_format("fp8_e5m2", "kv").bytes_per_element == 1);
  CHECK(parse_kv_format("int8", "kv").bytes_per_element == 1);
  CHECK(parse_kv_format("q8_0", "kv").bytes_per_element == Approx(34.0 / 32));
  CHECK(parse_kv_format("q4_0", "kv").bytes_per_element == Approx(18.0 / 32));
  CHECK(parse_kv_format("q4_1", "kv").bytes_per_element == Approx(20.0 / 32));
  CHECK(parse_kv_format("q5_0", "kv").bytes_per_element == Approx(22.0 / 32));
  CHECK(parse_kv_format("q5_1", "kv").bytes_per_element == Approx(24.0 / 32));
  CHECK(parse_kv_format("iq4_nl", "kv").bytes_per_element == Approx(18.0 / 32));
  CHECK(parse_kv_format("q8_0", "kv").id == "q8_0");
  // TensorRT-LLM's NVFP4 KV cache: 16 E2M1 elements (8 bytes) and an E4M3 scale byte.
  CHECK(parse_kv_format("nvfp4", "kv").bytes_per_element == 9.0 / 16);
}

TEST_CASE("an unknown KV format lists the known ones") {
  CHECK_THROWS_WITH(parse_kv_format("q4_k", "inference.kv_cache"),
                    "inference.kv_cache: must be one of f16, fp16, bf16, f32, fp32, fp8, "
                    "fp8_e4m3, fp8_e5m2, int8, q8_0, q4_0, q4_1, q5_0, q5_1, iq4_nl, nvfp4, got "
                    "\"q4_k\"");
}
