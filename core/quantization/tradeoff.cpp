#include "quantization/tradeoff.hpp"

#include <algorithm>

#include "catalog/catalog.hpp"
#include "inference/efficiency.hpp"
#include "inference/memory.hpp"
#include "inference/speed.hpp"

namespace llm_sizer {
namespace {

// A figure as "% worse than the same table's 16-bit model": perplexity increases, accuracy
// retained below 100%. KL divergence has no such reading and is shown but not ranked.
std::optional<double> loss_pct(const QualityFigure& q) {
  if (q.metric == "ppl_delta_pct") return q.value;
  if (q.metric == "accuracy_retained_pct") return 100.0 - q.value;
  if (q.baseline && *q.baseline > 0) {
    if (q.metric == "ppl") return (q.value - *q.baseline) / *q.baseline * 100.0;
    if (q.metric == "ppl_delta") return q.value / *q.baseline * 100.0;
    if (q.metric == "accuracy") return (*q.baseline - q.value) / *q.baseline * 100.0;
  }
  return std::nullopt;
}

// The most comparable figure for a format: a perplexity-based one first, then accuracy, then KLD.
std::optional<QualityFigure> best_figure(const std::vector<QualityFigure>& figures,
                                         const std::string& format) {
  std::optional<QualityFigure> chosen;
  int chosen_rank = 99;
  for (const auto& q : figures) {
    if (q.format != format) continue;
    const int rank = loss_pct(q) ? (q.metric.rfind("ppl", 0) == 0 ? 0 : 1) : 2;
    if (rank < chosen_rank) {
      chosen = q;
      chosen_rank = rank;
    }
  }
  return chosen;
}

}  // namespace

std::vector<QualityFigure> quality_figures(const Catalog& catalog, const std::string& model_id) {
  std::vector<QualityFigure> figures;
  if (model_id.empty() || !catalog.listing.contains("quant_quality")) return figures;
  for (const auto& entry : catalog.listing["quant_quality"]) {
    if (entry.value("model", "") != model_id) continue;
    QualityFigure q;
    q.id = entry.value("id", "");
    q.format = entry.value("format", "");
    q.metric = entry.value("metric", "");
    q.value = entry.value("value", 0.0);
    if (entry.contains("baseline_value")) q.baseline = entry["baseline_value"].get<double>();
    q.dataset = entry.value("dataset", "");
    q.source = entry.value("source", "");
    figures.push_back(q);
  }
  return figures;
}

std::vector<TradeoffOption> quantization_tradeoff(const ModelSpec& m,
                                                  const std::vector<TensorSpec>& tensors,
                                                  const AcceleratorSpec& device,
                                                  const InferenceInput& input,
                                                  const std::vector<SizedFormat>& formats,
                                                  const std::vector<QualityFigure>& quality) {
  std::vector<TradeoffOption> options;
  const int64_t context = input.prompt_tokens + input.output_tokens / 2;
  const ForwardFlops at_context = forward_flops_per_token(m, tensors, double(context));
  const ForwardFlops in_prompt =
      forward_flops_per_token(m, tensors, prefill_attended_tokens(input.prompt_tokens));
  for (const auto& [format, w] : formats) {
    InferenceInput variant = input;
    variant.weights = format;
    TradeoffOption o;
    o.format = format.id;
    o.name = format.name;
    o.weights_bytes = w.bytes;
    o.bits_per_weight = w.bits_per_weight;
    o.fits = inference_memory(m, w, device, variant).fits;
    o.runtime_supported = runtime_loads(input.runtime, format);
    o.native = runs_natively(format, device);
    const Efficiency e = resolve_efficiency(variant, device);
    if (device.memory_bandwidth_bytes_per_s > 0 && e.peak_flops_per_s > 0) {
      const StepCost step = decode_step(m, w, device, variant, e, input.batch, context, at_context);
      o.decode_tokens_per_s = 1.0 / step.seconds();
      const StepCost fill = prefill(m, w, device, variant, e, 1, input.prompt_tokens, in_prompt);
      o.prefill_tokens_per_s = double(input.prompt_tokens) / fill.seconds();
    }
    o.quality = best_figure(quality, format.id);
    if (o.quality) o.quality_loss_pct = loss_pct(*o.quality);
    options.push_back(o);
  }
  // Pareto frontier over (weights bytes, quality loss) among formats with a ranked figure.
  for (auto& o : options) {
    if (!o.quality_loss_pct) continue;
    o.pareto = std::none_of(options.begin(), options.end(), [&](const TradeoffOption& other) {
      if (&other == &o || !other.quality_loss_pct) return false;
      const bool no_worse =
          other.weights_bytes <= o.weights_bytes && *other.quality_loss_pct <= *o.quality_loss_pct;
      const bool better =
          other.weights_bytes < o.weights_bytes || *other.quality_loss_pct < *o.quality_loss_pct;
      return no_worse && better;
    });
  }
  return options;
}

Json tradeoff_to_json(const std::vector<TradeoffOption>& options) {
  Json list = Json::array();
  for (const auto& o : options) {
    Json item = {{"format", o.format},
                 {"name", o.name},
                 {"weights_bytes", o.weights_bytes},
                 {"bits_per_weight", o.bits_per_weight},
                 {"fits", o.fits},
                 {"runtime_supported", o.runtime_supported},
                 {"native", o.native},
                 {"quality_source", "unknown"},
                 {"pareto", o.pareto}};
    // What cannot be known is absent, as everywhere in the result (README, Result).
    if (o.decode_tokens_per_s) item["decode_tokens_per_s"] = *o.decode_tokens_per_s;
    if (o.prefill_tokens_per_s) item["prefill_tokens_per_s"] = *o.prefill_tokens_per_s;
    if (o.quality_loss_pct) item["quality_loss_pct"] = *o.quality_loss_pct;
    if (o.quality) {
      item["quality"] = {{"metric", o.quality->metric},
                         {"value", o.quality->value},
                         {"dataset", o.quality->dataset},
                         {"id", o.quality->id}};
      if (o.quality->baseline) item["quality"]["baseline"] = *o.quality->baseline;
      item["quality_source"] = o.quality->source;
    }
    list.push_back(item);
  }
  return {{"options", list}};
}

QuantizationInput parse_quantization(const Json& section, const InferenceInput& settings) {
  const FieldReader r(section, "quantization");
  r.reject_unknown({"formats"});
  QuantizationInput input;
  input.settings = settings;
  // At most as many entries as there are formats: each one is a full sizing and speed estimate.
  input.formats = r.string_list("formats", weight_format_ids().size());
  for (const auto& id : input.formats) parse_weight_format(id, r.field("formats"));
  if (!r.has("formats")) input.formats = weight_format_ids();
  return input;
}

Json quantization_input_to_json(const QuantizationInput& input) {
  return {{"formats", input.formats}};
}

}  // namespace llm_sizer
