#include "training/training_json.hpp"

#include "step_time/activations.hpp"
#include "step_time/step_json.hpp"
#include "units.hpp"

namespace llm_sizer {
namespace {

Json memory_json(const MemoryParts& p) {
  Json out = json_object({{"weights_bytes", p.weights_bytes},
                          {"gradients_bytes", p.gradients_bytes},
                          {"optimizer_bytes", p.optimizer_bytes},
                          {"activations_bytes", p.activations_bytes},
                          {"buffers_bytes", p.buffers_bytes},
                          {"overhead_bytes", p.overhead_bytes}});
  if (p.reference_weights_bytes > 0) out["reference_weights_bytes"] = p.reference_weights_bytes;
  return out;
}

// What the training estimate assumes and leaves out, as codes (their English is in the table).
std::vector<MessageCode> notes(const TrainingInput& in) {
  std::vector<MessageCode> out;
  if (in.mfu) {
    out = {"note.training.mfu_executed_flops", "note.training.mfu_end_to_end"};
  } else {
    out = {"note.training.step_time_model"};
  }
  out.push_back("note.training.flops_6nd");
  if (in.parameter_efficient()) out.push_back("note.training.lora_compute");
  if (in.objective == Objective::dpo) out.push_back("note.training.dpo");
  if (in.reinforcement()) out.push_back("note.training.grpo");
  if (in.optimizer == Optimizer::paged_adamw_32bit || in.optimizer == Optimizer::paged_adamw_8bit) {
    out.push_back("note.training.paged_optimizer");
  }
  out.push_back("note.training.not_modelled");
  return out;
}

Json goodput_json(const Goodput& g) {
  if (g.given) return json_object({{"fraction", g.fraction}, {"source", "scenario"}});
  return json_object({{"fraction", g.fraction},
                      {"source", "model"},
                      {"cluster_mtbf_s", g.cluster_mtbf_s},
                      {"interruptions_per_day", g.interruptions_per_day},
                      {"checkpoint_bytes", g.checkpoint_bytes},
                      {"checkpoint_save_s", g.checkpoint_save_s},
                      {"checkpoint_interval_s", g.checkpoint_interval_s},
                      {"save_fraction", g.save_fraction},
                      {"failure_fraction", g.failure_fraction},
                      {"reliability_fraction", g.reliability_fraction},
                      {"eval_fraction", g.eval_fraction},
                      {"data_stall_fraction", g.data_stall_fraction}});
}

Json assumptions_json(const TrainingInput& in, const TrainingResult& r) {
  const MessageCode mfu_source =
      in.mfu ? MessageCode("source.training.mfu_given") : MessageCode("source.training.mfu_model");
  Json english_notes = Json::array();
  Json note_codes = Json::array();
  for (const MessageCode note : notes(in)) {
    english_notes.push_back(note.english());
    note_codes.push_back(note.code());
  }
  const PrecisionBytes& b = r.memory.bytes;
  Json bytes = json_object({{"weights", b.weight},
                            {"gradients", b.gradient},
                            {"master_weights", b.master},
                            {"optimizer_state_element", b.state_element}});
  if (in.parameter_efficient()) bytes["frozen_weights"] = b.frozen_weight;
  if (in.method == TrainingMethod::qlora && r.memory.stage.nf4_params > 0) {
    bytes["nf4_weights"] = r.memory.stage.nf4_bytes / r.memory.stage.nf4_params;
  }
  const double mfu = r.time.utilisation;
  const TrainingEfficiency& e = r.efficiency;
  return json_object(
      {{"mfu", mfu},
       {"mfu_source", mfu_source.english()},
       {"mfu_source_code", mfu_source.code()},
       {"model_flops_utilization", mfu * r.flops.model_per_token / r.flops.per_token},
       {"compute_efficiency", e.compute},
       {"compute_class", e.device_class},
       {"matmul_share", e.matmul_share},
       {"framework_share", e.framework_share},
       {"low_precision_matmul_factor", e.low_precision_factor},
       {"memory_efficiency", e.memory},
       {"overlap_dp_comm", in.overlap_dp_comm},
       {"goodput", r.goodput.fraction},
       {"causal_attention_flops", in.causal_attention_flops},
       {"margin", in.margin},
       {"precision", precision_name(in.precision)},
       {"peak_flops_per_s", r.time.peak_flops_per_s},
       {"bytes_per_param", bytes},
       {"optimizer", optimizer_name(in.optimizer)},
       {"zero_stage", in.plan.zero_stage},
       {"recompute", recompute_name(in.plan.recompute)},
       {"flash_attention", in.flash_attention},
       {"sequence_parallel", in.plan.sequence_parallel},
       {"dropout", in.dropout},
       {"activation_element_bytes", activation_settings(in).element_bytes},
       {"cuda_context_bytes", in.cuda_context_bytes},
       {"fragmentation", in.fragmentation},
       {"tokens_per_param", TrainingDefaults::chinchilla_tokens_per_param},
       {"pue", in.pue},
       {"discount", in.discount},
       {"notes", english_notes},
       {"note_codes", note_codes}});
}

}  // namespace

Json training_result_to_json(const TrainingInput& in, const TrainingResult& r) {
  const TrainingFlops& f = r.flops;
  const TrainingTime& t = r.time;
  const TrainingMemory& m = r.memory;
  Json days = Json::array();
  for (const auto& point : t.days_vs_gpus) {
    days.push_back(json_object({{"gpus", point.gpus}, {"wall_days", point.wall_days}}));
  }
  Json out = json_object(
      {{"method", method_name(in.method)},
       {"tokens", in.tokens},
       {"flops_per_token", f.per_token},
       {"flops_per_token_6n", f.per_token_6n},
       {"flops_per_token_breakdown", json_object({{"forward_matmul", f.forward.matmul},
                                                  {"forward_attention", f.forward.attention},
                                                  {"forward_lm_head", f.forward.lm_head},
                                                  {"forward_adapters", f.adapters_forward},
                                                  {"model", f.model_per_token},
                                                  {"recompute", f.recompute_per_token}})},
       {"flops_total", f.total},
       {"flops_total_6nd", f.total_6nd},
       {"peak_flops_per_s", t.peak_flops_per_s},
       {"wall_s", t.wall_s},
       {"wall_days", t.wall_s / units::kSecondsPerDay},
       {"wall_days_6nd", t.wall_s_6nd / units::kSecondsPerDay},
       {"gpu_hours", t.gpu_hours},
       {"global_batch_tokens", in.global_batch_tokens()},
       {"grad_accumulation", in.plan.grad_accumulation},
       {"steps", t.steps},
       {"step_time_s", t.step_time_s},
       {"step_time_estimated_s", r.step.step_time_s},
       {"step_breakdown", step_breakdown_json(r.step.breakdown)},
       {"tokens_per_s", in.global_batch_tokens() / t.step_time_s},
       {"mfu_estimated", r.mfu_estimated},
       {"hfu_estimated", r.hfu_estimated},
       {"pipeline_bubble_fraction", t.pipeline_bubble},
       {"days_vs_gpus", days},
       {"chinchilla_tokens", r.chinchilla_tokens},
       {"compute_optimal", json_object({{"budget_flops", r.compute_optimal.budget_flops},
                                        {"params", r.compute_optimal.params},
                                        {"tokens", r.compute_optimal.tokens}})},
       {"memory_per_gpu_bytes", m.stage.parts.total()},
       {"memory", memory_json(m.stage.parts)},
       {"memory_available_bytes", m.available_bytes},
       {"fits", m.fits},
       {"max_micro_batch", m.max_micro_batch},
       {"cpu_offload_bytes", m.stage.cpu_offload_bytes},
       {"pipeline_stage", m.stage.stage},
       {"trainable_params", m.trainable_params},
       {"frozen_params", m.frozen_params},
       {"adapter_params", r.adapter_params},
       {"parallelism", parallelism_json(in.plan)},
       {"plan_source", in.plan_from_planner ? "planner" : "scenario"},
       {"price_source", in.price_source},
       {"assumptions", assumptions_json(in, r)}});
  // A given mfu is end to end: no goodput applies to it.
  if (!in.mfu) {
    out["goodput"] = goodput_json(r.goodput);
    out["goodput"]["lost_gpu_hours"] = t.gpu_hours * (1 - r.goodput.fraction);
  }
  if (f.reference_per_token > 0) {
    out["flops_per_token_breakdown"]["reference"] = f.reference_per_token;
  }
  if (t.gpus_for_target_days) out["gpus_for_target_days"] = *t.gpus_for_target_days;
  if (in.price_per_gpu_hour_usd) out["price_per_gpu_hour_usd"] = *in.price_per_gpu_hour_usd;
  if (r.cost.cost_usd) out["cost_usd"] = *r.cost.cost_usd;
  if (r.cost.energy_kwh) out["energy_kwh"] = *r.cost.energy_kwh;
  if (r.cost.energy_cost_usd) out["energy_cost_usd"] = *r.cost.energy_cost_usd;
  return out;
}

}  // namespace llm_sizer
