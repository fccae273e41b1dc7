// Reference rows: how a row is read, how its metric is evaluated on a result, and how rows are
// summarised; the published figures themselves are checked in reference/published_rows_test.cpp.
#include <catch2/catch.hpp>

#include "error.hpp"
#include "test_support.hpp"
#include "validation/metric_expression.hpp"
#include "validation/reference_row.hpp"
#include "validation/validate.hpp"

using llm_sizer::Json;
using llm_sizer::RowStatus;

namespace {

Json decode_row(const std::string& id, double published, const Json& tolerance) {
  return {{"id", id},
          {"category", "decode"},
          {"scenario",
           {{"model", "llama-2-7b"},
            {"hardware", {{"accelerator", "rtx-4090"}}},
            {"inference", {{"runtime", "llama.cpp"}, {"weights", "q4_0"}}}}},
          {"metric_path", "inference.decode_tokens_per_s"},
          {"value", published},
          {"unit", "tokens/s"},
          {"tolerance", tolerance},
          {"source", "a test"},
          {"date", "2024-05"}};
}

llm_sizer::ValidationReport validate(const Json& rows, const std::string& category = "decode") {
  return llm_sizer::validate_measurements({{"rows.json", rows}}, llm_sizer::test::catalog(),
                                          {category, {}});
}

std::string error_of(const Json& row) {
  try {
    llm_sizer::parse_reference_row(row, "rows.json[0]");
  } catch (const llm_sizer::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a metric is a result path or arithmetic over paths and numbers") {
  const Json result = {{"inference", {{"decode_tokens_per_s", 50.0}, {"list", {1.0, 4.0}}}},
                       {"scenario", {{"inference", {{"output_tokens", 128}}}}}};
  using llm_sizer::evaluate_metric;
  CHECK(evaluate_metric("inference.decode_tokens_per_s", result, "m") == 50);
  CHECK(evaluate_metric("1 / inference.decode_tokens_per_s", result, "m") == 0.02);
  CHECK(evaluate_metric("inference.decode_tokens_per_s * scenario.inference.output_tokens", result,
                        "m") == 6400);
  CHECK(evaluate_metric("(inference.list[0] + inference.list[1]) * -2 - 1e1", result, "m") == -20);
  CHECK_THROWS_WITH(evaluate_metric("inference.nope", result, "row.metric_path"),
                    Catch::Contains("row.metric_path: must name a field of the result") &&
                        Catch::Contains("inference.nope"));
  CHECK_THROWS_WITH(evaluate_metric("inference.list[2]", result, "m"),
                    Catch::Contains("must name a field"));
  CHECK_THROWS_WITH(evaluate_metric("inference", result, "m"), Catch::Contains("not a number"));
  CHECK_THROWS_WITH(evaluate_metric("inference.decode_tokens_per_s +", result, "m"),
                    Catch::Contains("expected a number, a name or a parenthesis"));
  CHECK(evaluate_metric("max(inference.list[0], 2) + min(1, inference.list[1])", result, "m") == 3);
  CHECK_THROWS_WITH(evaluate_metric("(1", result, "m"), Catch::Contains("closing parenthesis"));
  CHECK_THROWS_WITH(evaluate_metric("1 / (inference.list[0] - 1)", result, "m"),
                    Catch::Contains("divides by zero"));
}

TEST_CASE("a row names what is missing or wrong") {
  Json row = decode_row("r", 100, 0.2);
  CHECK(error_of(row).empty());
  row.erase("scenario");
  CHECK_THAT(error_of(row), Catch::StartsWith("rows.json[0].scenario: is required"));
  row["scenario"] = nullptr;
  CHECK_THAT(error_of(row), Catch::StartsWith("rows.json[0].not_compared: is required"));
  row["not_compared"] = "no preset";
  CHECK(error_of(row).empty());
  row = decode_row("r", 100, 0.2);
  row["unit"] = "furlongs";
  CHECK_THAT(error_of(row), Catch::StartsWith("rows.json[0].unit: must be one of bytes"));
  row = decode_row("r", 100, 0.2);
  row["date"] = "2024-13";
  CHECK_THAT(error_of(row), Catch::StartsWith("rows.json[0].date: must be YYYY, YYYY-MM or"));
  row = decode_row("r", 100, -0.1);
  CHECK_THAT(error_of(row),
             Catch::StartsWith("rows.json[0].tolerance: must be a number in [0, 100]"));
  row = decode_row("r", 100, 0.2);
  row.erase("source");
  CHECK_THAT(error_of(row), Catch::StartsWith("rows.json[0].source: is required"));
}

TEST_CASE("rows pass, fail or are evidence by their tolerance, broken rows are reported") {
  const double predicted =
      validate(Json::array({decode_row("probe", 1, nullptr)})).rows[0].predicted.value();
  Json bad_scenario = decode_row("bad", 1, 0.1);
  bad_scenario["scenario"]["inference"]["weights"] = "q9_9";
  const auto report = validate(Json::array({
      decode_row("within", predicted * 1.1, 0.2),
      decode_row("over", predicted * 2, 0.2),
      decode_row("evidence", predicted / 2, nullptr),
      decode_row("within", predicted, 0.2),
      bad_scenario,
      {{"id", "skipped"}, {"category", "other"}, {"source", "s"}, {"date", "2020"}},
  }));
  REQUIRE(report.rows.size() == 5);  // the "other" category is filtered out
  CHECK(report.rows[0].status == RowStatus::pass);
  CHECK(report.rows[0].error.value() == Approx(1 / 1.1 - 1));
  CHECK(report.rows[1].status == RowStatus::fail);
  CHECK(report.rows[2].status == RowStatus::evidence);
  CHECK(report.rows[2].error.value() == Approx(1.0));
  CHECK(report.rows[3].status == RowStatus::invalid);
  CHECK_THAT(report.rows[3].message, Catch::Contains("must be unique"));
  CHECK(report.rows[4].status == RowStatus::invalid);
  CHECK_THAT(report.rows[4].message,
             Catch::StartsWith("rows.json[4].scenario.inference.weights: "));
  CHECK(report.rows[0].model == "llama-2-7b");
  CHECK(report.rows[0].accelerator == "rtx-4090");
  CHECK(report.rows[0].runtime == "llama.cpp");
  CHECK_FALSE(report.passed());
  REQUIRE(report.categories.size() == 1);
  const auto& summary = report.categories[0];
  CHECK(summary.rows == 5);
  CHECK(summary.compared == 3);
  CHECK(summary.tested == 2);
  CHECK(summary.failed == 1);
  CHECK(summary.invalid == 2);
  // |errors| 0.0909, 0.5, 1.0: the nearest-rank median is the second, the 90th percentile the
  // third.
  CHECK(summary.median_abs_error.value() == Approx(0.5));
  CHECK(summary.p90_abs_error.value() == Approx(1.0));
}

TEST_CASE("parameter-count rows come from the presets, notes must name one of them") {
  const auto report = llm_sizer::validate_measurements(Json::object(), llm_sizer::test::catalog(),
                                                       {"parameters", {"params-total-gpt2"}});
  REQUIRE(report.rows.size() == 1);
  CHECK(report.rows[0].published == 124439808);
  CHECK(report.rows[0].tolerance == 0);
  CHECK(report.rows[0].status == RowStatus::pass);
  const Json notes = {
      {"parameter-count-notes.json", Json::array({{{"id", "params-total-nope"}, {"notes", "x"}}})}};
  CHECK_THROWS_WITH(
      llm_sizer::validate_measurements(notes, llm_sizer::test::catalog(), {}),
      Catch::StartsWith("parameter-count-notes.json[0].id: must name a row made from a model"));
}
