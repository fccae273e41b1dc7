#pragma once

#include <ostream>

#include "validation/validate.hpp"

namespace llm_sizer::cli {

// `llm-sizer validate` for people: per category, every row's published and predicted value with
// the signed error, the rows not compared and why, broken rows, then the median and 90th
// percentile absolute error per category.
void print_validation(const ValidationReport& report, std::ostream& out);

}  // namespace llm_sizer::cli
