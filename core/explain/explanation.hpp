#pragma once

#include <string>
#include <utility>
#include <vector>

namespace llm_sizer {

// One named input of a formula, e.g. {"h", 4096, ""} or {"bandwidth", 3.35e12, "bytes/s"}.
struct Term {
  std::string name;
  double value = 0;
  std::string unit;
};

// How a result number was obtained: a formula whose {placeholders} name its terms, and the
// reference (see references.hpp) it comes from. The page substitutes and formats the values.
struct Explanation {
  std::string formula;
  std::vector<Term> terms;
  std::string ref;
};

// Result path ("model.params_total") → its explanation, in the order they were produced.
using Explanations = std::vector<std::pair<std::string, Explanation>>;

}  // namespace llm_sizer
