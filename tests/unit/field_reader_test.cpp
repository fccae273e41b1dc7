#include <catch2/catch.hpp>

#include "error.hpp"
#include "field_reader.hpp"

using llm_sizer::FieldReader;
using llm_sizer::InputError;
using llm_sizer::Json;

TEST_CASE("field errors name the path, the rule and the value") {
  const Json config = {{"num_hidden_layers", -3}, {"mfu", 1.5}, {"optimizer", "lion"}};
  const FieldReader r(config, "model");
  try {
    r.positive_int("num_hidden_layers");
    FAIL("expected an InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "model.num_hidden_layers: must be a positive integer, got -3");
    CHECK(e.field() == "model.num_hidden_layers");
  }
  CHECK_THROWS_WITH(r.number_or("mfu", 0.4, llm_sizer::kFraction),
                    "model.mfu: must be a number in (0, 1], got 1.5");
  CHECK_THROWS_WITH(r.choice_or("optimizer", "adamw", {"adamw", "sgd"}),
                    "model.optimizer: must be one of adamw, sgd, got \"lion\"");
  CHECK_THROWS_WITH(r.positive_int("vocab_size"),
                    "model.vocab_size: is required (a positive integer)");
}

TEST_CASE("null counts as absent and integral floats count as integers") {
  const Json config = {{"head_dim", nullptr}, {"hidden_size", 4096.0}};
  const FieldReader r(config, "model");
  CHECK_FALSE(r.has("head_dim"));
  CHECK(r.positive_int("hidden_size") == 4096);
  CHECK(r.int_or("head_dim", 128) == 128);
}

TEST_CASE("closed sections reject unknown keys") {
  const Json hardware = {{"acelerator", "h100-sxm"}};
  const FieldReader r(hardware, "hardware");
  CHECK_THROWS_WITH(r.reject_unknown({"accelerator", "count"}),
                    "hardware.acelerator: is not a known field; known fields: accelerator, count");
}

TEST_CASE("a non-object where an object belongs is an error") {
  CHECK_THROWS_WITH(FieldReader(Json::array(), "hardware"),
                    "hardware: must be a JSON object, got []");
}

TEST_CASE("bounded reads quote the range and its reason") {
  const Json config = {{"num_hidden_layers", 1e18}, {"vocab_size", 32000}, {"tokens", 1e300}};
  const FieldReader r(config, "model");
  const llm_sizer::IntRange layers{1, 10000, "the deepest published model has 1,000"};
  CHECK_THROWS_WITH(r.required_int("num_hidden_layers", layers),
                    "model.num_hidden_layers: must be an integer in [1, 10000] (the deepest "
                    "published model has 1,000), got 1e+18");
  CHECK(r.required_int("vocab_size", {1, 1 << 24, "why"}) == 32000);
  CHECK_THROWS_WITH(r.required_int("hidden_size", layers),
                    "model.hidden_size: is required (a positive integer)");
  CHECK(r.int_or("hidden_size", 7, layers) == 7);
  CHECK_THROWS_WITH(r.number_or("tokens", 1, {1, 1e16, false, false, "why"}),
                    "model.tokens: must be a number in [1, 1e+16] (why), got 1e+300");
}

TEST_CASE("integers beyond 2^53 are refused, never wrapped") {
  const Json config = Json::parse(R"({"a": 18446744073709551615, "b": 9007199254740993,
                                      "c": -9223372036854775808, "d": 9007199254740992})");
  const FieldReader r(config, "model");
  CHECK_THROWS_WITH(r.positive_int("a"),
                    "model.a: must be a positive integer, got 18446744073709551615");
  CHECK_THROWS_AS(r.positive_int("b"), InputError);
  CHECK_THROWS_AS(r.optional_int("c", std::numeric_limits<int64_t>::min()), InputError);
  CHECK(r.positive_int("d") == llm_sizer::kMaxExactInteger);
}

TEST_CASE("strings and lists are bounded in length") {
  const Json config = {{"name", std::string(5000, 'x')},
                       {"layers", Json::array({1, 2, 3})},
                       {"names", Json::array({"a", "b", "c"})}};
  const FieldReader r(config, "hardware");
  CHECK_THROWS_WITH(r.optional_string("name"),
                    Catch::StartsWith("hardware.name: must be a string of at most 4096 bytes, got "
                                      "\"xxx"));
  CHECK(r.int_list("layers", {0, 10}, 3).size() == 3);
  CHECK_THROWS_WITH(r.int_list("layers", {0, 10}, 2),
                    "hardware.layers: must be an array of at most 2 integers, each in [0, 10], "
                    "got [1,2,3]");
  CHECK_THROWS_AS(r.int_list("layers", {2, 10}, 3), InputError);
  CHECK_THROWS_WITH(
      r.string_list("names", 2),
      "hardware.names: must be an array of at most 2 strings, got [\"a\",\"b\",\"c\"]");
}
