#include "validation/validate.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "error.hpp"
#include "estimate.hpp"
#include "validation/metric_expression.hpp"
#include "validation/parameter_rows.hpp"
#include "validation/reference_row.hpp"

namespace llm_sizer {
namespace {

struct Located {
  std::string file;
  std::string location;
  const Json* row;
};

// A row's string field, or "" when it is missing or not a string (parsing then says why).
std::string text_field(const Json& row, const char* key) {
  if (!row.is_object() || !row.contains(key) || !row[key].is_string()) return "";
  return row[key].get<std::string>();
}

// What a row is filtered by, read off the core's result (or the raw scenario when it failed).
void label(RowOutcome& out, const Json& result) {
  const Json& model = result["model"];
  out.model = model.contains("preset")
                  ? model["preset"]["id"].get<std::string>()
                  : model["architecture"]["model_type"].get<std::string>() + " (config)";
  out.accelerator = result["hardware"]["accelerator"]["id"].get<std::string>();
  const Json& scenario = result["scenario"];
  if (scenario.contains("inference")) out.runtime = scenario["inference"]["runtime"];
}

void label_raw(RowOutcome& out, const Json& scenario) {
  out.model = text_field(scenario, "model");
  if (scenario.contains("hardware"))
    out.accelerator = text_field(scenario["hardware"], "accelerator");
  if (scenario.contains("inference")) out.runtime = text_field(scenario["inference"], "runtime");
}

// The last scenario estimated and its result: a run's metrics (throughput, TTFT and TPOT
// percentiles) are rows of their own with one scenario, next to each other in their file, and a
// serving simulation of a long run is the slowest estimate there is.
struct LastEstimate {
  Json scenario;
  Json result;
};

void compare(const ReferenceRow& row, const Catalog& catalog, LastEstimate& last, RowOutcome& out) {
  out.scenario = *row.scenario;
  label_raw(out, out.scenario);
  if (last.scenario != *row.scenario) {
    try {
      last.result = estimate_json(*row.scenario, catalog);
    } catch (const InputError& e) {
      const std::string field =
          row.location + ".scenario" + (e.field().empty() ? "" : "." + e.field());
      throw InputError(field, plain_text(e.allowed()), e.got());
    }
    last.scenario = *row.scenario;
  }
  const Json& result = last.result;
  label(out, result);
  double predicted = 0;
  try {
    predicted = evaluate_metric(row.metric_path, result, row.location + ".metric_path");
  } catch (const InputError&) {
    // A published setup the calculator finds too large gets no speed (nothing that does not fit
    // is given one): the disagreement is stated instead of the row being called broken.
    const Json* inference = result.contains("inference") ? &result["inference"] : nullptr;
    if (!inference || !inference->contains("speed_unavailable") ||
        (*inference)["speed_unavailable"] != "does_not_fit") {
      throw;
    }
    const auto gb = [&](const char* key) {
      return std::to_string(std::llround(inference->value(key, 0.0) / 1e9)) + " GB";
    };
    out.status = row.tolerance ? RowStatus::fail : RowStatus::not_compared;
    out.message = "the calculator finds this setup does not fit (" + gb("memory_total_bytes") +
                  " needed, " + gb("device_usable_bytes") +
                  " usable per device), so it gives no speed";
    return;
  }
  const double published = *row.value * row.to_result_unit;
  out.predicted = predicted / row.to_result_unit;
  out.error = published != 0 ? predicted / published - 1
                             : (predicted == 0 ? 0.0 : std::numeric_limits<double>::infinity());
  if (!row.tolerance) {
    out.status = RowStatus::evidence;
  } else {
    out.status = std::fabs(*out.error) <= *row.tolerance ? RowStatus::pass : RowStatus::fail;
  }
}

RowOutcome evaluate(const Located& at, const Catalog& catalog, LastEstimate& last) {
  RowOutcome out;
  out.file = at.file;
  const Json& json = *at.row;
  out.id = text_field(json, "id");
  out.category = text_field(json, "category");
  try {
    const ReferenceRow row = parse_reference_row(json, at.location);
    out.metric_path = row.metric_path;
    out.unit = row.unit;
    out.published = row.value;
    out.tolerance = row.tolerance;
    out.source = row.source;
    out.date = row.date;
    if (!row.scenario) {
      out.status = RowStatus::not_compared;
      out.message = row.not_compared;
      out.scenario = nullptr;
      out.model = text_field(json, "model");
      return out;
    }
    compare(row, catalog, last, out);
  } catch (const InputError& e) {
    out.status = RowStatus::invalid;
    out.message = e.what();
    if (out.message.rfind(at.location, 0) != 0) out.message = at.location + ": " + out.message;
  } catch (const std::exception& e) {
    out.status = RowStatus::invalid;
    out.message = at.location + ": internal error: " + e.what();
  }
  return out;
}

// The q-quantile by nearest rank of values already sorted.
double nearest_rank(const std::vector<double>& sorted, double q) {
  const size_t rank = size_t(std::ceil(q * double(sorted.size())));
  return sorted[std::max<size_t>(rank, 1) - 1];
}

std::vector<CategorySummary> summarise(const std::vector<RowOutcome>& rows) {
  std::vector<CategorySummary> summaries;
  std::map<std::string, std::vector<double>> errors;
  for (const auto& row : rows) {
    auto it = std::find_if(summaries.begin(), summaries.end(),
                           [&](const CategorySummary& s) { return s.category == row.category; });
    if (it == summaries.end()) {
      CategorySummary fresh;
      fresh.category = row.category;
      summaries.push_back(fresh);
      it = summaries.end() - 1;
    }
    CategorySummary& s = *it;
    ++s.rows;
    switch (row.status) {
      case RowStatus::fail:
        ++s.failed;
        [[fallthrough]];
      case RowStatus::pass:
        ++s.tested;
        [[fallthrough]];
      case RowStatus::evidence:
        ++s.compared;
        errors[row.category].push_back(std::fabs(*row.error));
        break;
      case RowStatus::not_compared:
        ++s.not_compared;
        break;
      case RowStatus::invalid:
        ++s.invalid;
        break;
    }
  }
  for (auto& s : summaries) {
    auto& list = errors[s.category];
    if (list.empty()) continue;
    std::sort(list.begin(), list.end());
    s.median_abs_error = nearest_rank(list, 0.5);
    s.p90_abs_error = nearest_rank(list, 0.9);
  }
  return summaries;
}

Json optional_number(const std::optional<double>& value) {
  return value && std::isfinite(*value) ? Json(*value) : Json();
}

Json optional_text(const std::string& text) {
  return text.empty() ? Json() : Json(text);
}

}  // namespace

bool ValidationReport::passed() const {
  return std::none_of(rows.begin(), rows.end(), [](const RowOutcome& r) {
    return r.status == RowStatus::fail || r.status == RowStatus::invalid;
  });
}

std::string_view row_status_name(RowStatus status) {
  switch (status) {
    case RowStatus::pass:
      return "pass";
    case RowStatus::fail:
      return "fail";
    case RowStatus::evidence:
      return "evidence";
    case RowStatus::not_compared:
      return "not_compared";
    case RowStatus::invalid:
      return "invalid";
  }
  return "invalid";
}

ValidationReport validate_measurements(const Json& files, const Catalog& catalog,
                                       const ValidationOptions& options) {
  if (!files.is_object()) {
    throw InputError("measurements", plain_text("must be an object of file name to rows"),
                     describe_value(files));
  }
  // The catalog's rows first, then each file's, in file-name order.
  const Json notes = files.value(kParameterNotesFile, Json::array());
  const std::vector<Json> generated = preset_parameter_rows(catalog, notes);
  std::vector<Located> located;
  for (size_t i = 0; i < generated.size(); ++i) {
    located.push_back(
        {"data/models", "data/models: " + generated[i]["id"].get<std::string>(), &generated[i]});
  }
  for (const auto& [file, rows] : files.items()) {
    if (file == kParameterNotesFile) continue;
    if (!rows.is_array()) throw InputError(file, plain_text("must be a JSON array of rows"), "");
    for (size_t i = 0; i < rows.size(); ++i) {
      located.push_back({file, file + "[" + std::to_string(i) + "]", &rows[i]});
    }
  }
  const std::set<std::string> wanted(options.ids.begin(), options.ids.end());
  std::set<std::string> seen;
  ValidationReport report;
  LastEstimate last;
  for (const auto& at : located) {
    const std::string id = text_field(*at.row, "id");
    const std::string category = text_field(*at.row, "category");
    if (!options.category.empty() && category != options.category) continue;
    if (!wanted.empty() && wanted.count(id) == 0) continue;
    RowOutcome outcome = evaluate(at, catalog, last);
    if (!id.empty() && !seen.insert(id).second) {
      outcome.status = RowStatus::invalid;
      outcome.message = at.location + ".id: must be unique, got \"" + id + "\" again";
    }
    report.rows.push_back(std::move(outcome));
  }
  report.categories = summarise(report.rows);
  return report;
}

ValidationOptions parse_validation_options(const Json& json) {
  const FieldReader r(json, "options");
  r.reject_unknown({"category", "ids"});
  ValidationOptions options;
  options.category = r.optional_string("category").value_or("");
  if (r.has("ids")) options.ids = r.string_list("ids");
  return options;
}

Json validation_report_json(const ValidationReport& report) {
  Json rows = Json::array();
  for (const auto& r : report.rows) {
    rows.push_back(json_object({{"id", r.id},
                                {"file", r.file},
                                {"category", r.category},
                                {"status", row_status_name(r.status)},
                                {"message", optional_text(r.message)},
                                {"metric_path", optional_text(r.metric_path)},
                                {"unit", optional_text(r.unit)},
                                {"published", optional_number(r.published)},
                                {"predicted", optional_number(r.predicted)},
                                {"error", optional_number(r.error)},
                                {"tolerance", optional_number(r.tolerance)},
                                {"scenario", r.scenario},
                                {"model", optional_text(r.model)},
                                {"accelerator", optional_text(r.accelerator)},
                                {"runtime", optional_text(r.runtime)},
                                {"source", r.source},
                                {"date", optional_text(r.date)}}));
  }
  Json categories = Json::array();
  for (const auto& s : report.categories) {
    categories.push_back(json_object({{"category", s.category},
                                      {"rows", s.rows},
                                      {"compared", s.compared},
                                      {"tested", s.tested},
                                      {"failed", s.failed},
                                      {"not_compared", s.not_compared},
                                      {"invalid", s.invalid},
                                      {"median_abs_error", optional_number(s.median_abs_error)},
                                      {"p90_abs_error", optional_number(s.p90_abs_error)}}));
  }
  return json_object({{"passed", report.passed()}, {"categories", categories}, {"rows", rows}});
}

}  // namespace llm_sizer
