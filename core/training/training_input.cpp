#include "training/training_input.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "catalog/gpu_price.hpp"
#include "error.hpp"
#include "limits.hpp"
#include "model/tensors.hpp"
#include "serving/serving_input.hpp"
#include "step_time/lora.hpp"

namespace llm_sizer {
namespace {

// Training precisions: the matrix-unit rate the time uses and the dtype weights are kept in.
constexpr std::array kTrainingPrecisions = {"bf16", "fp16", "fp8", "tf32", "fp32"};

template <typename Enum, size_t N>
Enum choice(const FieldReader& r, std::string_view key, Enum fallback,
            const std::array<const char*, N>& names) {
  const std::vector<std::string_view> allowed(names.begin(), names.end());
  const std::string given = r.choice_or(key, names[static_cast<size_t>(fallback)], allowed);
  return static_cast<Enum>(std::find(allowed.begin(), allowed.end(), given) - allowed.begin());
}

Precision parse_precision(const FieldReader& r, const AcceleratorSpec& accelerator) {
  const std::vector<std::string_view> allowed(kTrainingPrecisions.begin(),
                                              kTrainingPrecisions.end());
  const std::string name = r.choice_or("precision", "bf16", allowed);
  const auto index = std::find(kPrecisionNames.begin(), kPrecisionNames.end(), name);
  const auto precision = static_cast<Precision>(index - kPrecisionNames.begin());
  if (!accelerator.peak_flops_per_s(precision)) {
    Json rates = Json::array();
    for (const auto candidate : kTrainingPrecisions) {
      const auto at = std::find(kPrecisionNames.begin(), kPrecisionNames.end(), candidate);
      if (accelerator.peak_flops_per_s(static_cast<Precision>(at - kPrecisionNames.begin()))) {
        rates.push_back(candidate);
      }
    }
    throw InputError(
        r.field("precision"),
        rates.empty()
            ? Message{"error.precision_no_rates", json_object({{"device", accelerator.name}})}
            : Message{"error.precision_rates",
                      json_object({{"device", accelerator.name}, {"rates", rates}})},
        "\"" + name + "\"");
  }
  return precision;
}

bool is_32bit(Precision p) {
  return p == Precision::fp32 || p == Precision::tf32;
}

std::string describe_int(int64_t value) {
  return std::to_string(value);
}

void parse_parallelism(const FieldReader& r, const ModelSpec& m, int64_t gpu_count,
                       TrainingInput& in) {
  ParallelPlan& plan = in.plan;
  plan.tp = r.int_or("tp", 1, limits::kDevices);
  if (m.num_heads % plan.tp != 0) {
    throw InputError(r.field("tp"),
                     Message{"error.divide_model_heads", json_object({{"heads", m.num_heads}})},
                     describe_int(plan.tp));
  }
  // Stages may be uneven (Llama 3 405B: 126 layers on 16 stages); each needs a layer.
  const auto layers = static_cast<int64_t>(m.layers.size());
  plan.pp = r.int_or("pp", 1, limits::kDevices);
  if (plan.pp > layers) {
    throw InputError(r.field("pp"),
                     Message{"error.pp_at_most_layers", json_object({{"layers", layers}})},
                     describe_int(plan.pp));
  }
  plan.cp = r.int_or("cp", 1, limits::kDevices);
  if (in.seq_len % plan.cp != 0) {
    throw InputError(r.field("cp"),
                     Message{"error.cp_divide_seq_len", json_object({{"seq_len", in.seq_len}})},
                     describe_int(plan.cp));
  }
  const int64_t model_parallel = plan.tp * plan.pp * plan.cp;
  if (const auto dp = r.optional_int("dp", limits::kDevices)) {
    if (*dp * model_parallel != gpu_count) {
      const Json given =
          json_object({{"count", gpu_count}, {"tp", plan.tp}, {"pp", plan.pp}, {"cp", plan.cp}});
      Json with_dp = given;
      with_dp["dp"] = gpu_count / model_parallel;
      throw InputError(r.field("dp"),
                       gpu_count % model_parallel == 0 ? Message{"error.dp_product_cp", with_dp}
                                                       : Message{"error.dp_no_fit_cp", given},
                       describe_int(*dp));
    }
    plan.dp = *dp;
  } else {
    if (gpu_count % model_parallel != 0) {
      throw InputError("hardware.count",
                       Message{"error.count_multiple_of_model_parallel_cp",
                               json_object({{"tp_pp_cp", model_parallel}})},
                       describe_int(gpu_count));
    }
    plan.dp = gpu_count / model_parallel;
  }
  plan.ep = r.int_or("ep", 1, limits::kDevices);
  if (plan.ep > 1 && !m.is_moe()) {
    throw InputError(r.field("ep"), {"error.ep_dense"}, describe_int(plan.ep));
  }
  if (m.is_moe() && m.moe.num_experts % plan.ep != 0) {
    throw InputError(
        r.field("ep"),
        Message{"error.divide_routed_experts", json_object({{"experts", m.moe.num_experts}})},
        describe_int(plan.ep));
  }
  if (plan.dp % plan.ep != 0) {
    throw InputError(r.field("ep"), Message{"error.ep_divide_dp", json_object({{"dp", plan.dp}})},
                     describe_int(plan.ep));
  }
}

void parse_schedule(const FieldReader& r, const ModelSpec& m, ParallelPlan& plan) {
  plan.schedule = choice(r, "pipeline_schedule", PipelineSchedule::one_f_one_b, kScheduleNames);
  if (plan.schedule == PipelineSchedule::one_f_one_b) {
    plan.virtual_stages = r.int_or("virtual_stages", 1, 1, 1);
    return;
  }
  if (plan.pp < 2) {
    throw InputError(r.field("pipeline_schedule"), {"error.interleaved_needs_pp"},
                     "\"interleaved\" with pp " + std::to_string(plan.pp));
  }
  const auto layers = static_cast<int64_t>(m.layers.size());
  plan.virtual_stages = r.int_or("virtual_stages", 2, limits::kVirtualStages);
  if (plan.pp * plan.virtual_stages > layers) {
    throw InputError(r.field("virtual_stages"),
                     Message{"error.virtual_stages_layers", json_object({{"layers", layers}})},
                     describe_int(plan.virtual_stages));
  }
}

// GRPO: each optimizer step trains on the step's answers over its mini-batches, as whole
// sequences; the accumulation follows from the plan unless the planner picks it.
void parse_rl_batch(TrainingInput& in) {
  ParallelPlan& plan = in.plan;
  const RlSettings& rl = in.rl;
  const int64_t per_update = rl.sequences() / rl.mini_batches;
  in.requested_global_batch_tokens = double(per_update) * double(in.seq_len);
  if (in.plan_from_planner) return;
  const int64_t per_accumulation_step = plan.micro_batch * plan.dp;
  if (per_update < per_accumulation_step) {
    throw InputError("training.rl.mini_batches",
                     Message{"error.rl_batch_too_small",
                             json_object({{"sequences", per_update},
                                          {"per_accumulation_step", per_accumulation_step}})},
                     std::to_string(rl.mini_batches));
  }
  plan.grad_accumulation =
      std::max<int64_t>(1, std::llround(double(per_update) / double(per_accumulation_step)));
}

void parse_batch(const FieldReader& r, TrainingInput& in, Warnings& warnings) {
  ParallelPlan& plan = in.plan;
  plan.micro_batch = r.int_or("micro_batch", 1, limits::kSequences);
  if (in.reinforcement()) return parse_rl_batch(in);
  const double per_accumulation_step =
      double(plan.micro_batch) * double(in.seq_len) * double(plan.dp);
  std::optional<double> global =
      r.optional_number("global_batch_tokens", limits::kGlobalBatchTokens);
  const bool given = global.has_value();
  if (!given) {
    // One default batch for every plan, the planner's or the scenario's (TrainingDefaults): a
    // plan given without a batch still accumulates micro-batches as real runs do, so its pipeline
    // bubble and data-parallel synchronisation are those of a real step.
    const double seq = double(in.seq_len);
    const double tokens =
        std::max(TrainingDefaults::planner_global_batch_tokens,
                 double(in.gpus()) / TrainingDefaults::planner_gpus_per_sequence * seq);
    global = std::max(1.0, std::round(tokens / seq)) * seq;
    if (!in.plan_from_planner) {
      global = std::max(1.0, std::round(*global / per_accumulation_step)) * per_accumulation_step;
    }
  }
  in.requested_global_batch_tokens = *global;
  if (in.plan_from_planner) return;  // the accumulation comes with the chosen plan
  if (*global < per_accumulation_step) {
    throw InputError(r.field("global_batch_tokens"),
                     Message{"error.global_batch_too_small",
                             json_object({{"tokens", describe_number(per_accumulation_step)}})},
                     describe_value(*r.find("global_batch_tokens")));
  }
  plan.grad_accumulation = std::llround(*global / per_accumulation_step);
  if (given && double(plan.grad_accumulation) * per_accumulation_step != *global) {
    warnings.push_back(
        {r.field("global_batch_tokens"),
         {"warning.global_batch_rounded",
          json_object({{"steps", plan.grad_accumulation}, {"tokens", in.global_batch_tokens()}})}});
  }
}

int64_t parse_seq_len(const FieldReader& r, const ModelSpec& m, Warnings& warnings) {
  const int64_t context = m.max_position_embeddings;
  const int64_t default_seq =
      context > 0 ? std::min(TrainingDefaults::seq_len, context) : TrainingDefaults::seq_len;
  const int64_t seq_len = r.int_or("seq_len", default_seq, limits::kSequenceTokens);
  if (context > 0 && seq_len > context) {
    warnings.push_back({r.field("seq_len"),
                        {"warning.seq_len_over_context", json_object({{"context", context}})}});
  }
  return seq_len;
}

void parse_precision_and_optimizer(const FieldReader& r, const AcceleratorSpec& accelerator,
                                   TrainingInput& in) {
  in.precision = parse_precision(r, accelerator);
  // Mixed precision keeps an fp32 master copy (Micikevicius et al. 2018); QLoRA trains its
  // adapters directly in bf16 (qlora.py casts LoraLayer modules to bfloat16).
  const bool wide = is_32bit(in.precision);
  in.master_weights = r.bool_or("master_weights", !wide && in.method != TrainingMethod::qlora);
  if (wide && in.master_weights) {
    throw InputError(r.field("master_weights"), {"error.master_weights_32bit"}, "true");
  }
  // qlora.py's default optimizer is paged_adamw_32bit.
  in.optimizer =
      choice(r, "optimizer",
             in.method == TrainingMethod::qlora ? Optimizer::paged_adamw_32bit : Optimizer::adamw,
             kOptimizerNames);
  ParallelPlan& plan = in.plan;
  plan.zero_stage = static_cast<int>(r.int_or("zero_stage", 0, 0, 3));
  plan.offload = choice(r, "offload", Offload::none, kOffloadNames);
  // DeepSpeed ZeRO-Offload moves a ZeRO partition, so it needs ZeRO; parameters only at stage 3.
  if (plan.offload == Offload::optimizer && plan.zero_stage < 1) {
    throw InputError(r.field("offload"), {"error.offload_optimizer_needs_zero"},
                     "\"optimizer\" with zero_stage " + std::to_string(plan.zero_stage));
  }
  if (plan.offload == Offload::optimizer_and_params && plan.zero_stage != 3) {
    throw InputError(r.field("offload"), {"error.offload_params_needs_zero3"},
                     "\"optimizer_and_params\" with zero_stage " + std::to_string(plan.zero_stage));
  }
}

void parse_lora(const FieldReader& r, const ModelSpec& m, TrainingInput& in, Warnings& warnings) {
  if (!in.parameter_efficient()) {
    for (const auto key : {"lora_rank", "lora_modules"}) {
      if (r.has(key)) {
        throw InputError(r.field(key), {"error.lora_only"}, describe_value(*r.find(key)));
      }
    }
    return;
  }
  in.lora_rank = r.int_or("lora_rank", TrainingDefaults::lora_rank, limits::kLoraRank);
  if (r.has("lora_modules")) {
    in.lora_modules = r.string_list("lora_modules", kLoraModuleNames.size());
    const Message allowed{"error.lora_modules"};
    if (in.lora_modules.empty()) throw InputError(r.field("lora_modules"), allowed, "[]");
    for (const auto& name : in.lora_modules) {
      const bool known = std::find(kLoraModuleNames.begin(), kLoraModuleNames.end(), name) !=
                         kLoraModuleNames.end();
      const bool repeated = std::count(in.lora_modules.begin(), in.lora_modules.end(), name) > 1;
      if (!known || repeated) {
        throw InputError(r.field("lora_modules"), allowed, describe_value(*r.find("lora_modules")));
      }
    }
  } else {
    // QLoRA (Dettmers et al. 2023, section 4): adapters on every linear layer of the blocks are
    // needed to match full fine-tuning.
    in.lora_modules.assign(kLoraModuleNames.begin(), kLoraModuleNames.end());
  }
  const auto tensors = list_tensors(m);
  if (lora_adapters(m, tensors, in.lora_modules).empty()) {
    throw InputError(r.field("lora_modules"), {"error.lora_modules_none_in_model"},
                     describe_value(Json(in.lora_modules)));
  }
  for (const auto& name : in.lora_modules) {
    // The default names every projection; a GeLU MLP simply has no gate, no need to say so.
    if (r.has("lora_modules") && lora_adapters(m, tensors, {name}).empty()) {
      warnings.push_back(
          {r.field("lora_modules"),
           {"warning.lora_module_matches_nothing", json_object({{"module", name}})}});
    }
  }
}

GoodputSettings parse_reliability(const FieldReader& r) {
  GoodputSettings g;
  g.gpu_mtbf_hours =
      r.number_or("gpu_mtbf_hours", TrainingDefaults::gpu_mtbf_hours, limits::kMtbfHours);
  g.restart_s = r.number_or("restart_s", TrainingDefaults::restart_s, limits::kRestartS);
  g.checkpoint_interval_s =
      r.optional_number("checkpoint_interval_s", limits::kCheckpointIntervalS);
  g.checkpoint_write_bytes_per_s =
      r.number_or("checkpoint_write_bytes_per_s", TrainingDefaults::checkpoint_write_bytes_per_s,
                  limits::kStorageBytesPerS);
  g.checkpoint_async = r.bool_or("checkpoint_async", false);
  g.eval_fraction = r.number_or("eval_fraction", 0, limits::kLostFraction);
  g.data_stall_fraction = r.number_or("data_stall_fraction", 0, limits::kLostFraction);
  return g;
}

void parse_money(const FieldReader& r, const AcceleratorSpec& accelerator, const Catalog& catalog,
                 TrainingInput& in, Warnings& warnings) {
  in.price_per_gpu_hour_usd = r.optional_number("price_per_gpu_hour_usd", limits::kUsdPerGpuHour);
  if (in.price_per_gpu_hour_usd) {
    in.price_source = json_object({{"kind", "scenario"}});
  } else if (const auto price = catalog_gpu_price(catalog, accelerator.id)) {
    in.price_per_gpu_hour_usd = price->usd_per_gpu_hour;
    in.price_source = price->source;
  } else {
    in.price_source = json_object({{"kind", "none"}});
    warnings.push_back(
        {r.field("price_per_gpu_hour_usd"),
         {"warning.no_price_training", json_object({{"device", accelerator.name}})}});
  }
  in.discount = r.number_or("discount", 0, NumberRange{0, 1, false, true});
  in.pue = r.number_or("pue", TrainingDefaults::pue, limits::kPue);
  in.electricity_usd_per_kwh = r.optional_number("electricity_usd_per_kwh", limits::kUsdPerKwh);
  if (!accelerator.tdp_w) {
    warnings.push_back(
        {"hardware.accelerator", {"warning.no_tdp", json_object({{"device", accelerator.name}})}});
  }
}

// training.rl: the batch a GRPO or PPO step generates and trains on (defaults: RlDefaults, with
// `group_size` answers per prompt).
RlSettings parse_rl(const FieldReader& training, int64_t group_size) {
  const Json empty = Json::object();
  const Json* section = training.find("rl");
  const FieldReader r(section ? *section : empty, "training.rl");
  r.reject_unknown({"prompts_per_step", "group_size", "prompt_tokens", "response_tokens",
                    "response_tokens_p99", "mini_batches", "epochs", "kl_reference", "reward_model",
                    "steps"});
  RlSettings rl;
  rl.prompts_per_step =
      r.int_or("prompts_per_step", RlDefaults::prompts_per_step, limits::kRlPrompts);
  rl.group_size = r.int_or("group_size", group_size, limits::kRlGroupSize);
  rl.prompt_tokens = r.int_or("prompt_tokens", RlDefaults::prompt_tokens, limits::kSequenceTokens);
  // Answers' lengths spread as a serving workload's do (log-normal with this p99).
  const LengthDistribution responses =
      read_lengths(r, "response_tokens", RlDefaults::response_tokens);
  rl.response_tokens = responses.mean;
  rl.response_tokens_p99 = responses.p99;
  rl.mini_batches = r.int_or("mini_batches", RlDefaults::mini_batches, limits::kRlMiniBatches);
  if (rl.sequences() % rl.mini_batches != 0) {
    throw InputError(
        r.field("mini_batches"),
        Message{"error.rl_mini_batches_divide", json_object({{"sequences", rl.sequences()}})},
        std::to_string(rl.mini_batches));
  }
  rl.epochs = r.int_or("epochs", 1, limits::kRlEpochs);
  rl.kl_reference = r.bool_or("kl_reference", true);
  rl.reward_model = r.bool_or("reward_model", false);
  rl.steps = r.int_or("steps", RlDefaults::steps, limits::kRlSteps);
  const double tokens = double(rl.steps) * double(rl.sequences()) *
                        double(rl.prompt_tokens + rl.response_tokens) * double(rl.epochs);
  if (!limits::kTrainingTokens.contains(tokens)) {
    throw InputError(r.field("steps"),
                     Message{"error.rl_tokens", json_object({{"tokens", describe_number(tokens)}})},
                     std::to_string(rl.steps));
  }
  return rl;
}

// training.objective and, for DPO, where its reference comes from (by default the model's own
// copy in full training, the base with the adapters off under LoRA/QLoRA: TRL's defaults).
void parse_objective(const FieldReader& r, TrainingInput& in) {
  in.objective = choice(r, "objective", Objective::language_modeling, kObjectiveNames);
  if (!in.reinforcement()) {
    for (const auto key : {"rl", "rollout"}) {
      if (r.has(key)) {
        throw InputError(r.field(key), {"error.rl_needs_grpo"}, describe_value(*r.find(key)));
      }
    }
  }
  const DpoReference fallback =
      in.parameter_efficient() ? DpoReference::adapters_off : DpoReference::model;
  if (in.objective != Objective::dpo) {
    if (r.has("dpo_reference")) {
      throw InputError(r.field("dpo_reference"), {"error.dpo_reference_needs_dpo"},
                       describe_value(*r.find("dpo_reference")));
    }
    return;
  }
  in.dpo_reference = choice(r, "dpo_reference", fallback, kDpoReferenceNames);
  if (in.dpo_reference == DpoReference::adapters_off && !in.parameter_efficient()) {
    throw InputError(r.field("dpo_reference"), {"error.dpo_adapters_off_needs_lora"},
                     "\"adapters_off\" with method \"full\"");
  }
}

}  // namespace

TrainingInput parse_training(const Json& section, const ModelSpec& model, double params_active,
                             const AcceleratorSpec& accelerator, int64_t gpu_count,
                             const Catalog& catalog, Warnings& warnings) {
  const FieldReader r(section, "training");
  r.reject_unknown({"method",
                    "tokens",
                    "mfu",
                    "precision",
                    "master_weights",
                    "optimizer",
                    "zero_stage",
                    "offload",
                    "tp",
                    "pp",
                    "dp",
                    "micro_batch",
                    "seq_len",
                    "global_batch_tokens",
                    "recompute",
                    "flash_attention",
                    "sequence_parallel",
                    "dropout",
                    "lora_rank",
                    "lora_modules",
                    "target_days",
                    "margin",
                    "compute_budget_flops",
                    "price_per_gpu_hour_usd",
                    "discount",
                    "pue",
                    "electricity_usd_per_kwh",
                    "cuda_context_bytes",
                    "fragmentation",
                    "cp",
                    "ep",
                    "pipeline_schedule",
                    "virtual_stages",
                    "overlap_dp_comm",
                    "causal_attention_flops",
                    "compute_efficiency",
                    "goodput",
                    "gpu_mtbf_hours",
                    "restart_s",
                    "checkpoint_interval_s",
                    "checkpoint_write_bytes_per_s",
                    "checkpoint_async",
                    "eval_fraction",
                    "data_stall_fraction",
                    "objective",
                    "dpo_reference",
                    "rl",
                    "rollout"});
  TrainingInput in;
  in.plan_from_planner = std::none_of(kPlanFields.begin(), kPlanFields.end(),
                                      [&](std::string_view key) { return r.has(key); });
  in.method = choice(r, "method", TrainingMethod::full, kMethodNames);
  parse_objective(r, in);
  if (in.reinforcement()) {
    // A GRPO or PPO step's batch sets the sequences, the batch and the tokens trained on.
    for (const auto key : {"tokens", "seq_len", "global_batch_tokens"}) {
      if (r.has(key)) {
        throw InputError(r.field(key), {"error.rl_sets_field"}, describe_value(*r.find(key)));
      }
    }
    in.rl = parse_rl(r, in.critic() ? 1 : RlDefaults::group_size);
  }
  in.default_tokens = !r.has("tokens") && !in.reinforcement();
  in.tokens = in.reinforcement()
                  ? double(in.rl.steps) * double(in.rl.sequences()) *
                        double(in.rl.prompt_tokens + in.rl.response_tokens) * double(in.rl.epochs)
                  : r.number_or("tokens",
                                in.parameter_efficient()
                                    ? TrainingDefaults::finetune_tokens
                                    : TrainingDefaults::chinchilla_tokens_per_param * params_active,
                                limits::kTrainingTokens);
  in.mfu = r.optional_number("mfu", limits::kMfu);
  if (in.mfu && *in.mfu > TrainingDefaults::suspicious_mfu) {
    warnings.push_back({r.field("mfu"), {"warning.mfu_above_published"}});
  }
  parse_precision_and_optimizer(r, accelerator, in);
  if (in.reinforcement()) {
    in.seq_len = in.rl.prompt_tokens + in.rl.response_tokens;
    const int64_t context = model.max_position_embeddings;
    if (context > 0 && in.seq_len > context) {
      warnings.push_back({"training.rl.response_tokens",
                          {"warning.seq_len_over_context", json_object({{"context", context}})}});
    }
  } else {
    in.seq_len = parse_seq_len(r, model, warnings);
  }
  parse_parallelism(r, model, gpu_count, in);
  parse_batch(r, in, warnings);
  in.plan.recompute = choice(r, "recompute", Recompute::none, kRecomputeNames);
  in.flash_attention = r.bool_or("flash_attention", true);
  in.plan.sequence_parallel = r.bool_or("sequence_parallel", false);
  parse_schedule(r, model, in.plan);
  in.dropout = r.bool_or("dropout", false);
  in.overlap_dp_comm = r.bool_or("overlap_dp_comm", true);
  in.causal_attention_flops = r.bool_or("causal_attention_flops", false);
  in.compute_efficiency = r.optional_number("compute_efficiency", limits::kEfficiency);
  in.goodput = r.optional_number("goodput", limits::kGoodput);
  in.reliability = parse_reliability(r);
  parse_lora(r, model, in, warnings);
  in.target_days = r.optional_number("target_days", limits::kDays);
  in.margin = r.number_or("margin", 0, limits::kMargin);
  in.compute_budget_flops =
      r.number_or("compute_budget_flops", 6 * params_active * in.tokens, limits::kFlops);
  parse_money(r, accelerator, catalog, in, warnings);
  in.cuda_context_bytes = r.number_or("cuda_context_bytes", TrainingDefaults::cuda_context_bytes,
                                      limits::kOverheadBytes);
  in.fragmentation =
      r.number_or("fragmentation", TrainingDefaults::fragmentation, NumberRange{0, 1, false, true});
  return in;
}

Json training_input_to_json(const TrainingInput& in) {
  const ParallelPlan& plan = in.plan;
  Json out = json_object({{"method", method_name(in.method)},
                          {"tokens", in.tokens},
                          {"precision", precision_name(in.precision)},
                          {"master_weights", in.master_weights},
                          {"optimizer", optimizer_name(in.optimizer)},
                          {"zero_stage", plan.zero_stage},
                          {"offload", offload_name(plan.offload)},
                          {"tp", plan.tp},
                          {"pp", plan.pp},
                          {"dp", plan.dp},
                          {"cp", plan.cp},
                          {"ep", plan.ep},
                          {"micro_batch", plan.micro_batch},
                          {"seq_len", in.seq_len},
                          {"global_batch_tokens", in.global_batch_tokens()},
                          {"recompute", recompute_name(plan.recompute)},
                          {"flash_attention", in.flash_attention},
                          {"sequence_parallel", plan.sequence_parallel},
                          {"pipeline_schedule", schedule_name(plan.schedule)},
                          {"virtual_stages", plan.virtual_stages},
                          {"dropout", in.dropout},
                          {"overlap_dp_comm", in.overlap_dp_comm},
                          {"causal_attention_flops", in.causal_attention_flops},
                          {"margin", in.margin},
                          {"compute_budget_flops", in.compute_budget_flops},
                          {"discount", in.discount},
                          {"pue", in.pue},
                          {"cuda_context_bytes", in.cuda_context_bytes},
                          {"fragmentation", in.fragmentation}});
  // Given only: absent, the step-time model gives the speed (the result's assumptions say what).
  if (in.mfu) out["mfu"] = *in.mfu;
  if (in.compute_efficiency) out["compute_efficiency"] = *in.compute_efficiency;
  if (in.goodput) out["goodput"] = *in.goodput;
  const GoodputSettings& g = in.reliability;
  out["gpu_mtbf_hours"] = g.gpu_mtbf_hours;
  out["restart_s"] = g.restart_s;
  if (g.checkpoint_interval_s) out["checkpoint_interval_s"] = *g.checkpoint_interval_s;
  out["checkpoint_write_bytes_per_s"] = g.checkpoint_write_bytes_per_s;
  out["checkpoint_async"] = g.checkpoint_async;
  out["eval_fraction"] = g.eval_fraction;
  out["data_stall_fraction"] = g.data_stall_fraction;
  if (in.parameter_efficient()) {
    out["lora_rank"] = in.lora_rank;
    out["lora_modules"] = in.lora_modules;
  }
  out["objective"] = objective_name(in.objective);
  if (in.objective == Objective::dpo) out["dpo_reference"] = dpo_reference_name(in.dpo_reference);
  if (in.reinforcement()) {
    // The batch sets these (and refuses them), so the echo reruns as it is.
    for (const auto key : {"tokens", "seq_len", "global_batch_tokens"}) out.erase(key);
    const RlSettings& rl = in.rl;
    out["rl"] = json_object({{"prompts_per_step", rl.prompts_per_step},
                             {"group_size", rl.group_size},
                             {"prompt_tokens", rl.prompt_tokens},
                             {"response_tokens", rl.response_tokens},
                             {"mini_batches", rl.mini_batches},
                             {"epochs", rl.epochs},
                             {"kl_reference", rl.kl_reference},
                             {"reward_model", rl.reward_model},
                             {"steps", rl.steps}});
    if (rl.response_tokens_p99) out["rl"]["response_tokens_p99"] = *rl.response_tokens_p99;
  }
  if (in.target_days) out["target_days"] = *in.target_days;
  if (in.price_per_gpu_hour_usd) out["price_per_gpu_hour_usd"] = *in.price_per_gpu_hour_usd;
  if (in.electricity_usd_per_kwh) out["electricity_usd_per_kwh"] = *in.electricity_usd_per_kwh;
  return out;
}

Json training_choices() {
  return json_object({{"method", kMethodNames},
                      {"recompute", kRecomputeNames},
                      {"optimizer", kOptimizerNames},
                      {"offload", kOffloadNames},
                      {"pipeline_schedule", kScheduleNames},
                      {"objective", kObjectiveNames},
                      {"dpo_reference", kDpoReferenceNames},
                      {"precision", kTrainingPrecisions}});
}

}  // namespace llm_sizer
