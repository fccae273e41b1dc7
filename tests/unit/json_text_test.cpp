#include <catch2/catch.hpp>

#include "error.hpp"
#include "json_text.hpp"

TEST_CASE("malformed JSON reports line and column") {
  const std::string text = "{\n  \"model\": \"llama-3-8b\",\n  \"hardware\": {\"count\": }\n}";
  try {
    llm_sizer::parse_json_text(text);
    FAIL("expected an InputError");
  } catch (const llm_sizer::InputError& e) {
    const std::string message = e.what();
    CHECK_THAT(message, Catch::StartsWith("invalid JSON at line 3, column 25: "));
  }
}

TEST_CASE("valid JSON parses") {
  CHECK(llm_sizer::parse_json_text(R"({"a": [1, 2]})")["a"][1] == 2);
}

TEST_CASE("nesting deeper than 64 levels is refused while parsing, named by its top field") {
  const auto nested = [](int depth) {
    return R"({"model": )" + std::string(depth - 1, '[') + std::string(depth - 1, ']') + "}";
  };
  CHECK_NOTHROW(llm_sizer::parse_json_text(nested(64)));
  CHECK_THROWS_WITH(llm_sizer::parse_json_text(nested(65)),
                    Catch::StartsWith("model: must not nest arrays and objects more than 64"));
  CHECK_THROWS_WITH(llm_sizer::parse_json_text(nested(100000)), Catch::StartsWith("model: "));
  CHECK_THROWS_WITH(llm_sizer::parse_json_text(std::string(100000, '[')),
                    Catch::StartsWith("must not nest"));
}

TEST_CASE("a number beyond a double names its field") {
  CHECK_THROWS_WITH(llm_sizer::parse_json_text(R"({"hardware": {"count": 1e400}})"),
                    "hardware.count: must be a finite number (JSON numbers end near 1.8e308), got "
                    "1e400");
  CHECK_THROWS_WITH(llm_sizer::parse_json_text(R"({"a": [1, {"b": [0, -1e999]}]})"),
                    Catch::StartsWith("a[1].b[1]: must be a finite number"));
}

TEST_CASE("the document keeps every value, duplicate keys last one wins") {
  const auto json = llm_sizer::parse_json_text(
      R"({"a": [1, 2.5, "x", null, true, {"b": []}], "c": 18446744073709551615, "a2": {}, "c": -1})");
  CHECK(json["a"].size() == 6);
  CHECK(json["a"][5]["b"].is_array());
  CHECK(json["c"] == -1);
  CHECK(json["a2"].is_object());
}
