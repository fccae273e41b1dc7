#include "step_time/step_json.hpp"

namespace llm_sizer {

Json step_breakdown_json(const StepBreakdown& b) {
  return json_object({{"compute_s", b.compute_s},
                      {"tp_comm_s", b.tp_comm_s},
                      {"pp_bubble_s", b.pp_bubble_s},
                      {"pp_p2p_s", b.pp_p2p_s},
                      {"dp_comm_s", b.dp_comm_s},
                      {"ep_comm_s", b.ep_comm_s},
                      {"cp_comm_s", b.cp_comm_s},
                      {"zero_gather_s", b.zero_gather_s},
                      {"offload_s", b.offload_s},
                      {"optimizer_s", b.optimizer_s}});
}

Json parallelism_json(const ParallelPlan& p) {
  return json_object({{"tp", p.tp},
                      {"pp", p.pp},
                      {"dp", p.dp},
                      {"cp", p.cp},
                      {"ep", p.ep},
                      {"gpus", p.gpus()},
                      {"zero_stage", p.zero_stage},
                      {"offload", offload_name(p.offload)},
                      {"micro_batch", p.micro_batch},
                      {"grad_accumulation", p.grad_accumulation},
                      {"recompute", recompute_name(p.recompute)},
                      {"sequence_parallel", p.sequence_parallel},
                      {"pipeline_schedule", schedule_name(p.schedule)},
                      {"virtual_stages", p.virtual_stages}});
}

namespace {

Explanation compute(const StepEstimate& step, const TrainingEfficiency& e) {
  const StageTime& s = step.slowest;
  Explanation x;
  x.ref = "llm-foundry-throughput";
  x.formula =
      "{micro_batches} * ({matmul_flops} / ({matmul_peak} * {efficiency} * {low_precision}) + "
      "{attention_flops} / ({attention_peak} * {efficiency})";
  x.terms = {{"micro_batches", step.micro_batches, "unit.microbatches_per_step"},
             {"matmul_flops", s.matmul_flops, "unit.flops_per_gpu_microbatch_matmul"},
             {"matmul_peak", e.matmul_peak_flops_per_s, "unit.flops_per_s_dense_peak"},
             {"efficiency", e.compute, "unit.share_of_peak"},
             {"low_precision", e.low_precision_factor, "unit.fp8_matmul_factor"},
             {"attention_flops", s.attention_flops, "unit.flops_per_gpu_microbatch_attention"},
             {"attention_peak", e.attention_peak_flops_per_s, "unit.flops_per_s_16bit_peak"}};
  if (e.memory_bytes_per_s() > 0) {
    x.formula += " + {elementwise_bytes} / ({bandwidth} * {memory_efficiency})";
    x.terms.push_back(
        {"elementwise_bytes", s.elementwise_bytes, "unit.bytes_per_gpu_microbatch_elementwise"});
    x.terms.push_back({"bandwidth", e.memory_bandwidth_bytes_per_s, "unit.bytes_per_s"});
    x.terms.push_back({"memory_efficiency", e.memory, "unit.share_of_bandwidth"});
  }
  x.formula += ")";
  return x;
}

Explanation repeated(const StepEstimate& step, double count, MessageCode count_unit, double each_s,
                     double bytes, const char* ref) {
  return {"{micro_batches} * {count} * {each_s}",
          {{"micro_batches", step.micro_batches, "unit.microbatches_per_step"},
           {"count", count, count_unit},
           {"each_s", each_s, "unit.s_each"},
           {"bytes", bytes, "unit.bytes_each"}},
          ref};
}

}  // namespace

void explain_step(const std::string& prefix, const std::string& time_key, const StepEstimate& step,
                  const ParallelPlan& plan, const TrainingEfficiency& e, Explanations& out) {
  const StageTime& s = step.slowest;
  const StageSync& y = step.sync;
  const StepBreakdown& b = step.breakdown;
  const std::string at = prefix + ".step_breakdown.";
  out.emplace_back(at + "compute_s", compute(step, e));
  out.emplace_back(at + "tp_comm_s",
                   repeated(step, s.tp_collectives, "unit.collectives_per_microbatch",
                            s.tp_collective_s, s.tp_bytes, "korthikanti-2022"));
  out.emplace_back(
      at + "pp_bubble_s",
      Explanation{"({stage_sum_s} - {slowest_stage_s}) / {virtual_stages}",
                  {{"stage_sum_s", step.stage_sum_s, "unit.s_microbatch_all_stages"},
                   {"slowest_stage_s", s.total_s(), "unit.s_slowest_stage"},
                   {"virtual_stages", double(plan.virtual_stages), "unit.chunks_per_stage"},
                   {"pp", double(plan.pp), "unit.stages"}},
                  "narayanan-2021"});
  out.emplace_back(at + "pp_p2p_s", repeated(step, s.pp_sends, "unit.sends_per_microbatch",
                                             s.pp_send_s, s.pp_bytes, "narayanan-2021"));
  out.emplace_back(
      at + "dp_comm_s",
      Explanation{"{micro_batches} * {zero3_reduce_s} + max(0, {allreduce_s} - {window_s})",
                  {{"micro_batches", step.micro_batches, "unit.microbatches_per_step"},
                   {"zero3_reduce_s", s.zero_reduce_s, "unit.s_exposed_per_microbatch"},
                   {"allreduce_s", y.dp_raw_s, "unit.s_gradient_allreduce"},
                   {"window_s", y.dp_window_s, "unit.s_last_backward_overlap"},
                   {"gradient_bytes", y.dp_bytes, "unit.bytes_per_gpu"}},
                  "zero-2020"});
  out.emplace_back(at + "ep_comm_s",
                   repeated(step, s.ep_collectives, "unit.all_to_alls_per_microbatch",
                            s.ep_collective_s, s.ep_bytes, "gshard-2020"));
  out.emplace_back(at + "cp_comm_s",
                   repeated(step, s.cp_collectives, "unit.collectives_per_microbatch",
                            s.cp_collective_s, s.cp_bytes, "llama3-2024"));
  out.emplace_back(at + "zero_gather_s",
                   Explanation{"{micro_batches} * {gather_s}",
                               {{"micro_batches", step.micro_batches, "unit.microbatches_per_step"},
                                {"gather_s", s.zero_gather_s, "unit.s_exposed_per_microbatch"},
                                {"gather_all_s", s.zero_gather_raw_s, "unit.s_before_overlap"},
                                {"hidden_behind_s", s.zero_hidden_s, "unit.s_compute_to_hide_in"}},
                               "zero-2020"});
  out.emplace_back(at + "offload_s",
                   Explanation{"{micro_batches} * {parameter_fetch_s} + {optimizer_transfer_s}",
                               {{"micro_batches", step.micro_batches, "unit.microbatches_per_step"},
                                {"parameter_fetch_s", s.param_offload_s, "unit.s_per_microbatch"},
                                {"optimizer_transfer_s", step.offload_s, "unit.s_per_step"},
                                {"transfer_bytes", y.offload_bytes, "unit.bytes_per_step"}},
                               "zero-offload-2021"});
  const double rate = e.memory_bytes_per_s();
  out.emplace_back(at + "optimizer_s",
                   Explanation{rate > 0 ? "{optimizer_bytes} / ({bandwidth} * {memory_efficiency})"
                                        : "0 * {optimizer_bytes}",
                               {{"optimizer_bytes", y.optimizer_bytes, "unit.bytes_per_step"},
                                {"bandwidth", e.memory_bandwidth_bytes_per_s, "unit.bytes_per_s"},
                                {"memory_efficiency", e.memory, "unit.share_of_bandwidth"},
                                {"params", y.optimizer_params, "unit.params_per_gpu"}},
                               "zero-2020"});
  out.emplace_back(prefix + "." + time_key,
                   Explanation{"{compute} + {tp_comm} + {pp_bubble} + {pp_p2p} + {dp_comm} + "
                               "{ep_comm} + {cp_comm} + {zero_gather} + {offload} + {optimizer}",
                               {{"compute", b.compute_s, "unit.s"},
                                {"tp_comm", b.tp_comm_s, "unit.s"},
                                {"pp_bubble", b.pp_bubble_s, "unit.s"},
                                {"pp_p2p", b.pp_p2p_s, "unit.s"},
                                {"dp_comm", b.dp_comm_s, "unit.s"},
                                {"ep_comm", b.ep_comm_s, "unit.s"},
                                {"cp_comm", b.cp_comm_s, "unit.s"},
                                {"zero_gather", b.zero_gather_s, "unit.s"},
                                {"offload", b.offload_s, "unit.s"},
                                {"optimizer", b.optimizer_s, "unit.s"}},
                               "narayanan-2021"});
}

}  // namespace llm_sizer
