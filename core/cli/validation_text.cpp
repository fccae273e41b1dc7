#include "validation_text.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace llm_sizer::cli {
namespace {

std::string printf_string(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string percent(const std::optional<double>& fraction, bool sign = false) {
  if (!fraction) return "-";
  if (!std::isfinite(*fraction)) return "inf";
  return printf_string(sign ? "%+.1f%%" : "%.1f%%", 100 * *fraction);
}

std::string quantity(const std::optional<double>& value, const std::string& unit) {
  if (!value) return "-";
  return printf_string("%.4g", *value) + " " + unit;
}

std::string padded(std::string text, size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

std::string right(std::string text, size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}

void print_category(const ValidationReport& report, const CategorySummary& s, std::ostream& out) {
  out << "== " << s.category << ": " << s.rows << " rows, " << s.compared << " compared ("
      << s.tested << " with a tolerance, " << s.failed << " over it), " << s.not_compared
      << " not compared" << (s.invalid ? ", " + std::to_string(s.invalid) + " INVALID" : "")
      << "\n";
  out << "   " << right("error", 8) << right("tol", 6) << "  " << padded("published", 20)
      << padded("predicted", 20) << "id\n";
  for (const auto& r : report.rows) {
    if (r.category != s.category) continue;
    switch (r.status) {
      case RowStatus::pass:
      case RowStatus::fail:
      case RowStatus::evidence:
        out << (r.status == RowStatus::fail ? "!! " : "   ") << right(percent(r.error, true), 8)
            << right(r.tolerance ? percent(r.tolerance) : "", 6) << "  "
            << padded(quantity(r.published, r.unit), 20)
            << padded(quantity(r.predicted, r.unit), 20) << r.id
            << (r.status == RowStatus::fail ? "  OVER TOLERANCE" : "") << "\n";
        break;
      case RowStatus::not_compared:
        out << "   not compared  " << r.id << ": " << r.message << "\n";
        break;
      case RowStatus::invalid:
        out << "!! INVALID  " << (r.id.empty() ? "(no id)" : r.id) << ": " << r.message << "\n";
        break;
    }
  }
  out << "   median |error| " << percent(s.median_abs_error) << ", 90th percentile "
      << percent(s.p90_abs_error) << " over " << s.compared << " compared rows\n\n";
}

}  // namespace

void print_validation(const ValidationReport& report, std::ostream& out) {
  for (const auto& s : report.categories) print_category(report, s, out);
  out << padded("category", 20) << right("rows", 6) << right("compared", 10) << right("tested", 8)
      << right("failed", 8) << right("median |err|", 14) << right("p90 |err|", 11) << "\n";
  size_t rows = 0, compared = 0, tested = 0, failed = 0, invalid = 0;
  for (const auto& s : report.categories) {
    out << padded(s.category, 20) << right(std::to_string(s.rows), 6)
        << right(std::to_string(s.compared), 10) << right(std::to_string(s.tested), 8)
        << right(std::to_string(s.failed), 8) << right(percent(s.median_abs_error), 14)
        << right(percent(s.p90_abs_error), 11) << "\n";
    rows += s.rows;
    compared += s.compared;
    tested += s.tested;
    failed += s.failed;
    invalid += s.invalid;
  }
  out << padded("all", 20) << right(std::to_string(rows), 6) << right(std::to_string(compared), 10)
      << right(std::to_string(tested), 8) << right(std::to_string(failed), 8) << "\n";
  if (invalid) out << invalid << " rows are INVALID (see above)\n";
  out << (report.passed() ? "every row with a tolerance is within it\n"
                          : "FAILED: rows over their tolerance or invalid\n");
}

}  // namespace llm_sizer::cli
