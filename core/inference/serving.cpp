#include "inference/serving.hpp"

#include <algorithm>
#include <cmath>

#include "checked.hpp"
#include "units.hpp"

namespace llm_sizer {
namespace {

// With continuous batching each of `batch` slots runs a request's decode steps; the prompts of
// the next `batch` requests are prefilled together in max_batched_tokens chunks, which pause the
// decode (Yu et al. 2022, Orca, section 4; chunked prefill only spreads that time out). So a cycle
// of output steps plus one batched prefill completes `batch` requests.
double requests_per_s(const InferenceInput& in, int64_t batch, double step_s, double prefill_s) {
  return double(batch) / (double(in.output_tokens) * step_s + prefill_s);
}

std::vector<int64_t> doubling(int64_t first, int64_t last) {
  std::vector<int64_t> points;
  for (int64_t n = first; n < last; n *= 2) points.push_back(n);
  if (last >= first) points.push_back(last);
  return points;
}

// Part of the model in host memory: the CPU's part and the link's run in turn with the GPU's
// (inference/offload_speed.hpp); their terms go in at `at` of the formula.
void add_offload_terms(Explanation& e, const StepCost& step, size_t at) {
  if (step.host_s <= 0 && step.link_s <= 0) return;
  e.formula.insert(at, " + {host} + {link}");
  e.terms.push_back({"host", step.host_s, "unit.s_cpu_part"});
  e.terms.push_back({"link", step.link_s, "unit.s_link_part"});
  e.ref = "llama-cpp-offload";
}

// Weights read from the disk when RAM does not hold them all (streams_from_disk).
void add_disk_term(Explanation& e, const StepCost& step, size_t at) {
  if (step.disk_s <= 0) return;
  e.formula.insert(at, " + {disk}");
  e.terms.push_back({"disk", step.disk_s, "unit.s_disk_part"});
}

void explain(const Serving& s, const AcceleratorSpec& device, const InferenceInput& in,
             Explanations& out) {
  const Efficiency& e = s.efficiency;
  const StepCost& d = s.decode;
  // Efficiencies measured by the kernel bench cite it and name their file; otherwise the fit.
  const std::string speed_ref = e.calibration_file.empty() ? "roofline" : "kernel-bench";
  // The weight matmuls and the attention kernels each meet their own roofline (speed.hpp).
  const double kv_bytes = d.attention_memory_s * device.memory_bandwidth_bytes_per_s * e.memory;
  const double attention_flops = d.attention_compute_s * e.peak_flops_per_s * e.compute;
  Explanation decode{
      "1 / (max({bytes} / ({bandwidth} * {memory_efficiency}), {flops} / ({peak} * "
      "{compute_efficiency})) + max({kv_bytes} / ({bandwidth} * {memory_efficiency}), "
      "{attention_flops} / ({peak} * {compute_efficiency})) + {layers} * {layer_overhead} + "
      "{allreduce})",
      {{"bytes", d.bytes - kv_bytes, "unit.bytes_per_step"},
       {"bandwidth", device.memory_bandwidth_bytes_per_s, "unit.bytes_per_s"},
       {"memory_efficiency", e.memory, ""},
       {"flops", d.flops - attention_flops, "unit.flop_per_step"},
       {"peak", e.peak_flops_per_s, "unit.flops_per_s"},
       {"compute_efficiency", e.compute, ""},
       {"kv_bytes", kv_bytes, "unit.bytes_per_step"},
       {"attention_flops", attention_flops, "unit.flop_per_step"},
       {"layers", d.fixed_s / std::max(e.layer_overhead_s, 1e-300), "unit.layers"},
       {"layer_overhead", e.layer_overhead_s, "unit.s"},
       {"allreduce", d.allreduce_s, "unit.s"}},
      speed_ref,
      e.calibration_file};
  if (d.expert_dispatch_s > 0) {
    decode.formula.insert(decode.formula.size() - 1, " + {expert_dispatch}");
    decode.terms.push_back({"expert_dispatch", d.expert_dispatch_s, "unit.s"});
  }
  add_offload_terms(decode, d, decode.formula.size() - 1);
  add_disk_term(decode, d, decode.formula.size() - 1);
  out.emplace_back("inference.decode_tokens_per_s", decode);
  out.emplace_back(
      "inference.throughput_tokens_per_s",
      Explanation{"{batch} * {decode_tokens_per_s}",
                  {{"batch", double(in.batch), "unit.sequences"},
                   {"decode_tokens_per_s", s.decode_tokens_per_s, "unit.tokens_per_s"}},
                  "roofline"});
  const StepCost& p = s.prefill_request;
  Explanation prefill{
      "max({flops} / ({peak} * {compute_efficiency}), {bytes} / ({bandwidth} * "
      "{memory_efficiency})) + {fixed} + {allreduce}",
      {{"flops", p.flops, "unit.flop"},
       {"peak", e.peak_flops_per_s, "unit.flops_per_s"},
       {"compute_efficiency", e.compute, ""},
       {"bytes", p.bytes, "unit.bytes"},
       {"bandwidth", device.memory_bandwidth_bytes_per_s, "unit.bytes_per_s"},
       {"memory_efficiency", e.memory, ""},
       {"fixed", p.fixed_s, "unit.s_chunk_layer_cost"},
       {"allreduce", p.allreduce_s, "unit.s"}},
      speed_ref,
      e.calibration_file};
  // CPUs: routed experts token by token (inference/speed.cpp, set_expert_rows).
  if (p.expert_row_bytes > 0) {
    prefill.formula =
        "max(({flops} - {expert_flops}) / ({peak} * {compute_efficiency}) + max({expert_flops} / "
        "({peak} * {compute_efficiency}), {expert_bytes} / {expert_rate}), {bytes} / ({bandwidth} "
        "* {memory_efficiency})) + {fixed} + {expert_dispatch} + {allreduce}";
    prefill.terms.push_back({"expert_flops", p.expert_flops, "unit.flop"});
    prefill.terms.push_back({"expert_bytes", p.expert_row_bytes, "unit.bytes_expert_rows"});
    prefill.terms.push_back(
        {"expert_rate", e.expert_row_bytes_per_s, "unit.bytes_per_s_dot_products"});
    prefill.terms.push_back({"expert_dispatch", p.expert_dispatch_s, "unit.s_token_expert_cost"});
  } else if (p.expert_dispatch_s > 0) {
    // ik_llama.cpp: the experts as GEMMs, and a cost per token and expert.
    prefill.formula =
        "max({flops} / ({peak} * {compute_efficiency}), {bytes} / ({bandwidth} * "
        "{memory_efficiency})) + {fixed} + {expert_dispatch} + {allreduce}";
    prefill.terms.push_back({"expert_dispatch", p.expert_dispatch_s, "unit.s_token_expert_cost"});
  }
  add_offload_terms(prefill, p, prefill.formula.size());
  add_disk_term(prefill, p, prefill.formula.size());
  out.emplace_back("inference.prefill_s", prefill);
  out.emplace_back("inference.requests_per_s",
                   Explanation{"{batch} / ({output_tokens} * {step} + {prefill})",
                               {{"batch", double(in.batch), "unit.sequences"},
                                {"output_tokens", double(in.output_tokens), "unit.tokens"},
                                {"step", d.seconds(), "unit.s_per_decode_step"},
                                {"prefill", s.prefill_batch.seconds(), "unit.s_batch_prompts"}},
                               "orca-2022"});
  out.emplace_back(
      "inference.ttft_s",
      Explanation{"{prefill} + {request_overhead}",
                  {{"prefill", p.seconds(), "unit.s_one_prompt"},
                   {"request_overhead", e.request_overhead_s, "unit.s_request_overhead"}},
                  "roofline"});
  if (s.cost_per_million_tokens_usd) {
    out.emplace_back(
        "inference.cost_per_million_tokens_usd",
        Explanation{"{price} * {devices} / 3600 / ({requests_per_s} * ({prompt} + {output})) * "
                    "1000000",
                    {{"price", *in.price_per_gpu_hour_usd, "unit.usd_per_gpu_hour"},
                     {"devices", double(in.tp), "unit.gpus"},
                     {"requests_per_s", s.requests_per_s, "unit.requests_per_s"},
                     {"prompt", double(in.prompt_tokens), "unit.tokens"},
                     {"output", double(in.output_tokens), "unit.tokens"}},
                    "roofline"});
  }
}

}  // namespace

std::optional<Serving> estimate_serving(const StepModel& steps, const PlacedMemory& placed,
                                        const InverseAnswers& limits, Explanations& explanations) {
  if (!steps.has_figures()) return std::nullopt;
  const InferenceInput& in = steps.input;
  const AcceleratorSpec& device = steps.device;
  Serving s;
  s.efficiency = steps.efficiency;
  s.decode_context = steps.flops.decode_context;
  const auto step = [&](int64_t batch, int64_t context) {
    return steps.decode(placed, batch, context);
  };
  const auto fill = [&](int64_t sequences) { return steps.prefill(placed, sequences); };
  s.decode = step(in.batch, s.decode_context);
  s.prefill_request = fill(1);
  s.prefill_batch = fill(in.batch);
  s.decode_tokens_per_s = 1.0 / s.decode.seconds();
  s.throughput_tokens_per_s = double(in.batch) * s.decode_tokens_per_s;
  s.prefill_tokens_per_s = double(in.batch * in.prompt_tokens) / s.prefill_batch.seconds();
  s.requests_per_s = requests_per_s(in, in.batch, s.decode.seconds(), s.prefill_batch.seconds());
  s.ttft_s = s.prefill_request.seconds() + s.efficiency.request_overhead_s;
  s.ridge_point = s.efficiency.peak_flops_per_s / device.memory_bandwidth_bytes_per_s;

  if (in.price_per_gpu_hour_usd) {
    const double usd_per_s = *in.price_per_gpu_hour_usd * double(in.tp) / units::kSecondsPerHour;
    s.cost_per_million_output_usd = usd_per_s / s.throughput_tokens_per_s * 1e6;
    s.cost_per_million_input_usd = usd_per_s / s.prefill_tokens_per_s * 1e6;
    s.cost_per_million_tokens_usd =
        usd_per_s / (s.requests_per_s * double(in.prompt_tokens + in.output_tokens)) * 1e6;
  }

  const int64_t max_batch = std::max<int64_t>(1, std::min<int64_t>(limits.max_batch, 4096));
  for (int64_t batch : doubling(1, max_batch)) {
    const double per_user = 1.0 / step(batch, s.decode_context).seconds();
    s.by_batch.push_back({batch, s.decode_context, per_user, double(batch) * per_user});
  }
  const int64_t max_context = std::max<int64_t>(256, limits.max_context_tokens);
  // The scenario's own decode context is one of the points, so a chart can mark it.
  std::vector<int64_t> contexts = doubling(256, max_context);
  contexts.push_back(s.decode_context);
  std::sort(contexts.begin(), contexts.end());
  contexts.erase(std::unique(contexts.begin(), contexts.end()), contexts.end());
  for (int64_t context : contexts) {
    const double per_user = 1.0 / step(in.batch, context).seconds();
    s.by_context.push_back({in.batch, context, per_user, double(in.batch) * per_user});
  }

  // A fleet for a request rate: the largest batch that still gives each user the required
  // speed, then as many model instances as the rate needs.
  if (in.target_requests_per_s) {
    const double min_speed = in.min_tokens_per_s_per_user.value_or(0);
    int64_t best_batch = 0;
    double best_rate = 0;
    for (const auto& point : s.by_batch) {
      if (point.tokens_per_s_per_user < min_speed) continue;
      const double prefill_s = fill(point.batch).seconds();
      const double rate =
          requests_per_s(in, point.batch, 1.0 / point.tokens_per_s_per_user, prefill_s);
      if (rate > best_rate) {
        best_rate = rate;
        best_batch = point.batch;
      }
    }
    if (best_batch > 0) {
      s.batch_for_target = best_batch;
      const double instances = std::ceil(*in.target_requests_per_s / best_rate);
      s.gpus_for_target =
          checked_count(instances * double(in.tp), "inference.target_requests_per_s", "a GPU count",
                        describe_number(*in.target_requests_per_s));
    }
  }
  explain(s, device, in, explanations);
  return s;
}

}  // namespace llm_sizer
