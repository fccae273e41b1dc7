#pragma once

#include <optional>
#include <string>
#include <vector>

#include "explain/explanation.hpp"
#include "field_reader.hpp"
#include "hardware/accelerator.hpp"
#include "hardware/host.hpp"
#include "inference/inference_input.hpp"
#include "model/model_spec.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {

struct Catalog;

// A format's quality for a model as one comparable measure (data/quant-quality.json): how much
// higher its perplexity is than the 16-bit model's in the same published table, in percent, with
// that table's mean KL divergence from the 16-bit model where it prints one. Tables of models no
// one runs at 16 bits measure against their nearest format instead (baseline_format).
struct QualityFigure {
  std::string id;
  std::string format;
  std::string metric;  // what the table printed: "ppl", "ppl_delta" or "ppl_ratio"
  double value = 0;
  std::optional<double> baseline;  // the 16-bit model's perplexity ("ppl", "ppl_delta")
  std::string baseline_format;     // what the baseline ran in when not 16-bit (q8_0, mxfp4)
  double ppl_increase_pct = 0;
  std::optional<double> kld;
  bool imatrix = false;  // a GGUF file made with an importance matrix
  std::string dataset;   // empty when the source does not name it
  std::optional<int64_t> context;
  std::string source;
  std::string url;
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
  Message name;
  double weights_bytes = 0;
  double bits_per_weight = 0;
  bool fits = false;                       // everything on the devices
  std::string placement = "does_not_fit";  // inference/placement.hpp's verdict, with the host
  bool runtime_supported = true;
  bool native = false;  // the device's matrix units run it without dequantizing
  std::optional<double> decode_tokens_per_s;
  std::optional<double> prefill_tokens_per_s;
  std::optional<QualityFigure> quality;  // none when nothing comparable is published
  bool pareto = false;                   // no other format is both smaller and better
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

// How each option's quality_loss_pct follows from the published figure.
void explain_quality(const std::vector<TradeoffOption>& options, Explanations& out);

}  // namespace llm_sizer
