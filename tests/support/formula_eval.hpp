#pragma once

// Evaluates an explanation's formula ("{L} * ({h} + 2 * {n_kv})") with its terms, so tests can
// check that every explanation the core emits adds up to the number it explains. The arithmetic
// is the core's (arithmetic.hpp), which also evaluates the reference rows' metrics.
#include <map>
#include <stdexcept>
#include <string>

#include "arithmetic.hpp"
#include "field_reader.hpp"

namespace llm_sizer::test {

class FormulaEvaluator {
 public:
  FormulaEvaluator(std::string formula, std::map<std::string, double> terms)
      : text_(std::move(formula)), terms_(std::move(terms)) {}

  double evaluate() const {
    return evaluate_arithmetic(
        text_,
        [&](const std::string& name) {
          const auto it = terms_.find(name);
          if (it == terms_.end()) {
            throw std::runtime_error("formula \"" + text_ + "\": no term named " + name);
          }
          return it->second;
        },
        "formula");
  }

 private:
  std::string text_;
  std::map<std::string, double> terms_;
};

// An explanation of a result ({formula, terms: [{name, value}]}) evaluated with its own terms.
inline double evaluate_explanation(const Json& explanation) {
  std::map<std::string, double> terms;
  for (const auto& term : explanation["terms"]) terms[term["name"]] = term["value"];
  return FormulaEvaluator(explanation["formula"], terms).evaluate();
}

}  // namespace llm_sizer::test
