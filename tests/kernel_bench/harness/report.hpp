#pragma once

// A bench run as JSON (every check and measurement, the core's prediction beside each and their
// ratio) and as a table on stdout.
#include <ostream>
#include <string>
#include <vector>

#include "backend.hpp"
#include "correctness.hpp"
#include "measurement.hpp"

namespace llm_sizer::bench {

struct BenchReport {
  std::string bench;    // "gpu-bench" or "cpu-bench"
  std::string command;  // as invoked, so the run can be repeated
  DeviceInfo device;
  Json accelerator;            // the device as the core's predictions saw it
  std::string accelerator_of;  // where that description comes from
  std::vector<CheckResult> checks;
  std::vector<Measurement> measurements;
  std::vector<Json> skipped;  // measurements that could not be taken, and why
  Json calibration;           // the data/calibration entry this run makes, or null

  bool checks_passed() const;
};

Json report_to_json(const BenchReport& report);
void print_report(const BenchReport& report, std::ostream& out);

// "4.32 T" for 4.32e12: a table cell, not a result (results stay SI numbers in the JSON).
std::string short_number(double value);

}  // namespace llm_sizer::bench
