#include "inference/inference_result.hpp"

#include "inference/host_efficiency.hpp"
#include "inference/placement_result.hpp"
#include "inference/step_model.hpp"

#include <algorithm>

namespace llm_sizer {
namespace {

// The host's side of the step model, with a host and its link.
std::optional<HostSide> host_side(const InferenceInput& in, const HostSpec* host,
                                  const HostLink* link) {
  if (!host || !link) return std::nullopt;
  return HostSide{*host, *link, resolve_host_efficiency(in, *host)};
}

void explain_memory(const ModelSpec& m, const InferenceInput& in, const InferenceResult& r,
                    Explanations& out) {
  const InferenceMemory& mem = r.memory;
  const double params =
      r.weights.bits_per_weight > 0 ? r.weights.bytes * 8.0 / r.weights.bits_per_weight : 0.0;
  if (in.checkpoint_weights_bytes) {
    out.emplace_back(
        "inference.weights_bytes",
        Explanation{"{checkpoint_weights_bytes} - {mtp}",
                    {{"checkpoint_weights_bytes", *in.checkpoint_weights_bytes, "unit.bytes"},
                     {"mtp", r.weights.component(Component::mtp), "unit.bytes"}},
                    "checkpoint-files"});
  } else {
    out.emplace_back("inference.weights_bytes",
                     Explanation{"{params} * {bits_per_weight} / 8",
                                 {{"params", params, "unit.params"},
                                  {"bits_per_weight", r.weights.bits_per_weight, "unit.bits"}},
                                 "weight-formats"});
  }
  if (m.mla) {
    const double latent_bytes = mem.kv.latent_elements_per_layer * in.kv_cache.bytes_per_element;
    const double layers = mem.kv.top_k_bytes_per_token > 0
                              ? mem.kv.top_k_bytes_per_token / latent_bytes
                              : mem.kv.bytes_per_token() / latent_bytes;
    Explanation latent{"{attention_layers} * ({kv_lora_rank} + {rope_dim}) * {bytes_per_element}",
                       {{"attention_layers", layers, "unit.layers"},
                        {"kv_lora_rank", double(m.mla->kv_lora_rank)},
                        {"rope_dim", double(m.mla->qk_rope_head_dim)},
                        {"bytes_per_element", in.kv_cache.bytes_per_element, "unit.bytes"}},
                       "deepseek-v2"};
    if (m.indexer) {
      // The indexer's FP8 key and its scale, per layer (kv_cache.cpp).
      latent.formula =
          "{attention_layers} * (({kv_lora_rank} + {rope_dim}) * {bytes_per_element} + "
          "{indexer_key_bytes})";
      latent.terms.push_back(
          {"indexer_key_bytes", mem.kv.indexer_bytes_per_token / layers, "unit.bytes"});
      latent.ref = "deepseek-v3.2";
    }
    out.emplace_back("inference.kv_bytes_per_token", latent);
  } else {
    const double per_layer =
        2.0 * double(m.num_kv_heads) * double(m.head_dim) * in.kv_cache.bytes_per_element;
    out.emplace_back(
        "inference.kv_bytes_per_token",
        Explanation{"{attention_layers} * 2 * {n_kv} * {d} * {bytes_per_element}",
                    {{"attention_layers", per_layer > 0 ? mem.kv.bytes_per_token() / per_layer : 0,
                      "unit.layers"},
                     {"n_kv", double(m.num_kv_heads), "unit.heads"},
                     {"d", double(m.head_dim)},
                     {"bytes_per_element", in.kv_cache.bytes_per_element, "unit.bytes"}},
                    "kv-cache"});
  }
  const double context = double(mem.allocated_tokens);
  const double window =
      mem.kv.window_tokens > 0 ? std::min(context, double(mem.kv.window_tokens)) : context;
  const Explanation kv{
      "{batch} * ({global_bytes_per_token} * {context} + {window_bytes_per_token} * "
      "{window_tokens} + {state_bytes})",
      {{"batch", double(in.batch), "unit.sequences"},
       {"global_bytes_per_token", mem.kv.full_bytes_per_token + mem.kv.cross_bytes_per_token,
        "unit.bytes"},
       {"context", context, "unit.tokens"},
       {"window_bytes_per_token", mem.kv.sliding_bytes_per_token, "unit.bytes"},
       {"window_tokens", window, "unit.tokens"},
       {"state_bytes", mem.kv.state_bytes, "unit.bytes"}},
      "kv-cache"};
  out.emplace_back("inference.kv_cache_bytes", kv);
  const DeviceMemory& d = mem.per_device;
  // Tensor parallelism splits the KV heads (replicated once tp exceeds them); MLA's latent is
  // replicated on every rank.
  const double heads = double(m.num_kv_heads);
  const double heads_here = m.mla || in.tp <= 1 ? heads : std::max(1.0, heads / double(in.tp));
  if (heads > 0) {
    out.emplace_back("inference.per_device.kv_cache_bytes",
                     Explanation{"{kv_cache} * {kv_heads_per_device} / {kv_heads}",
                                 {{"kv_cache", mem.kv_cache_bytes, "unit.bytes"},
                                  {"kv_heads_per_device", heads_here, "unit.heads"},
                                  {"kv_heads", heads, "unit.heads"}},
                                 "kv-cache"});
  }
  out.emplace_back("inference.memory_per_device_bytes",
                   Explanation{"{weights} + {kv_cache} + {activations} + {overhead}",
                               {{"weights", d.weights_bytes, "unit.bytes"},
                                {"kv_cache", d.kv_cache_bytes, "unit.bytes"},
                                {"activations", d.activation_bytes, "unit.bytes"},
                                {"overhead", d.overhead_bytes, "unit.bytes"}},
                               "runtime-memory"});
}

Json speed_points(const std::vector<SpeedPoint>& points) {
  Json list = Json::array();
  for (const auto& p : points) {
    list.push_back(json_object({{"batch", p.batch},
                                {"context_tokens", p.context},
                                {"tokens_per_s_per_user", p.tokens_per_s_per_user},
                                {"throughput_tokens_per_s", p.throughput_tokens_per_s}}));
  }
  return list;
}

// One rule for every result (README, Result): a value that cannot be computed is absent, never
// null.
template <typename T>
void put_optional(Json& out, const char* key, const std::optional<T>& value) {
  if (value) out[key] = *value;
}

void add_serving(const InferenceInput& in, const Serving& s, Json& out) {
  const StepCost& d = s.decode;
  const Efficiency& e = s.efficiency;
  out["decode_tokens_per_s"] = s.decode_tokens_per_s;
  out["throughput_tokens_per_s"] = s.throughput_tokens_per_s;
  out["prefill_s"] = s.prefill_request.seconds();
  out["ttft_s"] = s.ttft_s;
  out["prefill_tokens_per_s"] = s.prefill_tokens_per_s;
  out["requests_per_s"] = s.requests_per_s;
  out["arithmetic_intensity"] = d.bytes > 0 ? d.flops / d.bytes : 0.0;
  out["ridge_point"] = s.ridge_point;
  out["bound"] = d.compute_bound() ? "compute" : "memory";
  put_optional(out, "cost_per_million_tokens_usd", s.cost_per_million_tokens_usd);
  put_optional(out, "cost_per_million_input_tokens_usd", s.cost_per_million_input_usd);
  put_optional(out, "cost_per_million_output_tokens_usd", s.cost_per_million_output_usd);
  put_optional(out, "price_per_gpu_hour_usd", in.price_per_gpu_hour_usd);
  out["price_source"] = in.price_source;
  put_optional(out, "gpus_for_target", s.gpus_for_target);
  put_optional(out, "batch_for_target", s.batch_for_target);
  out["decode_step"] = json_object({{"context_tokens", s.decode_context},
                                    {"bytes", d.bytes},
                                    {"flops", d.flops},
                                    {"memory_s", d.memory_s},
                                    {"compute_s", d.compute_s},
                                    {"attention_memory_s", d.attention_memory_s},
                                    {"attention_compute_s", d.attention_compute_s},
                                    {"fixed_s", d.fixed_s},
                                    {"device_s", d.device_s()},
                                    {"allreduce_s", d.allreduce_s}});
  out["speed_by_batch"] = speed_points(s.by_batch);
  out["speed_by_context"] = speed_points(s.by_context);
  out["assumptions"]["memory_efficiency"] = e.memory;
  out["assumptions"]["compute_efficiency"] = e.compute;
  out["assumptions"]["layer_overhead_s"] = e.layer_overhead_s;
  out["assumptions"]["prefill_layer_overhead_s"] = e.prefill_layer_overhead_s;
  out["assumptions"]["allreduce_latency_s"] = e.allreduce_latency_s;
  out["assumptions"]["compute_precision"] = precision_name(e.precision);
  out["assumptions"]["peak_flops_per_s"] = e.peak_flops_per_s;
  if (e.threads > 0) out["assumptions"]["threads"] = e.threads;
  // Where the efficiencies come from: this device's calibration file, or the fit.
  out["assumptions"]["efficiency_source"] =
      e.calibration_file.empty() ? "data/measurements/inference-speed.json" : e.calibration_file;
}

Json speculation_json(const Speculation& s) {
  Json points = Json::array();
  for (const auto& p : s.by_batch) {
    points.push_back(json_object({{"batch", p.batch},
                                  {"speedup", p.speedup},
                                  {"tokens_per_s_per_user", p.tokens_per_s_per_user}}));
  }
  return json_object({{"tokens_per_step", s.tokens_per_step},
                      {"target_step_s", s.target_step_s},
                      {"verify_step_s", s.verify_step_s},
                      {"draft_step_s", s.draft_step_s},
                      {"speedup", s.speedup},
                      {"decode_tokens_per_s", s.decode_tokens_per_s},
                      {"draft_weights_bytes", s.draft_weights_bytes},
                      {"draft_kv_cache_bytes", s.draft_kv_cache_bytes},
                      {"fits", s.fits},
                      {"speedup_by_batch", points}});
}

void explain_speculation(const SpeculativeInput& in, const Speculation& s, Explanations& out) {
  out.emplace_back(
      "inference.speculative.speedup",
      Explanation{"{tokens_per_step} * {target_step} / ({verify_step} + {draft_tokens} * "
                  "{draft_step})",
                  {{"tokens_per_step", s.tokens_per_step, "unit.tokens"},
                   {"target_step", s.target_step_s, "unit.s_per_decode_step"},
                   {"verify_step", s.verify_step_s, "unit.s"},
                   {"draft_tokens", double(in.draft_tokens), "unit.tokens"},
                   {"draft_step", s.draft_step_s, "unit.s"}},
                  "speculative-decoding"});
  out.emplace_back(
      "inference.speculative.decode_tokens_per_s",
      Explanation{"{tokens_per_step} / ({verify_step} + {draft_tokens} * {draft_step})",
                  {{"tokens_per_step", s.tokens_per_step, "unit.tokens"},
                   {"verify_step", s.verify_step_s, "unit.s"},
                   {"draft_tokens", double(in.draft_tokens), "unit.tokens"},
                   {"draft_step", s.draft_step_s, "unit.s"}},
                  "speculative-decoding"});
}

}  // namespace

InferenceResult estimate_inference(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                                   const WeightsSizer& sizer, const AcceleratorSpec& device,
                                   const HostSpec* host, const HostLink* link,
                                   const InferenceInput& input, Explanations& explanations,
                                   Warnings& warnings) {
  if (input.measured) {
    // The scenario as given places the model; the efficiencies fitted to the measurement on that
    // placement then stand in for the defaults everywhere they apply.
    InferenceInput given = input;
    given.measured.reset();
    // The measured run's placement: its -ngl where it gives one.
    InferenceInput measured_setup = given;
    if (input.measured->gpu_layers) {
      measured_setup.gpu_layers = std::min(*input.measured->gpu_layers, model.num_layers + 1);
    }
    Explanations unused_explanations;
    Warnings unused_warnings;
    const InferenceResult first =
        estimate_inference(model, tensors, sizer, device, host, link, measured_setup,
                           unused_explanations, unused_warnings);
    const std::optional<HostSide> offload = host_side(measured_setup, host, link);
    const StepFlops flops = step_flops(model, tensors, measured_setup);
    const StepModel steps =
        make_step_model(model, tensors, first.weights, device, measured_setup, flops, offload);
    MeasuredFit fit = fit_measured(steps, first.placed, *input.measured);
    InferenceResult r =
        estimate_inference(model, tensors, sizer, device, host, link,
                           with_fitted_efficiencies(given, fit), explanations, warnings);
    explain_measured_fit(fit, explanations);
    warn_unmatched(fit, warnings);
    r.measured_fit = std::move(fit);
    return r;
  }
  InferenceResult r;
  r.layers = model.num_layers;
  r.moe_layers = moe_layer_count(model);
  r.weights = inference_weights(sizer, input);
  r.memory = inference_memory(model, r.weights, device, input);
  r.inverse = answer_inverse_questions(model, r.weights, device, input, sizer);
  explain_memory(model, input, r, explanations);
  const std::optional<HostSide> offload = host_side(input, host, link);
  if (offload) {
    r.host_efficiency = offload->efficiency;
    r.host_link = *link;
  }
  const StepFlops flops = step_flops(model, tensors, input);
  const StepModel steps = make_step_model(model, tensors, r.weights, device, input, flops, offload);
  answer_placement(model, device, host, input, steps, r);
  if (!model.generates()) {
    // An encoder (BERT) maps an input to vectors in one pass: there is no decode step to time.
    warnings.push_back(
        {"inference", {"warning.encoder_only", json_object({{"model_type", model.model_type}})}});
  } else if (!steps.has_figures()) {
    r.speed_unavailable = "device_figures";
    warnings.push_back(
        {"hardware.accelerator",
         {"warning.no_speed_specs",
          json_object({{"device", device.name},
                       {"precision", std::string(precision_name(steps.efficiency.precision))}})}});
  } else if (r.placed.verdict == Verdict::does_not_fit) {
    // No setup that does not fit is given a speed: not the GPU's, not any other.
    r.speed_unavailable = "does_not_fit";
  } else {
    r.serving = estimate_serving(steps, r.placed, r.inverse, explanations);
    if (input.speculative) {
      r.speculation = estimate_speculation(steps, r.placed, *input.speculative);
      if (r.speculation) explain_speculation(*input.speculative, *r.speculation, explanations);
    }
  }
  explain_placement(r, steps, explanations);
  return r;
}

Json inference_to_json(const InferenceInput& in, const InferenceResult& r) {
  const InferenceMemory& m = r.memory;
  const DeviceMemory& d = m.per_device;
  Json out = json_object(
      {{"weights_bytes", m.weights_bytes},
       {"weights_bits_per_weight", r.weights.bits_per_weight},
       {"kv_bytes_per_token", m.kv.bytes_per_token()},
       {"kv_cache_bytes", m.kv_cache_bytes},
       {"kv_state_bytes_per_sequence", m.kv.state_bytes},
       {"activation_bytes", d.activation_bytes},
       {"overhead_bytes", d.overhead_bytes},
       {"memory_total_bytes", d.total() * double(in.tp)},
       {"memory_per_device_bytes", d.total()},
       {"per_device", json_object({{"weights_bytes", d.weights_bytes},
                                   {"kv_cache_bytes", d.kv_cache_bytes},
                                   {"activation_bytes", d.activation_bytes},
                                   {"overhead_bytes", d.overhead_bytes}})},
       {"device_usable_bytes", m.usable_bytes},
       {"fits", m.fits},
       {"max_batch", r.inverse.max_batch},
       {"max_context_tokens", r.inverse.max_context_tokens},
       {"max_context_limited_by", r.inverse.context_unbounded          ? "none"
                                  : r.inverse.context_limited_by_model ? "model"
                                                                       : "memory"},
       {"min_devices", r.inverse.min_devices},
       {"runtime", json_object({{"name", runtime_name(in.runtime)},
                                {"budget_bytes", m.budget_bytes},
                                {"reserved_bytes", m.reserved_bytes},
                                {"kv_pool_bytes", std::max(0.0, m.kv_pool_bytes)},
                                {"kv_pool_tokens", m.kv_pool_tokens}})},
       {"assumptions", json_object({{"gpu_memory_fraction", in.gpu_memory_fraction},
                                    {"overhead_bytes", in.overhead_bytes},
                                    {"max_batched_tokens", in.max_batched_tokens},
                                    {"max_num_seqs", in.max_num_seqs},
                                    {"flash_attention", in.flash_attention},
                                    {"kv_bytes_per_element", in.kv_cache.bytes_per_element}})}});
  if (!r.inverse.best_format.empty()) out["best_format"] = r.inverse.best_format;
  if (r.serving) add_serving(in, *r.serving, out);
  if (r.speculation) out["speculative"] = speculation_json(*r.speculation);
  if (r.measured_fit) {
    out["measured_fit"] = measured_fit_json(*r.measured_fit);
    const auto& fits = r.measured_fit->fits;
    if (r.serving && std::any_of(fits.begin(), fits.end(),
                                 [](const EfficiencyFit& f) { return f.unmatched.empty(); })) {
      out["assumptions"]["efficiency_source"] = "inference.measured";
    }
  }
  placement_to_json(r, out);
  return out;
}

}  // namespace llm_sizer
