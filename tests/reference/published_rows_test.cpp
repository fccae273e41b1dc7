// Every published figure in data/measurements/ (and every preset's official parameter count)
// that carries a tolerance is predicted within it: the rows `llm-sizer validate` prints and the
// validation page shows, read from the same data. Rows without a tolerance are evidence only.
#include <catch2/catch.hpp>

#include <set>

#include "test_support.hpp"
#include "validation/embedded_measurements.hpp"
#include "validation/validate.hpp"

using llm_sizer::RowStatus;

TEST_CASE("every reference row with a tolerance is within it, and every row is well formed") {
  const auto report = llm_sizer::validate_measurements(llm_sizer::embedded_measurements(),
                                                       llm_sizer::test::catalog(), {});
  std::set<std::string> categories;
  size_t tested = 0;
  for (const auto& row : report.rows) {
    categories.insert(row.category);
    INFO(row.file << ": " << row.id << " (" << row.source.substr(0, 160) << ")");
    INFO(row.message);
    CHECK(row.status != RowStatus::invalid);
    if (row.status == RowStatus::pass || row.status == RowStatus::fail) {
      ++tested;
      INFO(row.metric_path << ": published " << *row.published << " " << row.unit << ", predicted "
                           << *row.predicted << ", error " << *row.error << ", tolerance "
                           << *row.tolerance);
      CHECK(row.status == RowStatus::pass);
    }
  }
  CHECK(report.rows.size() >= 500);
  CHECK(categories.size() >= 7);
  CHECK(tested >= 250);
}
