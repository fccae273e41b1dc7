#include "planner/step_json.hpp"

namespace llm_sizer {

Json step_breakdown_json(const StepBreakdown& b) {
  return {{"compute_s", b.compute_s},     {"tp_comm_s", b.tp_comm_s},
          {"pp_bubble_s", b.pp_bubble_s}, {"pp_p2p_s", b.pp_p2p_s},
          {"dp_comm_s", b.dp_comm_s},     {"ep_comm_s", b.ep_comm_s},
          {"cp_comm_s", b.cp_comm_s},     {"zero_gather_s", b.zero_gather_s},
          {"offload_s", b.offload_s}};
}

Json parallelism_json(const ParallelPlan& p) {
  return {{"tp", p.tp},
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
          {"virtual_stages", p.virtual_stages}};
}

namespace {

Explanation compute(const StepEstimate& step, const TrainingEfficiency& e) {
  const StageTime& s = step.slowest;
  Explanation x;
  x.ref = "llm-foundry-throughput";
  x.formula =
      "{micro_batches} * ({matmul_flops} / ({matmul_peak} * {efficiency} * {low_precision}) + "
      "{attention_flops} / ({attention_peak} * {efficiency})";
  x.terms = {{"micro_batches", step.micro_batches, "micro-batches per step"},
             {"matmul_flops", s.matmul_flops, "FLOPs per GPU per micro-batch, weight matmuls"},
             {"matmul_peak", e.matmul_peak_flops_per_s, "FLOP/s, dense peak"},
             {"efficiency", e.compute, "share of peak"},
             {"low_precision", e.low_precision_factor, "FP8 matmul factor"},
             {"attention_flops", s.attention_flops, "FLOPs per GPU per micro-batch, attention"},
             {"attention_peak", e.attention_peak_flops_per_s, "FLOP/s, 16-bit peak"}};
  if (e.memory_bytes_per_s() > 0) {
    x.formula += " + {elementwise_bytes} / ({bandwidth} * {memory_efficiency})";
    x.terms.push_back(
        {"elementwise_bytes", s.elementwise_bytes, "bytes per GPU per micro-batch, elementwise"});
    x.terms.push_back({"bandwidth", e.memory_bandwidth_bytes_per_s, "bytes/s"});
    x.terms.push_back({"memory_efficiency", e.memory, "share of bandwidth"});
  }
  x.formula += ")";
  return x;
}

Explanation repeated(const StepEstimate& step, double count, const char* count_unit, double each_s,
                     double bytes, const char* ref) {
  return {"{micro_batches} * {count} * {each_s}",
          {{"micro_batches", step.micro_batches, "micro-batches per step"},
           {"count", count, count_unit},
           {"each_s", each_s, "s each"},
           {"bytes", bytes, "bytes each"}},
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
  out.emplace_back(at + "tp_comm_s", repeated(step, s.tp_collectives, "collectives per micro-batch",
                                              s.tp_collective_s, s.tp_bytes, "korthikanti-2022"));
  out.emplace_back(at + "pp_bubble_s",
                   Explanation{"({stage_sum_s} - {slowest_stage_s}) / {virtual_stages}",
                               {{"stage_sum_s", step.stage_sum_s, "s, one micro-batch, all stages"},
                                {"slowest_stage_s", s.total_s(), "s, the slowest stage"},
                                {"virtual_stages", double(plan.virtual_stages), "chunks per stage"},
                                {"pp", double(plan.pp), "stages"}},
                               "narayanan-2021"});
  out.emplace_back(at + "pp_p2p_s", repeated(step, s.pp_sends, "sends per micro-batch", s.pp_send_s,
                                             s.pp_bytes, "narayanan-2021"));
  out.emplace_back(
      at + "dp_comm_s",
      Explanation{"{micro_batches} * {zero3_reduce_s} + max(0, {allreduce_s} - {window_s})",
                  {{"micro_batches", step.micro_batches, "micro-batches per step"},
                   {"zero3_reduce_s", s.zero_reduce_s, "s exposed per micro-batch"},
                   {"allreduce_s", y.dp_raw_s, "s, gradient all-reduce"},
                   {"window_s", y.dp_window_s, "s of the last backward it overlaps"},
                   {"gradient_bytes", y.dp_bytes, "bytes per GPU"}},
                  "zero-2020"});
  out.emplace_back(at + "ep_comm_s", repeated(step, s.ep_collectives, "all-to-alls per micro-batch",
                                              s.ep_collective_s, s.ep_bytes, "gshard-2020"));
  out.emplace_back(at + "cp_comm_s", repeated(step, s.cp_collectives, "collectives per micro-batch",
                                              s.cp_collective_s, s.cp_bytes, "llama3-2024"));
  out.emplace_back(at + "zero_gather_s",
                   Explanation{"{micro_batches} * {gather_s}",
                               {{"micro_batches", step.micro_batches, "micro-batches per step"},
                                {"gather_s", s.zero_gather_s, "s exposed per micro-batch"},
                                {"gather_all_s", s.zero_gather_raw_s, "s before overlap"},
                                {"hidden_behind_s", s.zero_hidden_s, "s of compute to hide in"}},
                               "zero-2020"});
  out.emplace_back(at + "offload_s",
                   Explanation{"{micro_batches} * {parameter_fetch_s} + {optimizer_transfer_s}",
                               {{"micro_batches", step.micro_batches, "micro-batches per step"},
                                {"parameter_fetch_s", s.param_offload_s, "s per micro-batch"},
                                {"optimizer_transfer_s", step.offload_s, "s per step"},
                                {"transfer_bytes", y.offload_bytes, "bytes per step"}},
                               "zero-offload-2021"});
  out.emplace_back(prefix + "." + time_key,
                   Explanation{"{compute} + {tp_comm} + {pp_bubble} + {pp_p2p} + {dp_comm} + "
                               "{ep_comm} + {cp_comm} + {zero_gather} + {offload}",
                               {{"compute", b.compute_s, "s"},
                                {"tp_comm", b.tp_comm_s, "s"},
                                {"pp_bubble", b.pp_bubble_s, "s"},
                                {"pp_p2p", b.pp_p2p_s, "s"},
                                {"dp_comm", b.dp_comm_s, "s"},
                                {"ep_comm", b.ep_comm_s, "s"},
                                {"cp_comm", b.cp_comm_s, "s"},
                                {"zero_gather", b.zero_gather_s, "s"},
                                {"offload", b.offload_s, "s"}},
                               "narayanan-2021"});
}

}  // namespace llm_sizer
