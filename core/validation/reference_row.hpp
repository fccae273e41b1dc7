#pragma once

#include <optional>
#include <string>

#include "field_reader.hpp"

namespace llm_sizer {

// One published figure from data/measurements/: the scenario in our schema that reproduces the
// setup, the result field (or arithmetic over fields) it is compared with, the value as
// published with its unit, and a tolerance when the row is a test (none: evidence only).
struct ReferenceRow {
  std::string id;
  std::string location;  // "inference-speed.json[3]", for messages
  std::string category;
  std::optional<Json> scenario;  // absent: the figure is not compared, `not_compared` says why
  std::string not_compared;
  std::string metric_path;
  std::optional<double> value;  // as published, in `unit`
  std::string unit;
  double to_result_unit = 1;        // value * to_result_unit is in the result field's unit
  std::optional<double> tolerance;  // |predicted / published - 1| allowed
  std::string source;
  std::string date;  // "YYYY", "YYYY-MM" or "YYYY-MM-DD"; empty for rows made from the catalog
};

// Reads one row. `location` names it in errors ("inference-speed.json[3]"). A row without a
// `scenario` key is an error: every row says how it is compared, or (scenario null and
// not_compared) why it is not. Throws InputError naming the field.
ReferenceRow parse_reference_row(const Json& row, const std::string& location);

}  // namespace llm_sizer
