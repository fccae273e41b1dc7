#include <catch2/catch.hpp>

#include "answer_text.hpp"
#include "error.hpp"
#include "json_text.hpp"

using llm_sizer::escape_for_message;
using llm_sizer::InputError;
using llm_sizer::shorten;

TEST_CASE("quoted input cannot break a message's line or forge terminal output") {
  CHECK(escape_for_message("a\nb\rc\td\x1b[31m\x7f") ==
        "a\\u000Ab\\u000Dc\\u0009d\\u001B[31m\\u007F");
  // C1 controls, line separators and bidirectional overrides, as UTF-8.
  CHECK(escape_for_message("\xc2\x9b\xe2\x80\xa8\xe2\x80\xae\xe2\x81\xa6") ==
        "\\u009B\\u2028\\u202E\\u2066");
  // Printable text, accents and CJK pass; bytes that are not UTF-8 show as \xNN.
  CHECK(escape_for_message("llama-3 \xc3\xa9 \xe4\xb8\xad") == "llama-3 \xc3\xa9 \xe4\xb8\xad");
  CHECK(escape_for_message("a\xff\xc3") == "a\\xFF\\xC3");
  CHECK(escape_for_message("\xed\xa0\x80") == "\\xED\\xA0\\x80");  // an encoded surrogate
}

TEST_CASE("a shortened text ends between characters") {
  CHECK(shorten("short", 10) == "short");
  CHECK(shorten("abcdef", 3) == "abc...");
  CHECK(shorten("\xc3\xa9\xc3\xa9", 3) == "\xc3\xa9...");
}

TEST_CASE("an InputError escapes and shortens all three parts") {
  const InputError e("hardware.x\ny", {"error.unknown_field", {{"known", "model"}}},
                     std::string(500, 'v'));
  CHECK(e.field() == "hardware.x\\u000Ay");
  CHECK(e.got().size() == 203);
  CHECK(std::string(e.what()).find('\n') == std::string::npos);
}

TEST_CASE("an error's values are quoted too, so its JSON is valid UTF-8 whatever the input held") {
  // The JSON reader's reason quotes the bytes where the text went wrong, here not UTF-8.
  const std::string text = "{\"mod\x9a\": 1}";
  try {
    llm_sizer::parse_json_text(text);
    FAIL("invalid JSON was accepted");
  } catch (const InputError& e) {
    const std::string answer = llm_sizer::error_json(e.what(), e.field(), e.rule(), e.got()).dump();
    CHECK(answer.find("\\\\x9A") != std::string::npos);
  }
}
