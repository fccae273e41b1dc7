#include "training/training_explain.hpp"

#include "step_time/step_json.hpp"

namespace llm_sizer {
namespace {

Explanation flops_per_token(const TrainingInput& in, const TrainingFlops& f) {
  Explanation e;
  e.ref = "palm-2022";
  const ForwardFlops& fw = f.forward;
  if (in.parameter_efficient()) {
    e.formula = "2 * {matmul} + 2 * {lm_head} + 3 * {attention} + 3 * {adapters} + {recompute}";
    e.terms.push_back({"adapters", f.adapters_forward, "unit.flops_per_token_adapters"});
  } else {
    e.formula = "3 * {matmul} + 3 * {attention} + 3 * {lm_head} + {recompute}";
  }
  e.terms.insert(e.terms.begin(), {{"matmul", fw.matmul, "unit.flops_per_token_matmul"},
                                   {"attention", fw.attention, "unit.flops_per_token_attention"},
                                   {"lm_head", fw.lm_head, "unit.flops_per_token_lm_head"}});
  e.terms.push_back({"recompute", f.recompute_per_token, "unit.flops_per_token_recompute",
                     json_object({{"recompute", std::string(recompute_name(in.plan.recompute))}})});
  if (f.reference_per_token > 0) {
    e.formula += " + {reference}";
    e.terms.push_back({"reference", f.reference_per_token, "unit.flops_per_token_reference"});
  }
  return e;
}

Explanation flops_total(const TrainingInput& in, const TrainingFlops& f) {
  return {"{flops_per_token} * {tokens} * (1 + {margin})",
          {{"flops_per_token", f.per_token, "unit.flops_per_token"},
           {"tokens", in.tokens, "unit.tokens"},
           {"margin", in.margin, "unit.safety_margin"}},
          "palm-2022"};
}

Explanation flops_total_6nd(const TrainingInput& in, const TrainingFlops& f) {
  const bool full = in.plan.recompute == Recompute::full;
  return {"{k} * {N} * {tokens} * (1 + {margin})",
          {{"k", f.per_token_6n / f.n_active,
            full ? MessageCode("unit.flops_per_param_token_full")
                 : MessageCode("unit.flops_per_param_token")},
           {"N", f.n_active, "unit.active_params"},
           {"tokens", in.tokens, "unit.tokens"},
           {"margin", in.margin, "unit.safety_margin"}},
          full ? "narayanan-2021" : "kaplan-2020"};
}

Explanation wall_days(const TrainingInput& in, const TrainingResult& r) {
  return {"{flops_total} / ({gpus} * {peak} * {mfu}) / 86400",
          {{"flops_total", r.flops.total, "unit.flops"},
           {"gpus", double(in.gpus()), "unit.gpus"},
           {"peak", r.time.peak_flops_per_s, "unit.flops_per_s_per_gpu_dense",
            json_object({{"precision", std::string(precision_name(in.precision))}})},
           {"mfu", r.time.utilisation, "unit.utilisation"}},
          "palm-2022"};
}

Explanation wall_days_6nd(const TrainingInput& in, const TrainingResult& r) {
  return {"{flops_total_6nd} / ({gpus} * {peak} * {mfu}) / 86400",
          {{"flops_total_6nd", r.flops.total_6nd, "unit.flops"},
           {"gpus", double(in.gpus()), "unit.gpus"},
           {"peak", r.time.peak_flops_per_s, "unit.flops_per_s_per_gpu"},
           {"mfu", r.time.utilisation, "unit.utilisation"}},
          "kaplan-2020"};
}

Explanation gpus_for_target(const TrainingInput& in, const TrainingResult& r) {
  const double exact = *r.time.gpus_for_target_days_exact;
  return {"{flops_total} / ({target_days} * 86400 * {peak} * {mfu}) + {round_up}",
          {{"flops_total", r.flops.total, "unit.flops"},
           {"target_days", *in.target_days, "unit.days"},
           {"peak", r.time.peak_flops_per_s, "unit.flops_per_s_per_gpu"},
           {"mfu", r.time.utilisation, "unit.utilisation"},
           {"round_up", double(*r.time.gpus_for_target_days) - exact, "unit.round_up_gpu"}},
          "palm-2022"};
}

Explanation weights(const TrainingInput& in, const StageMemory& s, const PrecisionBytes& b) {
  Explanation e;
  e.ref = in.method == TrainingMethod::qlora ? "qlora-2023" : "zero-2020";
  std::string sum;
  const auto add = [&](const char* params, double count, const char* bytes, double value,
                       MessageCode unit) {
    if (count == 0) return;
    if (!sum.empty()) sum += " + ";
    sum += std::string("{") + params + "} * {" + bytes + "}";
    e.terms.push_back({params, count, "unit.params_per_gpu"});
    e.terms.push_back({bytes, value, unit});
  };
  if (s.nf4_bytes != 0) {
    sum = "{nf4_bytes}";
    e.terms.push_back({"nf4_bytes", s.nf4_bytes, "unit.bytes_per_gpu_nf4"});
  }
  add("frozen_params", s.frozen_params, "frozen_bytes", b.frozen_weight, "unit.bytes_per_param");
  add("trainable_params", s.trainable_params, "weight_bytes", b.weight, "unit.bytes_per_param");
  e.formula = "(" + sum + ") / {zero_shard}";
  e.terms.push_back({"zero_shard", s.weights_shard, "unit.zero3_shards"});
  if (s.weights_offloaded) e.formula = "0 * " + e.formula;  // on the CPU (cpu_offload_bytes)
  return e;
}

Explanation gradients(const StageMemory& s, const PrecisionBytes& b) {
  Explanation e{"{trainable_params} * {gradient_bytes} / {zero_shard}",
                {{"trainable_params", s.trainable_params, "unit.params_per_gpu"},
                 {"gradient_bytes", b.gradient, "unit.bytes_per_param"},
                 {"zero_shard", s.gradients_shard, "unit.zero2_shards"}},
                "zero-2020"};
  if (s.gradients_offloaded) e.formula = "0 * " + e.formula;
  return e;
}

Explanation optimizer(const TrainingInput& in, const StageMemory& s, const PrecisionBytes& b) {
  Explanation e{"({trainable_params} * {master_bytes} + {state_bytes}) / {zero_shard}",
                {{"trainable_params", s.trainable_params, "unit.params_per_gpu"},
                 {"master_bytes", b.master, "unit.bytes_per_param_master"},
                 {"state_bytes", s.optimizer_state_bytes, "unit.bytes_optimizer_states",
                  json_object({{"optimizer", optimizer_name(in.optimizer)}})},
                 {"zero_shard", s.optimizer_shard, "unit.zero1_shards"}},
                "zero-2020"};
  if (s.optimizer_offloaded) e.formula = "0 * " + e.formula;
  return e;
}

Explanation activations(const StageMemory& s) {
  return {"{in_flight} * ({layers} + {embedding}) + {output_layer}",
          {{"in_flight", s.in_flight, "unit.micro_batches_in_flight"},
           {"layers", s.layers_activation_bytes, "unit.bytes_stage_layers"},
           {"embedding", s.embedding_activation_bytes, "unit.bytes_embedding_dropout"},
           {"output_layer", s.output_activation_bytes, "unit.bytes_final_norm_logits"}},
          "korthikanti-2022"};
}

Explanation buffers(const StageMemory& s) {
  return {"{recompute_layer} + {zero3_gather} + {nf4_dequant}",
          {{"recompute_layer", s.recompute_buffer_bytes, "unit.bytes_layer_rebuilt"},
           {"zero3_gather", s.gather_buffer_bytes, "unit.bytes_gathered_tensor"},
           {"nf4_dequant", s.dequant_buffer_bytes, "unit.bytes_dequantized_matrix"}},
          "deepspeed-memory"};
}

Explanation overhead(const TrainingInput& in, const StageMemory& s) {
  return {"{cuda_context} + {fragmentation} * ({activations} + {buffers})",
          {{"cuda_context", in.cuda_context_bytes, "unit.bytes"},
           {"fragmentation", in.fragmentation, "unit.share"},
           {"activations", s.parts.activations_bytes, "unit.bytes"},
           {"buffers", s.parts.buffers_bytes, "unit.bytes"}},
          "pytorch-cuda-context"};
}

Explanation memory_total(const MemoryParts& p) {
  return {"{weights} + {gradients} + {optimizer} + {activations} + {buffers} + {overhead}",
          {{"weights", p.weights_bytes, "unit.bytes"},
           {"gradients", p.gradients_bytes, "unit.bytes"},
           {"optimizer", p.optimizer_bytes, "unit.bytes"},
           {"activations", p.activations_bytes, "unit.bytes"},
           {"buffers", p.buffers_bytes, "unit.bytes"},
           {"overhead", p.overhead_bytes, "unit.bytes"}},
          "zero-2020"};
}

// The goodput model's parts (step_time/goodput.hpp), each evaluating to its number.
void explain_goodput(const TrainingInput& in, const Goodput& g, Explanations& out) {
  const GoodputSettings& s = in.reliability;
  const char* ref = "goodput-daly-2006";
  out.emplace_back("training.goodput.cluster_mtbf_s",
                   Explanation{"{gpu_mtbf_hours} * 3600 / {gpus}",
                               {{"gpu_mtbf_hours", s.gpu_mtbf_hours, "unit.gpu_mtbf_hours"},
                                {"gpus", double(in.gpus()), "unit.gpus"}},
                               ref});
  const double rate = s.checkpoint_async
                          ? g.checkpoint_bytes / (double(in.gpus()) * g.checkpoint_save_s)
                          : s.checkpoint_write_bytes_per_s;
  out.emplace_back("training.goodput.checkpoint_save_s",
                   Explanation{"{checkpoint_bytes} / ({gpus} * {bytes_per_s})",
                               {{"checkpoint_bytes", g.checkpoint_bytes, "unit.checkpoint_bytes"},
                                {"gpus", double(in.gpus()), "unit.gpus"},
                                {"bytes_per_s", rate,
                                 s.checkpoint_async ? MessageCode("unit.host_link_bytes_per_s")
                                                    : MessageCode("unit.storage_bytes_per_s")}},
                               ref});
  const Term tau{"tau", g.checkpoint_interval_s, "unit.checkpoint_interval_s"};
  const Term delta{"delta", g.checkpoint_save_s, "unit.checkpoint_save_s"};
  out.emplace_back("training.goodput.save_fraction",
                   Explanation{"{tau} / ({tau} + {delta})", {tau, delta}, ref});
  out.emplace_back(
      "training.goodput.failure_fraction",
      Explanation{"({tau} + {delta}) / ({M} * exp({R} / {M}) * (exp(({tau} + {delta}) / {M}) - 1))",
                  {tau,
                   delta,
                   {"M", g.cluster_mtbf_s, "unit.cluster_mtbf_s"},
                   {"R", s.restart_s, "unit.restart_s"}},
                  ref});
  out.emplace_back("training.goodput.fraction",
                   Explanation{"{save} * {failures} * (1 - {eval}) * (1 - {data_stall})",
                               {{"save", g.save_fraction, "unit.goodput_save"},
                                {"failures", g.failure_fraction, "unit.goodput_failures"},
                                {"eval", g.eval_fraction, "unit.eval_fraction"},
                                {"data_stall", g.data_stall_fraction, "unit.data_stall_fraction"}},
                               ref});
}

void explain_speed(const TrainingInput& in, const TrainingResult& r, Explanations& out) {
  const double gpus = double(in.gpus());
  explain_step("training", "step_time_estimated_s", r.step, in.plan, r.efficiency, out);
  if (in.mfu) {
    out.emplace_back("training.step_time_s", Explanation{"{wall_s} / {steps}",
                                                         {{"wall_s", r.time.wall_s, "unit.s"},
                                                          {"steps", r.time.steps, "unit.steps"}},
                                                         "palm-2022"});
  } else {
    Explanation same = out.back().second;  // the step-time model's sum
    out.emplace_back("training.step_time_s", same);
  }
  out.emplace_back("training.tokens_per_s",
                   Explanation{"{global_batch_tokens} / {step_time_s}",
                               {{"global_batch_tokens", in.global_batch_tokens(), "unit.tokens"},
                                {"step_time_s", r.time.step_time_s, "unit.s"}},
                               "palm-2022"});
  const auto utilisation = [&](double flops_per_token, MessageCode what) {
    return Explanation{"{flops_per_token} * {tokens_per_s} / ({gpus} * {peak})",
                       {{"flops_per_token", flops_per_token, what},
                        {"tokens_per_s", r.step.tokens_per_s, "unit.tokens_per_s_step_model"},
                        {"gpus", gpus, "unit.gpus"},
                        {"peak", r.time.peak_flops_per_s, "unit.flops_per_s_per_gpu"}},
                       "palm-2022"};
  };
  out.emplace_back("training.mfu_estimated",
                   utilisation(r.flops.model_per_token, "unit.model_flops_per_token"));
  out.emplace_back("training.hfu_estimated",
                   utilisation(r.flops.per_token, "unit.executed_flops_per_token"));
}

}  // namespace

void explain_training(const TrainingInput& in, const TrainingResult& r,
                      const AcceleratorSpec& accelerator, Explanations& out) {
  out.emplace_back("training.flops_per_token", flops_per_token(in, r.flops));
  out.emplace_back("training.flops_total", flops_total(in, r.flops));
  out.emplace_back("training.flops_total_6nd", flops_total_6nd(in, r.flops));
  explain_speed(in, r, out);
  if (!in.mfu && !r.goodput.given) explain_goodput(in, r.goodput, out);
  out.emplace_back("training.wall_days", wall_days(in, r));
  out.emplace_back("training.wall_days_6nd", wall_days_6nd(in, r));
  out.emplace_back("training.gpu_hours", Explanation{"{gpus} * {wall_s} / 3600",
                                                     {{"gpus", double(in.gpus()), "unit.gpus"},
                                                      {"wall_s", r.time.wall_s, "unit.s"}},
                                                     "palm-2022"});
  if (r.time.gpus_for_target_days) {
    out.emplace_back("training.gpus_for_target_days", gpus_for_target(in, r));
  }
  if (in.default_tokens && in.parameter_efficient()) {
    out.emplace_back("training.tokens",
                     Explanation{"{steps} * {sequences_per_step} * {tokens_per_sequence}",
                                 {{"steps", TrainingDefaults::finetune_steps, "unit.steps"},
                                  {"sequences_per_step",
                                   TrainingDefaults::finetune_sequences_per_step, "unit.sequences"},
                                  {"tokens_per_sequence",
                                   TrainingDefaults::finetune_tokens_per_sequence, "unit.tokens"}},
                                 "guanaco-2023"});
  } else if (in.default_tokens) {
    out.emplace_back("training.tokens", Explanation{"{tokens_per_param} * {N}",
                                                    {{"tokens_per_param",
                                                      TrainingDefaults::chinchilla_tokens_per_param,
                                                      "unit.tokens_per_param"},
                                                     {"N", r.flops.n_active, "unit.active_params"}},
                                                    "hoffmann-2022"});
  }
  out.emplace_back("training.chinchilla_tokens",
                   Explanation{"{tokens_per_param} * {N}",
                               {{"tokens_per_param", TrainingDefaults::chinchilla_tokens_per_param,
                                 "unit.tokens_per_param"},
                                {"N", r.flops.n_active, "unit.active_params"}},
                               "hoffmann-2022"});

  const StageMemory& s = r.memory.stage;
  out.emplace_back("training.memory_per_gpu_bytes", memory_total(s.parts));
  out.emplace_back("training.memory.weights_bytes", weights(in, s, r.memory.bytes));
  out.emplace_back("training.memory.gradients_bytes", gradients(s, r.memory.bytes));
  out.emplace_back("training.memory.optimizer_bytes", optimizer(in, s, r.memory.bytes));
  out.emplace_back("training.memory.activations_bytes", activations(s));
  out.emplace_back("training.memory.buffers_bytes", buffers(s));
  out.emplace_back("training.memory.overhead_bytes", overhead(in, s));

  if (r.cost.cost_usd) {
    out.emplace_back("training.cost_usd",
                     Explanation{"{gpu_hours} * {price} * (1 - {discount})",
                                 {{"gpu_hours", r.time.gpu_hours, "unit.gpu_hours"},
                                  {"price", *in.price_per_gpu_hour_usd, "unit.usd_per_gpu_hour"},
                                  {"discount", in.discount, "unit.discount"}},
                                 "deepseek-v3-cost"});
  }
  if (r.cost.energy_kwh) {
    out.emplace_back("training.energy_kwh",
                     Explanation{"{tdp_w} * {gpu_hours} * {pue} / 1000",
                                 {{"tdp_w", *accelerator.tdp_w, "unit.watts_per_gpu"},
                                  {"gpu_hours", r.time.gpu_hours, "unit.gpu_hours"},
                                  {"pue", in.pue, "unit.pue"}},
                                 "energy-tdp"});
  }
}

}  // namespace llm_sizer
