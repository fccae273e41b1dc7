#include "measure.hpp"

#include <algorithm>
#include <functional>

#include "decode_plan.hpp"
#include "report.hpp"

namespace llm_sizer::bench {
namespace {

std::string shape_text(const Matrix& m) {
  return m.name + " " + std::to_string(m.rows) + "x" + std::to_string(m.cols);
}

// Times each measurement and keeps it; one that fails (a library without a kernel for the
// shape, a device error) is noted and skipped, so a run on a borrowed GPU still reports the rest.
class Recorder {
 public:
  Recorder(MeasuredPlan& run, std::ostream& log) : run_(run), log_(log) {}

  void record(Measurement m, const std::function<Timing()>& time) {
    try {
      m.timing = time();
    } catch (const std::exception& e) {
      skip(m.name, e.what());
      return;
    }
    if (m.timing.reps == 0) return skip(m.name, "the device's library has no kernel for it");
    run_.measurements.push_back(std::move(m));
  }

 private:
  void skip(const std::string& name, const std::string& why) {
    log_ << "skipped " << name << ": " << why << std::endl;
    run_.skipped.push_back({{"name", name}, {"why", why}});
  }

  MeasuredPlan& run_;
  std::ostream& log_;
};

void measure_bandwidth(KernelBackend& backend, const BenchPlan& plan, Recorder& recorder) {
  const Json size = plan.stream_bytes;
  recorder.record({"bandwidth",
                   "read " + short_number(plan.stream_bytes) + "B",
                   {{"kernel", "read"}, {"bytes", size}},
                   {},
                   plan.stream_bytes,
                   "bytes/s"},
                  [&] { return backend.time_read(plan.stream_bytes, plan.light); });
  // A copy reads and writes every byte, as STREAM counts it.
  recorder.record({"bandwidth",
                   "copy " + short_number(plan.stream_bytes) + "B",
                   {{"kernel", "copy"}, {"bytes", size}},
                   {},
                   2 * plan.stream_bytes,
                   "bytes/s"},
                  [&] { return backend.time_copy(plan.stream_bytes, plan.light); });
}

void measure_gemms(KernelBackend& backend, const BenchPlan& plan, const Catalog& catalog,
                   Recorder& recorder) {
  const std::vector<GemmPrecision> precisions = backend.gemm_precisions();
  for (const Json& model : plan.gemm_models) {
    const DecodePlan decode = plan_decode(model, catalog);
    std::vector<Matrix> projections = decode.distinct_matrices();
    projections.pop_back();  // the output head runs once per prompt, not per token
    for (const Matrix& w : projections) {
      for (int64_t tokens : plan.gemm_tokens) {
        for (GemmPrecision p : precisions) {
          const std::string precision(gemm_precision_name(p));
          recorder.record({"gemm",
                           decode.label + " " + shape_text(w) + " " + precision +
                               " m=" + std::to_string(tokens),
                           {{"model", model},
                            {"matrix", w.name},
                            {"m", tokens},
                            {"n", w.rows},
                            {"k", w.cols},
                            {"precision", precision}},
                           {},
                           2.0 * double(tokens) * double(w.rows) * double(w.cols),
                           "FLOP/s"},
                          [&] { return backend.time_gemm(p, tokens, w.rows, w.cols, plan.heavy); });
        }
      }
    }
  }
}

void measure_gemvs(KernelBackend& backend, const BenchPlan& plan, const Catalog& catalog,
                   Recorder& recorder) {
  for (const Json& model : plan.gemv_models) {
    const DecodePlan decode = plan_decode(model, catalog);
    for (const Matrix& w : decode.distinct_matrices()) {
      for (WeightType type : kWeightTypes) {
        // The output head stays 16-bit in every format the bench models.
        if (w.name == "lm_head" && type != WeightType::bf16) continue;
        for (int64_t batch : plan.gemv_batches) {
          const std::string weights(weight_type_name(type));
          recorder.record(
              {"gemv",
               decode.label + " " + shape_text(w) + " " + weights + " b=" + std::to_string(batch),
               {{"model", model},
                {"matrix", w.name},
                {"rows", w.rows},
                {"cols", w.cols},
                {"weights", weights},
                {"batch", batch},
                {"flops", 2.0 * double(batch) * double(w.rows) * double(w.cols)}},
               {},
               matrix_bytes(type, w),
               "bytes/s"},
              [&] { return backend.time_gemv(type, w, batch, plan.light); });
        }
      }
    }
  }
}

void measure_steps(KernelBackend& backend, const BenchPlan& plan, const Catalog& catalog,
                   Recorder& recorder) {
  for (const Json& model : plan.step_models) {
    const DecodePlan decode = plan_decode(model, catalog);
    for (WeightType type : kWeightTypes) {
      for (int64_t batch : plan.step_batches) {
        const std::string weights(weight_type_name(type));
        recorder.record(
            {"decode_step",
             decode.label + " " + weights + " b=" + std::to_string(batch) +
                 " ctx=" + std::to_string(plan.context),
             {{"model", model},
              {"weights", weights},
              {"batch", batch},
              {"context", plan.context},
              {"layers", decode.layers.size()},
              {"bytes", decode.weight_bytes(type) + decode.kv_bytes(batch, plan.context)}},
             {},
             1.0,  // each sequence gains one token per step
             "tokens/s"},
            [&] {
              return backend.time_decode_step(type, decode, batch, plan.context, plan.heavy);
            });
      }
    }
  }
}

}  // namespace

MeasuredPlan measure_plan(KernelBackend& backend, const BenchPlan& plan, const Catalog& catalog,
                          std::ostream& log) {
  MeasuredPlan run;
  Recorder recorder(run, log);
  log << "measuring: bandwidth" << std::endl;
  measure_bandwidth(backend, plan, recorder);
  log << "measuring: GEMMs" << std::endl;
  measure_gemms(backend, plan, catalog, recorder);
  log << "measuring: decode GEMVs" << std::endl;
  measure_gemvs(backend, plan, catalog, recorder);
  log << "measuring: decode steps" << std::endl;
  measure_steps(backend, plan, catalog, recorder);
  return run;
}

void predict(std::vector<Measurement>& measurements, const CorePredictor& core) {
  for (Measurement& m : measurements) {
    const Json& s = m.shape;
    if (m.kind == "bandwidth") {
      // The datasheet's figure is the catalog's claim for a stream.
      m.predicted = core.bandwidth_bytes_per_s();
      m.core = {{"memory_bandwidth_bytes_per_s", core.bandwidth_bytes_per_s()}};
    } else if (m.kind == "gemm") {
      const auto p =
          std::find_if(kGemmPrecisions.begin(), kGemmPrecisions.end(),
                       [&](GemmPrecision g) { return s["precision"] == gemm_precision_name(g); });
      m.predicted = core.gemm_flops_per_s(s["model"], *p);
      m.core = core.assumptions(s["model"], core_format_for(*p));
    } else if (m.kind == "gemv") {
      const auto type = std::find_if(kWeightTypes.begin(), kWeightTypes.end(), [&](WeightType w) {
        return s["weights"] == weight_type_name(w);
      });
      const std::string_view format = core_format_id(*type);
      if (const auto seconds = core.kernel_seconds(s["model"], format, m.work, s["flops"])) {
        m.predicted = m.work / *seconds;
      }
      m.core = core.assumptions(s["model"], format);
    } else if (m.kind == "decode_step") {
      const auto type = std::find_if(kWeightTypes.begin(), kWeightTypes.end(), [&](WeightType w) {
        return s["weights"] == weight_type_name(w);
      });
      const Json inference = core.decode(s["model"], *type, s["batch"], s["context"]);
      if (inference.contains("decode_tokens_per_s")) {
        m.predicted = inference["decode_tokens_per_s"].get<double>();
        m.core = {{"decode_step", inference["decode_step"]},
                  {"assumptions", inference["assumptions"]}};
      }
    }
  }
}

}  // namespace llm_sizer::bench
