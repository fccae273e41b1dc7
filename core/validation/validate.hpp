#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"

namespace llm_sizer {

// pass/fail: compared, within / over the row's tolerance; evidence: compared, no tolerance;
// not_compared: the row says why it cannot be; invalid: the row or its scenario is broken.
enum class RowStatus { pass, fail, evidence, not_compared, invalid };

struct RowOutcome {
  std::string id;
  std::string file;
  std::string category;
  RowStatus status = RowStatus::invalid;
  std::string message;  // invalid: the error; not_compared: the reason
  std::string metric_path;
  std::string unit;
  std::optional<double> published;  // in `unit`
  std::optional<double> predicted;  // in `unit`
  std::optional<double> error;      // predicted / published - 1
  std::optional<double> tolerance;
  Json scenario;                            // null when not compared
  std::string model, accelerator, runtime;  // what the rows are filtered by (empty: none)
  std::string source;
  std::string date;
};

struct CategorySummary {
  std::string category;
  size_t rows = 0, compared = 0, tested = 0, failed = 0, not_compared = 0, invalid = 0;
  std::optional<double> median_abs_error;  // over the compared rows, nearest rank
  std::optional<double> p90_abs_error;
};

struct ValidationReport {
  std::vector<RowOutcome> rows;
  std::vector<CategorySummary> categories;  // in order of first appearance

  // No row over its tolerance and no broken row.
  bool passed() const;
};

struct ValidationOptions {
  std::string category;          // empty: every category
  std::vector<std::string> ids;  // empty: every row
};

// Runs every reference row through the core. `files` holds data/measurements/ as
// {"<file name>": [rows], ...}; the parameter-count rows are made from the catalog's presets.
// A broken row does not stop the others: it is reported as invalid with its error.
ValidationReport validate_measurements(const Json& files, const Catalog& catalog,
                                       const ValidationOptions& options);

// {"category": "decode", "ids": [...]}, both optional. Throws InputError.
ValidationOptions parse_validation_options(const Json& options);

Json validation_report_json(const ValidationReport& report);

std::string_view row_status_name(RowStatus status);

}  // namespace llm_sizer
