#include "launch/launch_setup.hpp"

#include <algorithm>
#include <cctype>

namespace llm_sizer {
namespace {

// The layer count N for llama.cpp --n-cpu-moe N, which keeps the experts of layers [0, N) on the
// CPU (common/arg.cpp, llm_ffn_exps_block_regex): one past the last of the first `experts` MoE
// layers, so dense leading layers (DeepSeek's first_k_dense_replace) count too.
int64_t cpu_moe_layer_count(const ModelSpec& model, int64_t experts) {
  int64_t seen = 0;
  for (size_t i = 0; i < model.layers.size() && seen < experts; ++i) {
    if (model.layers[i].ffn == FfnKind::moe && ++seen == experts) return int64_t(i) + 1;
  }
  return 0;
}

bool holds_format(const std::string& checkpoint_format, const WeightFormat& weights) {
  if (checkpoint_format == "fp8") {
    return weights.scheme == WeightScheme::fp8_tensor || weights.scheme == WeightScheme::fp8_block;
  }
  if (checkpoint_format == "mxfp4") return weights.scheme == WeightScheme::mxfp4;
  // A repository without a quantization_config stores 16-bit weights.
  return checkpoint_format.empty() && weights.scheme == WeightScheme::dense;
}

std::string lower_case_id(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return text;
}

}  // namespace

LaunchSetup launch_setup(const InferenceInput& in, const PlacedMemory& placed,
                         const ModelSpec& model, const AcceleratorSpec& device,
                         const HostSpec* host, int64_t devices, const ModelSource& source) {
  LaunchSetup s;
  s.generic = in.runtime == Runtime::generic;
  // The generic runtime stands for the one that loads the format: llama.cpp for GGUF files, vLLM
  // for checkpoints.
  s.runtime = !s.generic                                ? in.runtime
              : in.weights.scheme == WeightScheme::gguf ? Runtime::llama_cpp
                                                        : Runtime::vllm;
  s.weights = in.weights;
  s.kv_cache = in.kv_cache.id;
  s.batch = in.batch;
  s.context_tokens = in.context_tokens;
  s.prompt_tokens = in.prompt_tokens;
  s.output_tokens = in.output_tokens;
  s.tp = in.tp;
  s.devices = devices;
  s.flash_attention = in.flash_attention;
  s.defaults = runtime_defaults(s.runtime, device, in.tp);
  // Under the generic runtime the estimate used no runtime's settings: the commands keep theirs.
  s.gpu_memory_fraction = s.generic ? s.defaults.gpu_memory_fraction : in.gpu_memory_fraction;
  s.max_num_seqs = s.generic ? s.defaults.max_num_seqs : in.max_num_seqs;
  s.max_batched_tokens = s.generic ? s.defaults.max_batched_tokens : in.max_batched_tokens;

  const Placement& p = placed.placement;
  s.layers = model.num_layers;
  s.gpu_layers = is_cpu(device) ? 0 : p.gpu_layers;
  s.host_expert_layers = p.host_expert_layers;
  s.moe_layers = moe_layer_count(model);
  s.cpu_moe_layers = cpu_moe_layer_count(model, p.host_expert_layers);
  s.cpu_offload_bytes = p.cpu_offload_bytes;
  s.cpu_only = is_cpu(device);
  s.cpu_runs_part =
      host != nullptr && (p.gpu_layers <= model.num_layers || p.host_expert_layers > 0);
  s.threads = in.threads.value_or(host ? host->cores : s.cpu_only ? device.cores : 0);
  s.fits = placed.verdict != Verdict::does_not_fit;
  s.speculative = in.speculative.has_value();

  s.file = in.model_file;
  if (!in.model_repo.empty()) {
    s.repo = in.model_repo;
    s.repo_holds_format = true;
  } else if (!source.hf_id.empty()) {
    s.repo = source.hf_id;
    s.repo_holds_format = holds_format(source.checkpoint_format, in.weights);
  }
  const std::string& named = !source.hf_id.empty() ? source.hf_id : s.repo;
  s.model_name = named.empty() ? (source.preset_id.empty() ? "model" : source.preset_id)
                               : named.substr(named.find('/') + 1);
  s.tag = lower_case_id((source.preset_id.empty() ? std::string("model") : source.preset_id) + "-" +
                        in.weights.id);
  return s;
}

}  // namespace llm_sizer
