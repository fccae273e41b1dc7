#pragma once

// The bench's one driver: correctness checks, then bandwidth, GEMM, GEMV and whole decode-step
// measurements on a back end, the core's predictions beside them, the JSON, the calibration
// entry and the table. gpu-bench and cpu-bench differ only in their back end and plan.
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "backend.hpp"
#include "measurement.hpp"

namespace llm_sizer::bench {

struct BenchPlan {
  double stream_bytes = 0;        // per buffer of the read and copy kernels
  std::vector<Json> gemm_models;  // their layers' projections at each prefill token count
  std::vector<int64_t> gemm_tokens;
  std::vector<Json> gemv_models;  // their layers' projections and output head, decoded
  std::vector<int64_t> gemv_batches;
  std::vector<Json> step_models;  // whole decode steps (batch-1 16-bit steps feed the fit)
  std::vector<int64_t> step_batches;
  int64_t context = 1024;  // KV cache tokens of every decode step
  Repetitions light;       // GEMVs and stream kernels
  Repetitions heavy;       // GEMMs and whole decode steps
};

struct BenchOptions {
  std::string bench;            // the program's name
  std::string command;          // the whole command line, for the record
  bool list = false;            // print the plan and stop: needs no device
  bool quick = false;           // the small plan the test suite runs
  std::string out;              // the comparison JSON
  std::string calibration_out;  // the calibration entry (data/calibration/<id>.json)
  std::string accelerator_id;   // --accelerator: the catalog device predictions are made for
  Json accelerator;             // --device: a device in SI units (inline JSON or a file)
};

// Throws std::invalid_argument naming the bad option.
BenchOptions parse_options(int argc, const char* const* argv);

// Describes the device to the core from this run's measurements, for a back end whose device
// the catalog lacks (the host CPU). Returns a scenario's accelerator object in SI units.
using DeviceDescriber =
    std::function<Json(const DeviceInfo& info, const std::vector<Measurement>& measurements)>;

// Runs everything and writes the outputs; returns the exit status (1 when a check fails).
int run_bench(KernelBackend& backend, const BenchPlan& plan, const BenchOptions& options,
              const DeviceDescriber& describe, std::ostream& out);

// What a run would measure, with each model's bytes per weight type; needs no device.
void print_plan(const BenchPlan& plan, std::ostream& out);

// The whole program around a back end: options, --list, errors as one line and status 2.
int bench_main(int argc, const char* const* argv,
               const std::function<BenchPlan(const BenchOptions&)>& plan_for,
               const std::function<std::unique_ptr<KernelBackend>()>& make_backend,
               const DeviceDescriber& describe);

}  // namespace llm_sizer::bench
