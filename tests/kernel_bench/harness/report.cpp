#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <map>

namespace llm_sizer::bench {
namespace {

Json optional_json(const std::optional<double>& value) {
  return value ? Json(*value) : Json();
}

Json measurement_json(const Measurement& m) {
  return {{"kind", m.kind},
          {"name", m.name},
          {"shape", m.shape},
          {"seconds", m.timing.median_s},
          {"min_seconds", m.timing.min_s},
          {"reps", m.timing.reps},
          {"unit", m.unit},
          {"measured", m.measured()},
          {"predicted", optional_json(m.predicted)},
          {"ratio", optional_json(m.ratio())},
          {"core", m.core}};
}

// Median and extremes of predicted / measured for each kind, the run's headline.
struct RatioStats {
  size_t count = 0;
  double median = 0, min = 0, max = 0;
};

std::map<std::string, RatioStats> ratio_stats(const std::vector<Measurement>& measurements) {
  std::map<std::string, std::vector<double>> ratios;
  for (const Measurement& m : measurements) {
    if (const auto r = m.ratio()) ratios[m.kind].push_back(*r);
  }
  std::map<std::string, RatioStats> out;
  for (auto& [kind, values] : ratios) {
    std::sort(values.begin(), values.end());
    out[kind] = {values.size(), values[values.size() / 2], values.front(), values.back()};
  }
  return out;
}

Json summary(const std::vector<Measurement>& measurements) {
  Json out = Json::object();
  for (const auto& [kind, s] : ratio_stats(measurements)) {
    out[kind] = {
        {"count", s.count}, {"median_ratio", s.median}, {"min_ratio", s.min}, {"max_ratio", s.max}};
  }
  return out;
}

std::string cell(const std::optional<double>& value) {
  return value ? short_number(*value) : "-";
}

}  // namespace

bool BenchReport::checks_passed() const {
  return !checks.empty() &&
         std::all_of(checks.begin(), checks.end(), [](const CheckResult& c) { return c.passed; });
}

std::string short_number(double value) {
  static constexpr std::pair<double, const char*> kPrefixes[] = {
      {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}};
  for (const auto& [scale, prefix] : kPrefixes) {
    if (std::abs(value) >= scale) {
      char text[32];
      std::snprintf(text, sizeof text, "%.3g %s", value / scale, prefix);
      return text;
    }
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

Json report_to_json(const BenchReport& r) {
  Json checks = Json::array();
  for (const auto& c : r.checks) checks.push_back(check_to_json(c));
  Json measurements = Json::array();
  for (const auto& m : r.measurements) measurements.push_back(measurement_json(m));
  return {{"bench", r.bench},
          {"command", r.command},
          {"device",
           {{"name", r.device.name},
            {"cache_bytes", r.device.cache_bytes},
            {"memory_bytes", r.device.memory_bytes},
            {"details", r.device.details}}},
          {"accelerator", r.accelerator},
          {"accelerator_from", r.accelerator_of},
          {"checks_passed", r.checks_passed()},
          {"checks", checks},
          {"measurements", measurements},
          {"skipped", r.skipped},
          {"summary", summary(r.measurements)},
          {"calibration", r.calibration}};
}

void print_report(const BenchReport& r, std::ostream& out) {
  out << r.bench << " on " << r.device.name;
  if (r.accelerator.is_object()) {
    out << "; predictions for " << r.accelerator.value("name", std::string("?")) << " ("
        << r.accelerator_of << ")";
  }
  out << "\n";
  size_t failed = 0;
  for (const auto& c : r.checks) {
    if (!c.passed) {
      ++failed;
      out << "FAILED check " << c.kernel << " " << c.detail.dump() << ": error " << c.max_rel_error
          << " > bound " << c.bound << "\n";
    }
  }
  out << "checks: " << r.checks.size() - failed << " of " << r.checks.size() << " passed\n";
  if (!r.skipped.empty())
    out << "skipped: " << r.skipped.size() << " measurements (see the JSON)\n";
  if (r.measurements.empty()) return;
  out << std::left << std::setw(12) << "kind" << std::setw(52) << "what" << std::right
      << std::setw(13) << "measured" << std::setw(13) << "predicted" << std::setw(8) << "ratio"
      << "  unit\n";
  for (const Measurement& m : r.measurements) {
    const auto ratio = m.ratio();
    char ratio_text[16] = "-";
    if (ratio) std::snprintf(ratio_text, sizeof ratio_text, "%.2f", *ratio);
    out << std::left << std::setw(12) << m.kind << std::setw(52) << m.name.substr(0, 51)
        << std::right << std::setw(13) << short_number(m.measured()) << std::setw(13)
        << cell(m.predicted) << std::setw(8) << ratio_text << "  " << m.unit << "\n";
  }
  for (const auto& [kind, s] : ratio_stats(r.measurements)) {
    out << kind << ": predicted / measured median " << std::setprecision(3) << s.median << " ("
        << s.min << " to " << s.max << ", " << s.count << " runs)\n";
  }
}

}  // namespace llm_sizer::bench
