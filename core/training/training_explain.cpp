#include "training/training_explain.hpp"

#include "planner/step_json.hpp"

namespace llm_sizer {
namespace {

Explanation flops_per_token(const TrainingInput& in, const TrainingFlops& f) {
  Explanation e;
  e.ref = "palm-2022";
  const ForwardFlops& fw = f.forward;
  if (in.parameter_efficient()) {
    e.formula = "2 * {matmul} + 2 * {lm_head} + 3 * {attention} + 3 * {adapters} + {recompute}";
    e.terms.push_back({"adapters", f.adapters_forward, "FLOPs/token, LoRA adapters forward"});
  } else {
    e.formula = "3 * {matmul} + 3 * {attention} + 3 * {lm_head} + {recompute}";
  }
  e.terms.insert(e.terms.begin(), {{"matmul", fw.matmul, "FLOPs/token, weight matmuls forward"},
                                   {"attention", fw.attention, "FLOPs/token, QK^T and AV forward"},
                                   {"lm_head", fw.lm_head, "FLOPs/token, LM head forward"}});
  e.terms.push_back({"recompute", f.recompute_per_token,
                     std::string("FLOPs/token, recomputation (") +
                         std::string(recompute_name(in.plan.recompute)) + ")"});
  return e;
}

Explanation flops_total(const TrainingInput& in, const TrainingFlops& f) {
  return {"{flops_per_token} * {tokens} * (1 + {margin})",
          {{"flops_per_token", f.per_token, "FLOPs/token"},
           {"tokens", in.tokens, "tokens"},
           {"margin", in.margin, "safety margin"}},
          "palm-2022"};
}

Explanation flops_total_6nd(const TrainingInput& in, const TrainingFlops& f) {
  const bool full = in.plan.recompute == Recompute::full;
  return {"{k} * {N} * {tokens} * (1 + {margin})",
          {{"k", full ? 8.0 : 6.0,
            full ? "FLOPs/param/token with full recomputation" : "FLOPs/param/token"},
           {"N", f.n_active, "active params"},
           {"tokens", in.tokens, "tokens"},
           {"margin", in.margin, "safety margin"}},
          full ? "narayanan-2021" : "kaplan-2020"};
}

Explanation wall_days(const TrainingInput& in, const TrainingResult& r) {
  return {"{flops_total} / ({gpus} * {peak} * {mfu}) / 86400",
          {{"flops_total", r.flops.total, "FLOPs"},
           {"gpus", double(in.gpus()), "GPUs"},
           {"peak", r.time.peak_flops_per_s,
            std::string("FLOP/s per GPU, dense ") + std::string(precision_name(in.precision))},
           {"mfu", r.time.utilisation, "utilisation"}},
          "palm-2022"};
}

Explanation wall_days_6nd(const TrainingInput& in, const TrainingResult& r) {
  return {"{flops_total_6nd} / ({gpus} * {peak} * {mfu}) / 86400",
          {{"flops_total_6nd", r.flops.total_6nd, "FLOPs"},
           {"gpus", double(in.gpus()), "GPUs"},
           {"peak", r.time.peak_flops_per_s, "FLOP/s per GPU"},
           {"mfu", r.time.utilisation, "utilisation"}},
          "kaplan-2020"};
}

Explanation gpus_for_target(const TrainingInput& in, const TrainingResult& r) {
  const double exact = *r.time.gpus_for_target_days_exact;
  return {"{flops_total} / ({target_days} * 86400 * {peak} * {mfu}) + {round_up}",
          {{"flops_total", r.flops.total, "FLOPs"},
           {"target_days", *in.target_days, "days"},
           {"peak", r.time.peak_flops_per_s, "FLOP/s per GPU"},
           {"mfu", r.time.utilisation, "utilisation"},
           {"round_up", double(*r.time.gpus_for_target_days) - exact, "to a whole GPU"}},
          "palm-2022"};
}

Explanation weights(const TrainingInput& in, const StageMemory& s, const PrecisionBytes& b) {
  Explanation e;
  e.ref = in.method == TrainingMethod::qlora ? "qlora-2023" : "zero-2020";
  std::string sum;
  const auto add = [&](const char* params, double count, const char* bytes, double value,
                       const char* unit) {
    if (count == 0) return;
    if (!sum.empty()) sum += " + ";
    sum += std::string("{") + params + "} * {" + bytes + "}";
    e.terms.push_back({params, count, "params per GPU"});
    e.terms.push_back({bytes, value, unit});
  };
  if (s.nf4_bytes != 0) {
    sum = "{nf4_bytes}";
    e.terms.push_back({"nf4_bytes", s.nf4_bytes, "bytes per GPU, NF4 with double quantization"});
  }
  add("frozen_params", s.frozen_params, "frozen_bytes", b.frozen_weight, "bytes/param");
  add("trainable_params", s.trainable_params, "weight_bytes", b.weight, "bytes/param");
  e.formula = "(" + sum + ") / {zero_shard}";
  e.terms.push_back({"zero_shard", s.weights_shard, "ZeRO-3 shards"});
  if (s.weights_offloaded) e.formula = "0 * " + e.formula;  // on the CPU (cpu_offload_bytes)
  return e;
}

Explanation gradients(const StageMemory& s, const PrecisionBytes& b) {
  Explanation e{"{trainable_params} * {gradient_bytes} / {zero_shard}",
                {{"trainable_params", s.trainable_params, "params per GPU"},
                 {"gradient_bytes", b.gradient, "bytes/param"},
                 {"zero_shard", s.gradients_shard, "ZeRO-2 shards"}},
                "zero-2020"};
  if (s.gradients_offloaded) e.formula = "0 * " + e.formula;
  return e;
}

Explanation optimizer(const TrainingInput& in, const StageMemory& s, const PrecisionBytes& b) {
  Explanation e{"({trainable_params} * {master_bytes} + {state_bytes}) / {zero_shard}",
                {{"trainable_params", s.trainable_params, "params per GPU"},
                 {"master_bytes", b.master, "bytes/param, fp32 master copy"},
                 {"state_bytes", s.optimizer_state_bytes,
                  std::string("bytes, ") + std::string(optimizer_name(in.optimizer)) + " states"},
                 {"zero_shard", s.optimizer_shard, "ZeRO-1 shards"}},
                "zero-2020"};
  if (s.optimizer_offloaded) e.formula = "0 * " + e.formula;
  return e;
}

Explanation activations(const StageMemory& s) {
  return {"{in_flight} * ({layers} + {embedding}) + {output_layer}",
          {{"in_flight", s.in_flight, "micro-batches in flight"},
           {"layers", s.layers_activation_bytes, "bytes, this stage's layers"},
           {"embedding", s.embedding_activation_bytes, "bytes, embedding dropout mask"},
           {"output_layer", s.output_activation_bytes, "bytes, final norm and fp32 logits"}},
          "korthikanti-2022"};
}

Explanation buffers(const StageMemory& s) {
  return {"{recompute_layer} + {zero3_gather} + {nf4_dequant}",
          {{"recompute_layer", s.recompute_buffer_bytes, "bytes, one layer rebuilt"},
           {"zero3_gather", s.gather_buffer_bytes, "bytes, gathered largest tensor"},
           {"nf4_dequant", s.dequant_buffer_bytes, "bytes, dequantized largest matrix"}},
          "deepspeed-memory"};
}

Explanation overhead(const TrainingInput& in, const StageMemory& s) {
  return {"{cuda_context} + {fragmentation} * ({activations} + {buffers})",
          {{"cuda_context", in.cuda_context_bytes, "bytes"},
           {"fragmentation", in.fragmentation, "share"},
           {"activations", s.parts.activations_bytes, "bytes"},
           {"buffers", s.parts.buffers_bytes, "bytes"}},
          "pytorch-cuda-context"};
}

Explanation memory_total(const MemoryParts& p) {
  return {"{weights} + {gradients} + {optimizer} + {activations} + {buffers} + {overhead}",
          {{"weights", p.weights_bytes, "bytes"},
           {"gradients", p.gradients_bytes, "bytes"},
           {"optimizer", p.optimizer_bytes, "bytes"},
           {"activations", p.activations_bytes, "bytes"},
           {"buffers", p.buffers_bytes, "bytes"},
           {"overhead", p.overhead_bytes, "bytes"}},
          "zero-2020"};
}

void explain_speed(const TrainingInput& in, const TrainingResult& r, Explanations& out) {
  const double gpus = double(in.gpus());
  explain_step("training", "step_time_estimated_s", r.step, in.plan, r.efficiency, out);
  if (in.mfu) {
    out.emplace_back("training.step_time_s",
                     Explanation{"{wall_s} / {steps}",
                                 {{"wall_s", r.time.wall_s, "s"}, {"steps", r.time.steps, "steps"}},
                                 "palm-2022"});
  } else {
    Explanation same = out.back().second;  // the step-time model's sum
    out.emplace_back("training.step_time_s", same);
  }
  out.emplace_back("training.tokens_per_s",
                   Explanation{"{global_batch_tokens} / {step_time_s}",
                               {{"global_batch_tokens", in.global_batch_tokens(), "tokens"},
                                {"step_time_s", r.time.step_time_s, "s"}},
                               "palm-2022"});
  const auto utilisation = [&](double flops_per_token, const char* what) {
    return Explanation{"{flops_per_token} * {tokens_per_s} / ({gpus} * {peak})",
                       {{"flops_per_token", flops_per_token, what},
                        {"tokens_per_s", r.step.tokens_per_s, "tokens/s, step-time model"},
                        {"gpus", gpus, "GPUs"},
                        {"peak", r.time.peak_flops_per_s, "FLOP/s per GPU"}},
                       "palm-2022"};
  };
  out.emplace_back("training.mfu_estimated",
                   utilisation(r.flops.model_per_token, "model FLOPs/token"));
  out.emplace_back("training.hfu_estimated",
                   utilisation(r.flops.per_token, "executed FLOPs/token"));
}

}  // namespace

void explain_training(const TrainingInput& in, const TrainingResult& r,
                      const AcceleratorSpec& accelerator, Explanations& out) {
  out.emplace_back("training.flops_per_token", flops_per_token(in, r.flops));
  out.emplace_back("training.flops_total", flops_total(in, r.flops));
  out.emplace_back("training.flops_total_6nd", flops_total_6nd(in, r.flops));
  explain_speed(in, r, out);
  out.emplace_back("training.wall_days", wall_days(in, r));
  out.emplace_back("training.wall_days_6nd", wall_days_6nd(in, r));
  out.emplace_back("training.gpu_hours", Explanation{"{gpus} * {wall_s} / 3600",
                                                     {{"gpus", double(in.gpus()), "GPUs"},
                                                      {"wall_s", r.time.wall_s, "s"}},
                                                     "palm-2022"});
  if (r.time.gpus_for_target_days) {
    out.emplace_back("training.gpus_for_target_days", gpus_for_target(in, r));
  }
  if (in.default_tokens && in.parameter_efficient()) {
    out.emplace_back(
        "training.tokens",
        Explanation{
            "{steps} * {sequences_per_step} * {tokens_per_sequence}",
            {{"steps", TrainingDefaults::finetune_steps, "steps"},
             {"sequences_per_step", TrainingDefaults::finetune_sequences_per_step, "sequences"},
             {"tokens_per_sequence", TrainingDefaults::finetune_tokens_per_sequence, "tokens"}},
            "guanaco-2023"});
  } else if (in.default_tokens) {
    out.emplace_back("training.tokens",
                     Explanation{"{tokens_per_param} * {N}",
                                 {{"tokens_per_param",
                                   TrainingDefaults::chinchilla_tokens_per_param, "tokens/param"},
                                  {"N", r.flops.n_active, "active params"}},
                                 "hoffmann-2022"});
  }
  out.emplace_back("training.chinchilla_tokens",
                   Explanation{"{tokens_per_param} * {N}",
                               {{"tokens_per_param", TrainingDefaults::chinchilla_tokens_per_param,
                                 "tokens/param"},
                                {"N", r.flops.n_active, "active params"}},
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
                                 {{"gpu_hours", r.time.gpu_hours, "GPU-hours"},
                                  {"price", *in.price_per_gpu_hour_usd, "USD/GPU-hour"},
                                  {"discount", in.discount, "reserved or spot discount"}},
                                 "deepseek-v3-cost"});
  }
  if (r.cost.energy_kwh) {
    out.emplace_back("training.energy_kwh",
                     Explanation{"{tdp_w} * {gpu_hours} * {pue} / 1000",
                                 {{"tdp_w", *accelerator.tdp_w, "W per GPU"},
                                  {"gpu_hours", r.time.gpu_hours, "GPU-hours"},
                                  {"pue", in.pue, "power usage effectiveness"}},
                                 "energy-tdp"});
  }
}

}  // namespace llm_sizer
