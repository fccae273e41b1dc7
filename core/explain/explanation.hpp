#pragma once

#include <string>
#include <utility>
#include <vector>

#include "message.hpp"

namespace llm_sizer {

// One named input of a formula, e.g. {"h", 4096} or {"bandwidth", 3.35e12, "unit.bytes_per_s"}:
// the unit (or what the value counts) is a code of the message table, with its values if its
// text names any ({"peak", 9.9e14, "unit.flops_per_s_dense", {{"precision", "bf16"}}}).
struct Term {
  std::string name;
  double value = 0;
  MessageCode unit = {};
  nlohmann::json unit_params = nlohmann::json::object();
};

// How a result number was obtained: a formula whose {placeholders} name its terms, and the
// reference (see references.hpp) it comes from. The page substitutes and formats the values.
struct Explanation {
  Explanation() = default;
  Explanation(std::string formula, std::vector<Term> terms, std::string ref,
              std::string source = "")
      : formula(std::move(formula)),
        terms(std::move(terms)),
        ref(std::move(ref)),
        source(std::move(source)) {}

  std::string formula;
  std::vector<Term> terms;
  std::string ref;
  std::string source;  // a file of this repository the terms come from, when the reference is
                       // a method rather than the figures (data/calibration/h200.json)
};

// Result path ("model.params_total") → its explanation, in the order they were produced.
using Explanations = std::vector<std::pair<std::string, Explanation>>;

}  // namespace llm_sizer
