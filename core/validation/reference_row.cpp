#include "validation/reference_row.hpp"

#include <cctype>

#include "error.hpp"
#include "limits.hpp"
#include "validation/published_units.hpp"

namespace llm_sizer {
namespace {

std::string required_string(const FieldReader& r, std::string_view key, const char* meaning) {
  const auto value = r.optional_string(key);
  if (!value || value->empty())
    throw InputError(r.field(key), plain_text(std::string("is required: ") + meaning), "");
  return *value;
}

// YYYY, YYYY-MM or YYYY-MM-DD with a month in 1-12 and a day in 1-31.
bool is_date(const std::string& text) {
  const auto digits = [&](size_t from, size_t count) {
    for (size_t i = from; i < from + count; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(text[i]))) return false;
    }
    return true;
  };
  const auto number = [&](size_t from) { return std::stoi(text.substr(from, 2)); };
  if (text.size() != 4 && text.size() != 7 && text.size() != 10) return false;
  if (!digits(0, 4)) return false;
  if (text.size() == 4) return true;
  if (text[4] != '-' || !digits(5, 2) || number(5) < 1 || number(5) > 12) return false;
  if (text.size() == 7) return true;
  return text[7] == '-' && digits(8, 2) && number(8) >= 1 && number(8) <= 31;
}

std::string read_date(const FieldReader& r) {
  const std::string date = required_string(r, "date", "when the figure was published or measured");
  if (!is_date(date)) {
    throw InputError(r.field("date"), plain_text("must be YYYY, YYYY-MM or YYYY-MM-DD"),
                     "\"" + date + "\"");
  }
  return date;
}

}  // namespace

ReferenceRow parse_reference_row(const Json& json, const std::string& location) {
  const FieldReader r(json, location);
  ReferenceRow row;
  row.location = location;
  row.id = required_string(r, "id", "a unique id");
  row.category = required_string(r, "category", "the group the row is summarised in");
  row.source = required_string(r, "source", "where a reader finds the figure");
  row.date = r.has("generated_from") ? "" : read_date(r);
  if (!json.contains("scenario")) {
    throw InputError(
        r.field("scenario"),
        plain_text("is required: the scenario in the calculator's schema that reproduces the "
                   "figure, or null with not_compared saying why it cannot be compared"),
        "");
  }
  if (r.has("unit")) {
    row.unit = *r.optional_string("unit");
    row.to_result_unit = published_unit_factor(row.unit, r.field("unit"));
  }
  row.value = r.optional_number("value", limits::kPublishedFigure);
  if (!r.has("scenario")) {
    row.not_compared = required_string(r, "not_compared", "why the figure is not compared");
    return row;
  }
  FieldReader scenario(*r.find("scenario"), r.field("scenario"));
  row.scenario = scenario.json();
  row.metric_path = required_string(r, "metric_path", "the result field compared with");
  if (!row.value)
    throw InputError(r.field("value"), plain_text("is required: the published figure"), "");
  if (row.unit.empty())
    throw InputError(r.field("unit"), plain_text("is required: the published unit"), "");
  row.tolerance = r.optional_number("tolerance", limits::kTolerance);
  return row;
}

}  // namespace llm_sizer
