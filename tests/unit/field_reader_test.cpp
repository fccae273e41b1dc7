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
