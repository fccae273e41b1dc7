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
