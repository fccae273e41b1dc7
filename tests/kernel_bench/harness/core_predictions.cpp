#include "core_predictions.hpp"

#include <algorithm>

#include "estimate.hpp"

namespace llm_sizer::bench {

CorePredictor::CorePredictor(const Catalog& catalog, Json accelerator)
    : catalog_(catalog), accelerator_(std::move(accelerator)) {
  device_ = estimate_json({{"model", "gpt2"}, {"hardware", {{"accelerator", accelerator_}}}},
                          catalog_)["hardware"]["accelerator"];
}

double CorePredictor::bandwidth_bytes_per_s() const {
  return device_.value("memory_bandwidth_bytes_per_s", 0.0);
}

Json CorePredictor::run(const Json& model, const Json& inference) const {
  return estimate_json(
      {{"model", model}, {"hardware", {{"accelerator", accelerator_}}}, {"inference", inference}},
      catalog_);
}

Json CorePredictor::decode(const Json& model, WeightType type, int64_t batch,
                           int64_t context) const {
  // The core's decode step sees prompt + output / 2 tokens: a prompt of context - 1 tokens and 2
  // output tokens put it at `context`.
  return run(model, {{"weights", core_format_id(type)},
                     {"kv_cache", "bf16"},
                     {"batch", batch},
                     {"context_tokens", context + 1},
                     {"prompt_tokens", context - 1},
                     {"output_tokens", 2},
                     {"allow_long_context", true}})["inference"];
}

Json CorePredictor::assumptions(const Json& model, std::string_view format) const {
  const Json inference = run(model, {{"weights", format}})["inference"];
  return inference.contains("decode_tokens_per_s") ? inference["assumptions"] : Json();
}

std::optional<double> CorePredictor::kernel_seconds(const Json& model, std::string_view format,
                                                    double bytes, double flops) const {
  const Json used = assumptions(model, format);
  if (used.is_null()) return std::nullopt;
  const double memory_s =
      bytes / (bandwidth_bytes_per_s() * used["memory_efficiency"].get<double>());
  const double compute_s =
      flops / (used["peak_flops_per_s"].get<double>() * used["compute_efficiency"].get<double>());
  return std::max(memory_s, compute_s);
}

std::optional<double> CorePredictor::gemm_flops_per_s(const Json& model,
                                                      GemmPrecision precision) const {
  const Json used = assumptions(model, core_format_for(precision));
  if (used.is_null() || used["compute_precision"] != gemm_precision_name(precision)) {
    return std::nullopt;
  }
  return used["peak_flops_per_s"].get<double>() * used["compute_efficiency"].get<double>();
}

std::optional<double> CorePredictor::peak_flops_per_s(GemmPrecision precision) const {
  const Json& peaks = device_["dense_flops_per_s"];
  const std::string name(gemm_precision_name(precision));
  if (!peaks.contains(name)) return std::nullopt;
  return peaks[name].get<double>();
}

}  // namespace llm_sizer::bench
