#include "calibration_fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <map>

namespace llm_sizer::bench {
namespace {

std::string year_month_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[8];
  std::strftime(text, sizeof text, "%Y-%m", &utc);
  return text;
}

std::vector<StepPoint> batch_one_steps(const std::vector<Measurement>& measurements,
                                       WeightType type) {
  std::vector<StepPoint> points;
  for (const Measurement& m : measurements) {
    if (m.kind != "decode_step" || m.shape["batch"] != 1 ||
        m.shape["weights"] != weight_type_name(type)) {
      continue;
    }
    points.push_back(
        {m.shape["bytes"].get<double>(), m.shape["layers"].get<double>(), m.timing.median_s});
  }
  return points;
}

// The integer layouts' streaming relative to 16-bit weights: each step's achieved share of the
// datasheet once the fitted per-layer cost is taken out, averaged, over the 16-bit share.
std::optional<double> memory_factor(const std::vector<StepPoint>& points, const StepFit& fit,
                                    double bandwidth) {
  if (points.empty() || !fit.memory_efficiency) return std::nullopt;
  double sum = 0;
  for (const StepPoint& p : points) {
    const double streaming_s = p.seconds - p.layers * fit.layer_overhead_s.value_or(0);
    if (streaming_s <= 0) return std::nullopt;
    sum += p.bytes / bandwidth / streaming_s;
  }
  const double factor = sum / double(points.size()) / *fit.memory_efficiency;
  // The core reads the product as a share of the datasheet: above 1 it is no such share.
  if (factor * *fit.memory_efficiency > 1) return std::nullopt;
  return factor;
}

}  // namespace

StepFit fit_decode_steps(const std::vector<StepPoint>& points, double bandwidth) {
  StepFit fit;
  fit.points = int(points.size());
  if (points.empty() || bandwidth <= 0) return fit;
  // Unknowns: a = 1 / memory_efficiency and the per-layer overhead o, in t = x a + L o with
  // x = bytes / bandwidth. Normal equations of the least-squares problem:
  double xx = 0, xl = 0, ll = 0, xt = 0, lt = 0;
  for (const StepPoint& p : points) {
    const double x = p.bytes / bandwidth;
    xx += x * x;
    xl += x * p.layers;
    ll += p.layers * p.layers;
    xt += x * p.seconds;
    lt += p.layers * p.seconds;
  }
  const double det = xx * ll - xl * xl;
  const bool separable = points.size() >= 2 && det > 1e-9 * xx * ll;
  double a = xt / xx;
  double o = 0;
  if (separable) {
    const double a2 = (xt * ll - lt * xl) / det;
    const double o2 = (xx * lt - xl * xt) / det;
    // A negative overhead is not physical; the best fit with o >= 0 then lies on o = 0.
    if (o2 >= 0) {
      a = a2;
      o = o2;
    }
    fit.layer_overhead_s = o;
  }
  // Streaming faster than the datasheet (a < 1) means a timing or byte count is wrong.
  if (a >= 1) fit.memory_efficiency = 1 / a;
  for (const StepPoint& p : points) {
    const double model = p.bytes / bandwidth * a + p.layers * o;
    fit.max_relative_residual =
        std::max(fit.max_relative_residual, std::abs(p.seconds - model) / p.seconds);
  }
  return fit;
}

Json calibration_entry(const std::string& id, const std::string& name, const std::string& source,
                       const std::vector<Measurement>& measurements, const CorePredictor& core) {
  const double bandwidth = core.bandwidth_bytes_per_s();
  Json entry = {{"id", id}, {"name", name}, {"measured", year_month_now()}};
  const StepFit fit = fit_decode_steps(batch_one_steps(measurements, WeightType::bf16), bandwidth);
  if (fit.memory_efficiency) entry["memory_efficiency"] = *fit.memory_efficiency;
  Json factors = Json::object();
  for (WeightType type : {WeightType::int8, WeightType::int4}) {
    const auto factor = memory_factor(batch_one_steps(measurements, type), fit, bandwidth);
    if (factor) factors[std::string(weight_type_name(type))] = *factor;
  }
  if (!factors.empty()) entry["weight_only_memory_factor"] = factors;
  // A CUDA graph's per-layer cost is microseconds; a fit above the schema's bound (a busy CPU
  // host, say) is noise, not a figure the core should take.
  if (fit.layer_overhead_s && *fit.layer_overhead_s <= kMaxLayerOverheadS) {
    entry["layer_overhead_s"] = *fit.layer_overhead_s;
  } else if (fit.layer_overhead_s) {
    entry["notes"] = "layer_overhead_s left out: the fit gave " +
                     std::to_string(*fit.layer_overhead_s) +
                     " s per layer, above the schema's 0.001 s";
  }

  // GEMMs: total FLOPs over total time of each precision, against its peak.
  std::map<std::string, std::pair<double, double>> gemm;  // precision -> (FLOP, seconds)
  for (const Measurement& m : measurements) {
    if (m.kind != "gemm") continue;
    auto& [flops, seconds] = gemm[m.shape["precision"].get<std::string>()];
    flops += m.work;
    seconds += m.timing.median_s;
  }
  Json compute = Json::object();
  for (GemmPrecision precision : kGemmPrecisions) {
    const auto it = gemm.find(std::string(gemm_precision_name(precision)));
    const auto peak = core.peak_flops_per_s(precision);
    if (it == gemm.end() || !peak) continue;
    const double share = it->second.first / it->second.second / *peak;
    if (share <= 1) compute[it->first] = share;
  }
  if (!compute.empty()) entry["compute_efficiency"] = compute;

  Json streams = Json::object();
  for (const Measurement& m : measurements) {
    if (m.kind == "bandwidth") streams[m.shape["kernel"].get<std::string>()] = m.measured();
  }
  if (!streams.empty()) entry["bandwidth_bytes_per_s"] = streams;
  if (fit.points > 0) {
    entry["fit"] = {{"decode_steps", fit.points},
                    {"max_relative_residual", fit.max_relative_residual}};
  }
  entry["source"] = source;
  return entry;
}

}  // namespace llm_sizer::bench
