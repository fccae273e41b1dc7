#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace llm_sizer {

// A published figure's unit and the factor that turns it into the unit of the result field it is
// compared with (SI: bytes, seconds, FLOP/s; counts as counts).
struct PublishedUnit {
  std::string_view name;
  double to_result;
};

// Throws InputError naming `field` and the units allowed for an unknown unit.
double published_unit_factor(std::string_view unit, const std::string& field);

std::vector<std::string_view> published_unit_names();

}  // namespace llm_sizer
