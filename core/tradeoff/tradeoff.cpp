#include "tradeoff/tradeoff.hpp"

#include <algorithm>

#include "catalog/catalog.hpp"
#include "inference/host_efficiency.hpp"
#include "inference/memory.hpp"
#include "inference/placement.hpp"
#include "inference/step_model.hpp"

namespace llm_sizer {
namespace {

// Percent perplexity increase over the 16-bit model of the same table, as llama.cpp's perplexity
// tool reports it (tools/perplexity/README.md: "Mean PPL ratio"; scoreboards: "Delta to fp16").
double ppl_increase_pct(const std::string& metric, double value, std::optional<double> baseline) {
  if (metric == "ppl_ratio") return (value - 1.0) * 100.0;
  if (metric == "ppl_delta") return value / *baseline * 100.0;
  return (value - *baseline) / *baseline * 100.0;
}

// The figure for a format: from a GGUF file made the way the format is sized (with an importance
// matrix exactly where llama-quantize requires one), else any; the catalog lists the preferred
// table first.
std::optional<QualityFigure> figure_for(const std::vector<QualityFigure>& figures,
                                        const WeightFormat& format) {
  const QualityFigure* chosen = nullptr;
  for (const auto& q : figures) {
    if (q.format != format.id) continue;
    if (q.imatrix == format.gguf_imatrix) return q;
    if (chosen == nullptr) chosen = &q;
  }
  return chosen ? std::optional<QualityFigure>(*chosen) : std::nullopt;
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
    q.baseline_format = entry.value("baseline_format", "");
    q.ppl_increase_pct = ppl_increase_pct(q.metric, q.value, q.baseline);
    if (entry.contains("kld")) q.kld = entry["kld"].get<double>();
    q.imatrix = entry.value("imatrix", false);
    q.dataset = entry.value("dataset", "");
    if (entry.contains("context")) q.context = entry["context"].get<int64_t>();
    q.source = entry.value("source", "");
    q.url = entry.value("url", "");
    figures.push_back(q);
  }
  return figures;
}

std::vector<TradeoffOption> quantization_tradeoff(
    const ModelSpec& m, const std::vector<TensorSpec>& tensors, const AcceleratorSpec& device,
    const HostSpec* host, const HostLink* link, const InferenceInput& input,
    const std::vector<SizedFormat>& formats, const std::vector<QualityFigure>& quality) {
  std::vector<TradeoffOption> options;
  const StepFlops flops = step_flops(m, tensors, input);
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
    std::optional<HostSide> offload;
    if (host && link) {
      offload.emplace(HostSide{*host, *link, resolve_host_efficiency(variant, *host)});
    }
    const StepModel steps = make_step_model(m, tensors, w, device, variant, flops, offload);
    const PlacedMemory placed =
        place(m, w, device, host, variant, choose_placement(m, w, device, host, variant));
    o.placement = verdict_name(placed.verdict);
    // Encoders generate nothing: their options have no decode speed.
    const auto speed = m.generates() ? placement_speed(steps, placed) : std::nullopt;
    if (speed) {
      o.decode_tokens_per_s = speed->decode_tokens_per_s;
      o.prefill_tokens_per_s = speed->prefill_tokens_per_s;
    }
    o.quality = figure_for(quality, format);
    options.push_back(o);
  }
  // Pareto frontier over (weights bytes, perplexity increase) among formats with a figure.
  for (auto& o : options) {
    if (!o.quality) continue;
    const double loss = o.quality->ppl_increase_pct;
    o.pareto = std::none_of(options.begin(), options.end(), [&](const TradeoffOption& other) {
      if (&other == &o || !other.quality) return false;
      const double other_loss = other.quality->ppl_increase_pct;
      const bool no_worse = other.weights_bytes <= o.weights_bytes && other_loss <= loss;
      const bool better = other.weights_bytes < o.weights_bytes || other_loss < loss;
      return no_worse && better;
    });
  }
  return options;
}

Json tradeoff_to_json(const std::vector<TradeoffOption>& options) {
  Json list = Json::array();
  for (const auto& o : options) {
    Json item = json_object({{"format", o.format},
                             {"name", english(o.name)},
                             {"weights_bytes", o.weights_bytes},
                             {"bits_per_weight", o.bits_per_weight},
                             {"fits", o.fits},
                             {"placement", o.placement},
                             {"runtime_supported", o.runtime_supported},
                             {"native", o.native},
                             {"quality_source", "unknown"},
                             {"pareto", o.pareto}});
    // What cannot be known is absent, as everywhere in the result (README, Result).
    if (o.decode_tokens_per_s) item["decode_tokens_per_s"] = *o.decode_tokens_per_s;
    if (o.prefill_tokens_per_s) item["prefill_tokens_per_s"] = *o.prefill_tokens_per_s;
    put_message_codes(item, "name", o.name);
    if (const auto& q = o.quality) {
      Json figure = json_object({{"id", q->id},
                                 {"metric", q->metric},
                                 {"value", q->value},
                                 {"imatrix", q->imatrix},
                                 {"source", q->source},
                                 {"url", q->url}});
      if (q->baseline) figure["baseline"] = *q->baseline;
      if (!q->baseline_format.empty()) figure["baseline_format"] = q->baseline_format;
      if (!q->dataset.empty()) figure["dataset"] = q->dataset;
      if (q->context) figure["context"] = *q->context;
      item["quality"] = std::move(figure);
      item["quality_source"] = q->source;
      item["quality_loss_pct"] = q->ppl_increase_pct;
      if (q->kld) item["quality_kld"] = *q->kld;
    }
    list.push_back(item);
  }
  return json_object({{"options", list}});
}

void explain_quality(const std::vector<TradeoffOption>& options, Explanations& out) {
  for (size_t i = 0; i < options.size(); ++i) {
    const auto& q = options[i].quality;
    if (!q) continue;
    Explanation e{"({ppl_ratio} - 1) * 100", {{"ppl_ratio", q->value}}, "quant-quality"};
    // The baseline's term names what it ran in: the 16-bit model, or the table's own baseline.
    const std::string base = q->baseline_format.empty() ? "ppl_16bit" : "ppl_" + q->baseline_format;
    if (q->metric == "ppl") {
      e = {"({ppl} - {" + base + "}) / {" + base + "} * 100",
           {{"ppl", q->value}, {base, *q->baseline}},
           "quant-quality"};
    } else if (q->metric == "ppl_delta") {
      e = {"{ppl_delta} / {" + base + "} * 100",
           {{"ppl_delta", q->value}, {base, *q->baseline}},
           "quant-quality"};
    }
    out.emplace_back("quantization.options." + std::to_string(i) + ".quality_loss_pct", e);
  }
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
  return json_object({{"formats", input.formats}});
}

}  // namespace llm_sizer
