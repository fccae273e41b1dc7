#pragma once

// Turns a run's measurements into a calibration entry (data/calibration/<accelerator-id>.json,
// schema data/schema/calibration.schema.json): the core's own efficiency parameters, fitted to
// what the device did.
#include <optional>
#include <string>
#include <vector>

#include "core_predictions.hpp"
#include "measurement.hpp"

namespace llm_sizer::bench {

// One measured decode step: the bytes it streamed, its layers and its time.
struct StepPoint {
  double bytes = 0;
  double layers = 0;
  double seconds = 0;
};

// The core's decode model, step = bytes / (bandwidth x memory_efficiency) + layers x overhead,
// fitted by least squares with overhead >= 0 (Williams et al. 2009 roofline plus the fixed
// per-layer cost of core/inference/speed.cpp). Needs two points of different bytes per layer to
// separate the two; with fewer the overhead is left out and the efficiency absorbs it.
struct StepFit {
  std::optional<double> memory_efficiency;  // absent when the fit exceeds the datasheet
  std::optional<double> layer_overhead_s;
  int points = 0;
  double max_relative_residual = 0;
};

// The most a calibration's layer_overhead_s may be (data/schema/calibration.schema.json).
inline constexpr double kMaxLayerOverheadS = 1e-3;

StepFit fit_decode_steps(const std::vector<StepPoint>& points, double bandwidth_bytes_per_s);

// The calibration entry for catalog accelerator `id`, from the batch-1 decode steps (16-bit for
// the fit, int8 and int4 for their factors) and the GEMMs (FLOP-weighted share of each
// precision's peak). `name` and `source` say which device, run and command produced it.
Json calibration_entry(const std::string& id, const std::string& name, const std::string& source,
                       const std::vector<Measurement>& measurements, const CorePredictor& core);

}  // namespace llm_sizer::bench
