#pragma once

#include <optional>
#include <string>
#include <vector>

#include "field_reader.hpp"
#include "hardware/accelerator.hpp"
#include "hardware/host.hpp"
#include "inference/inference_input.hpp"
#include "model/model_spec.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {

struct Catalog;

// One published quality figure for a model in a format (data/quant-quality.json).
struct QualityFigure {
  std::string format;
  std::string metric;  // "ppl", "ppl_delta", "ppl_delta_pct", "kld", "accuracy_retained_pct", ...
  double value = 0;
  std::optional<double> baseline;
  std::string dataset;
  std::string source;
  std::string id;
};

// The `quantization` section of a scenario: which formats to compare (all by default), under the
// serving settings of the `inference` section (its defaults when the scenario has none).
struct QuantizationInput {
  std::vector<std::string> formats;
  InferenceInput settings;
};

QuantizationInput parse_quantization(const Json& section, const InferenceInput& settings);
Json quantization_input_to_json(const QuantizationInput& input);

// The figures the catalog has for this model preset (none for a pasted config).
std::vector<QualityFigure> quality_figures(const Catalog& catalog, const std::string& model_id);

struct TradeoffOption {
  std::string format;
  std::string name;
  double weights_bytes = 0;
  double bits_per_weight = 0;
  bool fits = false;                       // everything on the devices
  std::string placement = "does_not_fit";  // inference/placement.hpp's verdict, with the host
  bool runtime_supported = true;
  bool native = false;  // the device's matrix units run it without dequantizing
  std::optional<double> decode_tokens_per_s;
  std::optional<double> prefill_tokens_per_s;
  std::optional<QualityFigure> quality;
  std::optional<double> quality_loss_pct;  // how much worse than 16-bit, in % (lower is better)
  bool pareto = false;                     // no other format is both smaller and better
};

// Every weight format for this model and hardware: memory, fit, speed, published quality, and
// whether it is on the memory/quality Pareto frontier. With a host, each format is placed as the
// inference section would place it (offloading what does not fit); speeds are given only where it
// fits. `formats`: the formats to compare, sized for this model (size_formats); `host` and `link`
// are null without hardware.host.
std::vector<TradeoffOption> quantization_tradeoff(
    const ModelSpec& model, const std::vector<TensorSpec>& tensors, const AcceleratorSpec& device,
    const HostSpec* host, const HostLink* link, const InferenceInput& input,
    const std::vector<SizedFormat>& formats, const std::vector<QualityFigure>& quality);

Json tradeoff_to_json(const std::vector<TradeoffOption>& options);

}  // namespace llm_sizer
