#include "post_training/rollout_input.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "error.hpp"
#include "inference/inference_input.hpp"
#include "inference/runtime_profile.hpp"
#include "json_object.hpp"
#include "limits.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {
namespace {

// The engine's share of a GPU it shares with the training states: verl's
// actor_rollout_ref.rollout.gpu_memory_utilization (verl/trainer/config/ppo_trainer.yaml, 0.5;
// vLLM sleeps between steps, freeing its weights and KV cache, free_cache_engine).
constexpr double kColocatedMemoryFraction = 0.5;
// The default tensor parallelism leaves the weights at most this share of the engine's budget,
// the rest for the KV cache of the step's batch (verl's Qwen2-7B example: 15 GB of weights on
// TP 2 in 0.6 of an 80 GB GPU, 16% of it).
constexpr double kWeightsShareOfBudget = 0.5;
constexpr std::array<std::string_view, 2> kPlacementNames = {"colocated", "separate"};
// The engines RL frameworks generate with (verl, OpenRLHF, NeMo-RL: vLLM; verl, slime: SGLang).
constexpr std::array<std::string_view, 2> kRolloutRuntimes = {"vllm", "sglang"};
// Engine fields a rollout takes as the inference section does.
constexpr std::array<std::string_view, 7> kEngineFields = {
    "weights",           "kv_cache",           "gpu_memory_fraction",
    "max_num_seqs",      "max_batched_tokens", "memory_efficiency",
    "compute_efficiency"};

// The engine can run at tp: the query heads divide evenly and the KV heads share out.
bool splits_attention(const ModelSpec& m, int64_t tp) {
  return m.num_heads % tp == 0 && kv_heads_split(m, tp);
}

// The fewest devices (a power of two dividing the pool and the heads) whose share of the
// weights fits in kWeightsShareOfBudget of the engine's memory; else the most that divide.
int64_t default_tp(const ModelSpec& m, double weights_bytes, double budget_bytes, int64_t gpus) {
  int64_t best = 1;
  for (int64_t tp = 1; tp <= gpus; tp *= 2) {
    if (gpus % tp != 0 || !splits_attention(m, tp)) continue;
    best = tp;
    if (weights_bytes / double(tp) <= kWeightsShareOfBudget * budget_bytes) break;
  }
  return best;
}

}  // namespace

RolloutInput parse_rollout(const Json* section, const TrainingInput& training,
                           const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                           const AcceleratorSpec& device, int64_t training_gpus,
                           const Catalog& catalog, Warnings& warnings) {
  const Json empty = Json::object();
  const FieldReader r(section ? *section : empty, "training.rollout");
  r.reject_unknown({"placement", "gpus", "async", "runtime", "tp", "weights", "kv_cache",
                    "gpu_memory_fraction", "max_num_seqs", "max_batched_tokens",
                    "memory_efficiency", "compute_efficiency"});
  RolloutInput in;
  const std::string placement =
      r.choice_or("placement", "colocated", {kPlacementNames.begin(), kPlacementNames.end()});
  in.placement = placement == "separate" ? RolloutPlacement::separate : RolloutPlacement::colocated;
  if (in.placement == RolloutPlacement::separate) {
    in.gpus = r.int_or("gpus", training_gpus, limits::kDevices);
    in.async = r.bool_or("async", false);
  } else {
    for (const auto key : {"gpus", "async"}) {
      if (r.has(key)) {
        throw InputError(r.field(key), {"error.rollout_separate_only"},
                         describe_value(*r.find(key)));
      }
    }
    in.gpus = training_gpus;
  }
  const std::string runtime =
      r.choice_or("runtime", "vllm", {kRolloutRuntimes.begin(), kRolloutRuntimes.end()});

  Json engine = json_object({{"runtime", runtime}});
  for (const std::string_view key : kEngineFields) {
    if (const Json* value = r.find(key)) engine[std::string(key)] = *value;
  }
  if (in.placement == RolloutPlacement::colocated && !r.has("gpu_memory_fraction")) {
    engine["gpu_memory_fraction"] = kColocatedMemoryFraction;
  }
  // The step's requests: its prompts, and answers capped at the p99 (RL runs cut answers at
  // max_response_length), in an engine whose max_model_len holds both.
  const RlSettings& rl = training.rl;
  const int64_t longest = rl.response_tokens_p99.value_or(rl.response_tokens);
  engine["prompt_tokens"] = rl.prompt_tokens;
  engine["output_tokens"] = rl.response_tokens;
  engine["context_tokens"] = rl.prompt_tokens + longest;
  engine["allow_long_context"] = true;
  if (const auto tp = r.optional_int("tp", limits::kDevices)) {
    engine["tp"] = *tp;
  } else {
    const WeightFormat format =
        parse_weight_format(r.optional_string("weights").value_or("bf16"), r.field("weights"));
    const double fraction =
        engine.contains("gpu_memory_fraction") && engine["gpu_memory_fraction"].is_number()
            ? engine["gpu_memory_fraction"].get<double>()
            : runtime_defaults(runtime == "sglang" ? Runtime::sglang : Runtime::vllm, device, 1)
                  .gpu_memory_fraction;
    const double weights = WeightsSizer(model, tensors)(format).bytes;
    engine["tp"] =
        default_tp(model, weights, fraction * usable_device_memory_bytes(device), in.gpus);
  }
  ServingInput& s = in.serving;
  s.instance =
      parse_inference(engine, model, device, in.gpus, false, catalog, warnings, "training.rollout");
  s.replicas = in.gpus / s.instance.tp;
  s.block_tokens = kv_block_tokens(s.instance.runtime);
  Workload& w = s.workload;
  w.arrivals = Arrivals::all_at_once;
  w.requests = rl.sequences();
  w.prompt = {rl.prompt_tokens, std::nullopt};
  w.output = {rl.response_tokens, rl.response_tokens_p99};
  // The group's answers share their prompt: the engine prefills it once (vLLM's parallel
  // sampling and prefix cache), so (G - 1) / G of the prompts are found cached.
  w.prefix_hit_ratio = double(rl.group_size - 1) / double(rl.group_size);
  // The simulation follows each answer (serving/batching.hpp), within its bounds.
  const int64_t per_replica = (w.requests + s.replicas - 1) / s.replicas;
  if (w.requests > limits::kSimulatedRequests.max ||
      double(per_replica) * double(rl.response_tokens) > limits::kSimulatedOutputTokens) {
    throw InputError(
        "training.rl.prompts_per_step",
        {"error.rl_simulated", json_object({{"answers", limits::kSimulatedRequests.max},
                                            {"tokens", int64_t(limits::kSimulatedOutputTokens)}})},
        std::to_string(rl.prompts_per_step));
  }
  return in;
}

Json rollout_input_to_json(const RolloutInput& in) {
  const InferenceInput& e = in.serving.instance;
  const bool separate = in.placement == RolloutPlacement::separate;
  Json out = json_object({{"placement", kPlacementNames[separate ? 1 : 0]},
                          {"runtime", runtime_name(e.runtime)},
                          {"tp", e.tp},
                          {"weights", e.weights.id},
                          {"kv_cache", e.kv_cache.id},
                          {"gpu_memory_fraction", e.gpu_memory_fraction},
                          {"max_num_seqs", e.max_num_seqs},
                          {"max_batched_tokens", e.max_batched_tokens}});
  // A pool's size and overlap are fields of the separate placement only (refused otherwise).
  if (separate) {
    out["gpus"] = in.gpus;
    out["async"] = in.async;
  }
  return out;
}

Json rollout_choices() {
  return json_object({{"placement", kPlacementNames}, {"runtime", kRolloutRuntimes}});
}

}  // namespace llm_sizer
