#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <string>

#include "error.hpp"
#include "field_reader.hpp"
#include "message.hpp"

using llm_sizer::InputError;
using llm_sizer::Json;
using llm_sizer::Message;
using llm_sizer::MessageCode;

TEST_CASE("a message's English is its template filled from its values") {
  CHECK(english(Message{"error.pp_at_most_layers", {{"layers", 32}}}) ==
        "must be at most the model's 32 layers (every pipeline stage holds at least one)");
  // Lists are joined, fractions printed as %g, text as it is.
  CHECK(english(Message{"error.one_of", {{"allowed", Json::array({"a", "b"})}}}) ==
        "must be one of a, b");
  CHECK(english(Message{"error.number_in", {{"range", "(0, 1]"}}}) == "must be a number in (0, 1]");
  CHECK(english(MessageCode("unit.flops_per_s_per_gpu_dense"), {{"precision", "bf16"}}) ==
        "FLOP/s per GPU, dense bf16");
  CHECK(english(Message{"price.lower_median", {{"count", 2.0}, {"accelerator", "h100-sxm"}}}) ==
        "lower median of the catalog's 2 on-demand prices for h100-sxm");
  // A value the text names but the message lacks stays visible as its name.
  CHECK(english(Message{"error.pp_at_most_layers"}) ==
        "must be at most the model's {layers} layers (every pipeline stage holds at least one)");
  CHECK(english(Message{}).empty());
}

TEST_CASE("codes are written beside the English, params only when there are some") {
  Json out = Json::object();
  put_message_codes(out, "", Message{"warning.no_tdp", {{"device", "X"}}});
  CHECK(out == Json{{"code", "warning.no_tdp"}, {"params", {{"device", "X"}}}});
  Json term = Json::object();
  put_message_codes(term, "unit", Message{"unit.bytes"});
  CHECK(term == Json{{"unit_code", "unit.bytes"}});
  Json none = Json::object();
  put_message_codes(none, "unit", Message{});
  CHECK(none.empty());
}

TEST_CASE("the table: unique codes, each with English, namespaced by kind") {
  const Json table = llm_sizer::message_table_json();
  CHECK(table.size() == std::size(llm_sizer::kMessageTable) - 1);  // all but the empty text
  std::set<std::string> codes;
  const std::regex shape(R"((error|warning|note|source|price|format|unit|text)\.[a-z0-9_.]+)");
  for (const auto& entry : llm_sizer::kMessageTable) {
    if (entry.code.empty()) continue;
    INFO(entry.code);
    CHECK(codes.insert(std::string(entry.code)).second);
    CHECK(std::regex_match(std::string(entry.code), shape));
    CHECK_FALSE(entry.english.empty());
  }
}

TEST_CASE("an input error keeps its rule as a code beside the English") {
  try {
    llm_sizer::FieldReader(Json{{"batch", 0}}, "inference").positive_int("batch");
    FAIL("expected an InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "inference.batch: must be a positive integer, got 0");
    CHECK(e.rule().code.code() == "error.positive_integer");
    CHECK(e.allowed() == "must be a positive integer");
  }
  try {
    llm_sizer::FieldReader(Json{{"tokens", 1}}, "inference").reject_unknown({"batch"});
    FAIL("expected an InputError");
  } catch (const InputError& e) {
    CHECK(e.rule().code.code() == "error.unknown_field");
    CHECK(e.rule().params == Json{{"known", {"batch"}}});
  }
}
