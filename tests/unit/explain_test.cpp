#include <catch2/catch.hpp>

#include "explain/references.hpp"
#include "formula_eval.hpp"
#include "test_support.hpp"

namespace {

// "model.breakdown.attention" → the number at that path in the result.
const llm_sizer::Json& at_path(const llm_sizer::Json& result, const std::string& path) {
  const llm_sizer::Json* node = &result;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t dot = path.find('.', start);
    node = &node->at(path.substr(start, dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return *node;
}

}  // namespace

TEST_CASE("every explanation evaluates to the number it explains, for every preset") {
  for (const auto& preset : llm_sizer::test::catalog().models) {
    const auto result =
        llm_sizer::test::run({{"model", preset.id}, {"inference", {{"allow_long_context", true}}}});
    for (const auto& [path, explanation] : result["explain"].items()) {
      INFO(preset.id << " " << path << ": " << explanation["formula"]);
      std::map<std::string, double> terms;
      for (const auto& term : explanation["terms"]) terms[term["name"]] = term["value"];
      llm_sizer::test::FormulaEvaluator formula(explanation["formula"], terms);
      CHECK(formula.evaluate() == Approx(at_path(result, path).get<double>()).epsilon(1e-12));
      CHECK(llm_sizer::find_reference(explanation["ref"].get<std::string>()) != nullptr);
      CHECK(result["references"].contains(explanation["ref"].get<std::string>()));
    }
  }
}
