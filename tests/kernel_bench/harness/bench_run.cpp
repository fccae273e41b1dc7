#include "bench_run.hpp"

#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "calibration_fit.hpp"
#include "correctness.hpp"
#include "decode_plan.hpp"
#include "error.hpp"
#include "measure.hpp"
#include "report.hpp"

namespace llm_sizer::bench {
namespace {

constexpr const char* kUsage =
    "usage: %s [--quick] [--list] [--accelerator ID | --device JSON|FILE] [--out FILE] "
    "[--calibration-out FILE]";

Json read_device(const std::string& value) {
  if (!value.empty() && value.front() == '{') return Json::parse(value);
  std::ifstream file(value);
  if (!file) throw std::invalid_argument("--device: cannot read " + value);
  return Json::parse(file);
}

void write_json(const std::string& path, const Json& value) {
  std::ofstream file(path);
  file << value.dump(2) << "\n";
  if (!file) throw std::runtime_error("cannot write " + path);
}

std::string origin_of(const BenchOptions& options) {
  if (!options.accelerator_id.empty()) return "catalog entry " + options.accelerator_id;
  if (!options.accelerator.is_null()) return "--device";
  return "measured by this run";
}

}  // namespace

BenchOptions parse_options(int argc, const char* const* argv) {
  BenchOptions o;
  o.bench = argc > 0 ? argv[0] : "bench";
  o.bench = o.bench.substr(o.bench.find_last_of('/') + 1);
  for (int i = 0; i < argc; ++i) {
    if (i > 0) o.command += ' ';
    o.command += argv[i];
  }
  const auto value = [&](int& i) -> std::string {
    if (i + 1 >= argc) throw std::invalid_argument(std::string(argv[i]) + " needs a value");
    return argv[++i];
  };
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--quick") {
      o.quick = true;
    } else if (arg == "--list") {
      o.list = true;
    } else if (arg == "--out") {
      o.out = value(i);
    } else if (arg == "--calibration-out") {
      o.calibration_out = value(i);
    } else if (arg == "--accelerator") {
      o.accelerator_id = value(i);
    } else if (arg == "--device") {
      o.accelerator = read_device(value(i));
    } else {
      char usage[256];
      std::snprintf(usage, sizeof usage, kUsage, o.bench.c_str());
      throw std::invalid_argument("unknown option " + arg + "\n" + usage);
    }
  }
  if (!o.accelerator_id.empty() && !o.accelerator.is_null()) {
    throw std::invalid_argument("give --accelerator or --device, not both");
  }
  return o;
}

void print_plan(const BenchPlan& plan, std::ostream& out) {
  const Catalog catalog = load_builtin_catalog();
  out << "stream buffers: " << short_number(plan.stream_bytes) << "B\n";
  const auto describe = [&](const char* what, const std::vector<Json>& models) {
    for (const Json& model : models) {
      const DecodePlan decode = plan_decode(model, catalog);
      out << what << " " << decode.label << ": " << decode.layers.size() << " layers;";
      for (const Matrix& m : decode.distinct_matrices()) {
        out << " " << m.name << " " << m.rows << "x" << m.cols;
      }
      out << "; weights";
      for (WeightType type : kWeightTypes) {
        out << " " << weight_type_name(type) << " " << short_number(decode.weight_bytes(type))
            << "B";
      }
      out << "\n";
    }
  };
  describe("gemm", plan.gemm_models);
  describe("gemv", plan.gemv_models);
  describe("step", plan.step_models);
  out << "prefill tokens:";
  for (int64_t t : plan.gemm_tokens) out << " " << t;
  out << "; GEMV batches:";
  for (int64_t b : plan.gemv_batches) out << " " << b;
  out << "; step batches:";
  for (int64_t b : plan.step_batches) out << " " << b;
  out << "; context " << plan.context << "\n";
}

int run_bench(KernelBackend& backend, const BenchPlan& plan, const BenchOptions& options,
              const DeviceDescriber& describe, std::ostream& out) {
  const Catalog catalog = load_builtin_catalog();
  for (const auto* models : {&plan.gemm_models, &plan.gemv_models, &plan.step_models}) {
    for (const Json& model : *models) plan_decode(model, catalog);  // fail before measuring
  }
  if (options.accelerator_id.empty() && options.accelerator.is_null() && !describe) {
    throw std::invalid_argument(options.bench +
                                " needs --accelerator <catalog id> (or --device) to predict");
  }
  BenchReport report;
  report.bench = options.bench;
  report.command = options.command;
  report.device = backend.info();
  report.accelerator_of = origin_of(options);
  out << options.bench << ": checking kernels on " << report.device.name << std::endl;
  report.checks = check_kernels(backend);
  if (!report.checks_passed()) {
    // A wrong kernel's speed means nothing: report the failures and measure nothing.
    print_report(report, out);
    if (!options.out.empty()) write_json(options.out, report_to_json(report));
    return 1;
  }
  MeasuredPlan measured = measure_plan(backend, plan, catalog, out);
  report.measurements = std::move(measured.measurements);
  report.skipped = std::move(measured.skipped);

  const Json accelerator = !options.accelerator_id.empty() ? Json(options.accelerator_id)
                           : !options.accelerator.is_null()
                               ? options.accelerator
                               : describe(report.device, report.measurements);
  const CorePredictor core(catalog, accelerator);
  report.accelerator = core.device();
  predict(report.measurements, core);
  const std::string id = options.accelerator_id.empty() ? "host-cpu" : options.accelerator_id;
  std::ostringstream source;
  source << options.bench << " on " << report.device.name << " " << report.device.details.dump()
         << ": " << options.command;
  report.calibration =
      calibration_entry(id, report.device.name, source.str(), report.measurements, core);
  print_report(report, out);
  if (!options.out.empty()) write_json(options.out, report_to_json(report));
  if (!options.calibration_out.empty()) {
    write_json(options.calibration_out, Json::array({report.calibration}));
  }
  return 0;
}

int bench_main(int argc, const char* const* argv,
               const std::function<BenchPlan(const BenchOptions&)>& plan_for,
               const std::function<std::unique_ptr<KernelBackend>()>& make_backend,
               const DeviceDescriber& describe) {
  try {
    const BenchOptions options = parse_options(argc, argv);
    const BenchPlan plan = plan_for(options);
    if (options.list) {
      print_plan(plan, std::cout);
      return 0;
    }
    const auto backend = make_backend();
    return run_bench(*backend, plan, options, describe, std::cout);
  } catch (const std::exception& e) {
    std::cerr << (argc > 0 ? argv[0] : "bench") << ": " << e.what() << "\n";
    return 2;
  }
}

}  // namespace llm_sizer::bench
