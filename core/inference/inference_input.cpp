#include "inference/inference_input.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "catalog/catalog.hpp"
#include "catalog/gpu_price.hpp"
#include "error.hpp"
#include "hardware/host.hpp"
#include "inference/runtime_profile.hpp"
#include "limits.hpp"
#include "units.hpp"

namespace llm_sizer {

bool kv_heads_split(const ModelSpec& m, int64_t tp) {
  const int64_t kv = m.num_kv_heads;
  return m.mla || kv % tp == 0 || tp % kv == 0;
}

namespace {

constexpr std::array<std::string_view, 9> kRuntimeNames = {
    "generic", "vllm", "llama.cpp",    "tensorrt-llm", "sglang",
    "ollama",  "mlx",  "ik_llama.cpp", "ktransformers"};
constexpr int64_t kDefaultContext = 4096;

// Ollama's context when the Modelfile sets none, by the GPUs' memory (docs/context-length.mdx,
// ollama 948f6933): 4k below 24 GiB (and on a CPU), 32k below 48 GiB, else 256k.
int64_t ollama_default_context(const AcceleratorSpec& device, int64_t devices) {
  const double vram = is_cpu(device) ? 0.0 : usable_device_memory_bytes(device) * double(devices);
  return vram < 24.0 * units::GiB ? 4096 : vram < 48.0 * units::GiB ? 32768 : 262144;
}
constexpr int64_t kDefaultPrompt = 1024;
constexpr int64_t kDefaultOutput = 256;

Runtime parse_runtime(const FieldReader& r) {
  const std::string name =
      r.choice_or("runtime", "generic", {kRuntimeNames.begin(), kRuntimeNames.end()});
  const auto it = std::find(kRuntimeNames.begin(), kRuntimeNames.end(), name);
  return static_cast<Runtime>(it - kRuntimeNames.begin());
}

// Tensor parallelism splits attention heads across devices: the degree must divide the query
// heads, and KV heads are either split evenly or replicated (vLLM: tp a multiple of the KV
// heads). llama.cpp splits by layers instead.
void check_tensor_parallel(const FieldReader& r, const ModelSpec& m, int64_t tp, int64_t devices,
                           Runtime runtime) {
  const std::string field = r.field("tp");
  if (devices % tp != 0) {
    throw InputError(field, {"error.divide_count", json_object({{"count", devices}})},
                     std::to_string(tp));
  }
  // mlx-lm's generate runs a model on one GPU; its pipeline across several Macs is not modelled.
  if (runtime == Runtime::mlx && tp > 1) {
    throw InputError(field, {"error.mlx_one_device"}, std::to_string(tp));
  }
  if (runs_llama_cpp(runtime)) {
    if (tp > m.num_layers) {
      throw InputError(field,
                       {"error.llama_cpp_split_layers", json_object({{"layers", m.num_layers}})},
                       std::to_string(tp));
    }
    return;
  }
  if (m.num_heads % tp != 0) {
    throw InputError(field, {"error.divide_attention_heads", json_object({{"heads", m.num_heads}})},
                     std::to_string(tp));
  }
  if (!kv_heads_split(m, tp)) {
    throw InputError(field, {"error.divide_kv_heads", json_object({{"kv_heads", m.num_kv_heads}})},
                     std::to_string(tp));
  }
}

// gpu_layers, offload_experts (llama.cpp placement) and cpu_offload_bytes (vLLM/SGLang), each
// with the runtime, the model and the hardware it needs.
void parse_placement(const FieldReader& r, const ModelSpec& m, const AcceleratorSpec& device,
                     bool host_present, InferenceInput& in) {
  const bool cpu_only = is_cpu(device);
  const auto refuse = [&](const char* key, const Message& why) {
    throw InputError(r.field(key), why, describe_value(*r.find(key)));
  };
  const auto needs_host = [&](const char* key) {
    if (cpu_only) refuse(key, {"error.absent_accelerator_cpu"});
    if (!host_present) refuse(key, {"error.needs_host"});
  };
  // KTransformers' placement is fixed: every routed expert on the CPU, the rest on the GPU.
  if (in.runtime == Runtime::ktransformers) {
    for (const char* key : {"gpu_layers", "offload_experts"}) {
      if (r.has(key)) refuse(key, {"error.ktransformers_placement"});
    }
  }
  if (r.has("gpu_layers")) {
    if (!runtime_splits_layers(in.runtime)) {
      refuse("gpu_layers", {"error.gpu_layers_runtime"});
    }
    in.gpu_layers = r.int_or(
        "gpu_layers", 0, IntRange{0, m.num_layers + 1, "the model's layers and its output layer"});
    if (*in.gpu_layers <= m.num_layers) needs_host("gpu_layers");
  }
  if (const Json* experts = r.find("offload_experts")) {
    const int64_t moe_layers = moe_layer_count(m);
    if (moe_layers == 0) refuse("offload_experts", {"error.moe_only"});
    if (!runtime_splits_layers(in.runtime)) {
      refuse("offload_experts", {"error.layer_split_runtime"});
    }
    if (in.runtime == Runtime::ollama) refuse("offload_experts", {"error.ollama_whole_layers"});
    in.offload_experts_given = *experts;
    in.offload_experts = experts->is_boolean() ? (experts->get<bool>() ? moe_layers : 0)
                                               : r.int_or("offload_experts", 0, 0, moe_layers);
    if (*in.offload_experts > 0) needs_host("offload_experts");
  }
  if (r.has("cpu_offload_bytes")) {
    if (!runtime_streams_offload(in.runtime)) {
      refuse("cpu_offload_bytes", {"error.cpu_offload_runtime"});
    }
    in.cpu_offload_bytes = r.number_or("cpu_offload_bytes", 0, limits::kOverheadBytes);
    in.cpu_offload_given = true;
    if (in.cpu_offload_bytes > 0) needs_host("cpu_offload_bytes");
  }
}

// A Hugging Face repository id is owner/name, each part letters, digits, '-', '_' and '.', at most
// 96 characters (huggingface_hub validate_repo_id); a path is anything printable, so that the
// command stays one line.
void parse_model_source(const FieldReader& r, InferenceInput& in) {
  const auto refuse = [&](const char* key, const Message& why) {
    throw InputError(r.field(key), why, describe_value(*r.find(key)));
  };
  if (auto repo = r.optional_string("model_repo")) {
    const auto part_ok = [](std::string_view part) {
      const auto allowed = [](unsigned char c) {
        return std::isalnum(c) || c == '-' || c == '_' || c == '.';
      };
      return !part.empty() && part.size() <= 96 && std::isalnum((unsigned char)part.front()) &&
             std::all_of(part.begin(), part.end(), allowed);
    };
    const size_t slash = repo->find('/');
    const std::string_view text(*repo);
    if (slash == std::string::npos || !part_ok(text.substr(0, slash)) ||
        !part_ok(text.substr(slash + 1))) {
      refuse("model_repo", {"error.hf_repo"});
    }
    in.model_repo = *repo;
  }
  if (auto file = r.optional_string("model_file")) {
    const bool printable = std::none_of(file->begin(), file->end(),
                                        [](unsigned char c) { return c < 0x20 || c == 0x7f; });
    if (file->empty() || !printable) refuse("model_file", {"error.file_path"});
    in.model_file = *file;
  }
}

}  // namespace

bool runs_llama_cpp(Runtime runtime) {
  return runtime == Runtime::llama_cpp || runtime == Runtime::ollama ||
         runtime == Runtime::ik_llama_cpp || runtime == Runtime::ktransformers;
}

bool runtime_splits_layers(Runtime runtime) {
  return runs_llama_cpp(runtime) || runtime == Runtime::generic;
}

bool runtime_streams_offload(Runtime runtime) {
  return runtime == Runtime::vllm || runtime == Runtime::sglang;
}

int64_t moe_layer_count(const ModelSpec& m) {
  return std::count_if(m.layers.begin(), m.layers.end(),
                       [](const LayerSpec& layer) { return layer.ffn == FfnKind::moe; });
}

std::string_view runtime_name(Runtime runtime) {
  return kRuntimeNames[size_t(runtime)];
}

bool runtime_loads(Runtime runtime, const WeightFormat& format) {
  return runtime == Runtime::generic || runtime_deploys(runtime, format);
}

bool runtime_deploys(Runtime runtime, const WeightFormat& format) {
  const bool gguf = format.scheme == WeightScheme::gguf;
  // mlx-lm loads safetensors in 16- or 32-bit floats and its own affine quantization
  // (mlx_lm/utils.py load_model, mlx_lm.convert -q).
  if (runtime == Runtime::mlx) {
    return format.scheme == WeightScheme::mlx_affine || format.scheme == WeightScheme::dense;
  }
  return runs_llama_cpp(runtime) ? gguf : !gguf;
}

InferenceInput parse_inference(const Json& section, const ModelSpec& m,
                               const AcceleratorSpec& device, int64_t devices, bool host_present,
                               const Catalog& catalog, Warnings& warnings, std::string_view path) {
  const FieldReader r(section, std::string(path));
  r.reject_unknown({"weights",
                    "imatrix",
                    "kv_cache",
                    "runtime",
                    "batch",
                    "context_tokens",
                    "prompt_tokens",
                    "output_tokens",
                    "tp",
                    "flash_attention",
                    "allow_long_context",
                    "overhead_bytes",
                    "gpu_memory_fraction",
                    "max_num_seqs",
                    "max_batched_tokens",
                    "gpu_layers",
                    "offload_experts",
                    "cpu_offload_bytes",
                    "speculative",
                    "model_repo",
                    "model_file",
                    "measured",
                    "checkpoint_weights_bytes",
                    "memory_efficiency",
                    "compute_efficiency",
                    "layer_overhead_s",
                    "threads",
                    "price_per_gpu_hour_usd",
                    "target_requests_per_s",
                    "min_tokens_per_s_per_user"});
  InferenceInput in;
  in.weights =
      parse_weight_format(r.optional_string("weights").value_or("bf16"), r.field("weights"));
  // Whether the GGUF file was made with an importance matrix: llama-quantize then picks other
  // types for a few tensors (src/llama-quant.cpp); by default, exactly where it requires one.
  if (const auto imatrix = r.optional_bool("imatrix")) {
    if (in.weights.scheme != WeightScheme::gguf) {
      throw InputError(r.field("imatrix"),
                       Message{"error.gguf_only", json_object({{"weights", in.weights.id}})},
                       "true");
    }
    in.weights.gguf_imatrix = *imatrix;
  }
  in.checkpoint_weights_bytes =
      r.optional_number("checkpoint_weights_bytes", limits::kCheckpointWeightsBytes);
  in.kv_cache =
      parse_kv_format(r.optional_string("kv_cache").value_or("fp16"), r.field("kv_cache"));
  in.runtime = parse_runtime(r);
  if (in.weights.scheme == WeightScheme::gguf && gguf_ftype_is_ik_llama(in.weights.gguf_ftype) &&
      in.runtime != Runtime::ik_llama_cpp) {
    warnings.push_back({r.field("weights"),
                        {"warning.ik_llama_format",
                         json_object({{"type", gguf_ftype_info(in.weights.gguf_ftype).name}})}});
  }
  if (is_cpu(device) && !runtime_splits_layers(in.runtime)) {
    throw InputError(r.field("runtime"), {"error.cpu_runtime"},
                     "\"" + std::string(runtime_name(in.runtime)) + "\"");
  }
  if (in.runtime == Runtime::ktransformers) {
    const std::string quoted = "\"ktransformers\"";
    if (moe_layer_count(m) == 0) {
      throw InputError(r.field("runtime"), {"error.ktransformers_moe"}, quoted);
    }
    if (is_cpu(device) || !host_present) {
      throw InputError(r.field("runtime"), {"error.ktransformers_host"}, quoted);
    }
  }
  if (in.runtime == Runtime::mlx && device.vendor != "Apple") {
    throw InputError(r.field("runtime"),
                     {"error.mlx_apple", json_object({{"device", device.name}})}, "\"mlx\"");
  }
  if (in.runtime == Runtime::mlx && !runtime_loads(in.runtime, in.weights)) {
    throw InputError(r.field("weights"), {"error.mlx_weights"}, "\"" + in.weights.id + "\"");
  }
  in.batch = r.int_or("batch", 1, limits::kSequences);
  in.allow_long_context = r.bool_or("allow_long_context", false);

  const int64_t model_max = m.max_position_embeddings;
  const int64_t context =
      in.runtime == Runtime::ollama ? ollama_default_context(device, devices) : kDefaultContext;
  in.context_tokens =
      r.int_or("context_tokens", model_max > 0 ? std::min(context, model_max) : context,
               limits::kSequenceTokens);
  if (model_max > 0 && in.context_tokens > model_max && !in.allow_long_context) {
    throw InputError(r.field("context_tokens"),
                     {"error.context_over_model", json_object({{"context", model_max}})},
                     std::to_string(in.context_tokens));
  }
  // The request shape defaults to 1024 prompt and 256 output tokens, shortened to fit.
  in.output_tokens = r.int_or("output_tokens", std::min(kDefaultOutput, in.context_tokens / 2), 1,
                              in.context_tokens);
  in.prompt_tokens =
      r.int_or("prompt_tokens", std::min(kDefaultPrompt, in.context_tokens - in.output_tokens), 1,
               in.context_tokens);
  if (in.prompt_tokens + in.output_tokens > in.context_tokens) {
    throw InputError(r.field("prompt_tokens"),
                     {"error.request_over_context", json_object({{"context", in.context_tokens}})},
                     std::to_string(in.prompt_tokens) + " + " + std::to_string(in.output_tokens));
  }

  in.tp = r.int_or("tp", devices, limits::kDevices);
  check_tensor_parallel(r, m, in.tp, devices, in.runtime);
  in.flash_attention = r.bool_or("flash_attention", true);
  parse_placement(r, m, device, host_present, in);
  if (const Json* speculative = r.find("speculative")) {
    in.speculative =
        parse_speculative(FieldReader(*speculative, r.field("speculative")), m, catalog);
  }
  parse_model_source(r, in);

  const RuntimeDefaults defaults = runtime_defaults(in.runtime, device, in.tp);
  in.overhead_bytes =
      r.number_or("overhead_bytes", defaults.overhead_bytes, limits::kOverheadBytes);
  in.gpu_memory_fraction =
      r.number_or("gpu_memory_fraction", defaults.gpu_memory_fraction, kFraction);
  const IntRange sequences{0, limits::kSequences.max, limits::kSequences.reason};
  in.max_num_seqs = r.int_or("max_num_seqs", defaults.max_num_seqs, sequences);
  in.max_batched_tokens =
      r.int_or("max_batched_tokens", defaults.max_batched_tokens, limits::kBatchedTokens);
  in.memory_efficiency = r.optional_number("memory_efficiency", limits::kEfficiency);
  in.compute_efficiency = r.optional_number("compute_efficiency", limits::kEfficiency);
  in.layer_overhead_s = r.optional_number("layer_overhead_s", limits::kLayerOverheadS);
  in.threads = r.optional_int("threads", limits::kThreads);
  if (const Json* measured = r.find("measured")) {
    const FieldReader mr(*measured, r.field("measured"));
    in.measured = parse_measured(mr, in.prompt_tokens + in.output_tokens / 2);
    if (in.measured->gpu_layers) {
      if (!runtime_splits_layers(in.runtime)) {
        throw InputError(mr.field("gpu_layers"), {"error.gpu_layers_runtime"},
                         std::to_string(*in.measured->gpu_layers));
      }
      if (*in.measured->gpu_layers <= m.num_layers && !host_present) {
        throw InputError(mr.field("gpu_layers"), {"error.needs_host"},
                         std::to_string(*in.measured->gpu_layers));
      }
    }
    // A measurement stands for the efficiency it is fitted to: not both.
    for (const auto& [speed, efficiency] :
         {std::pair{"decode_tokens_per_s", "memory_efficiency"},
          std::pair{"prefill_tokens_per_s", "compute_efficiency"}}) {
      if (mr.has(speed) && r.has(efficiency)) {
        throw InputError(
            mr.field(speed),
            {"error.measured_and_efficiency", json_object({{"efficiency", r.field(efficiency)}})},
            describe_value(*mr.find(speed)));
      }
    }
  }
  in.calibration = catalog.find_calibration(device.id);
  in.price_per_gpu_hour_usd = r.optional_number("price_per_gpu_hour_usd", limits::kUsdPerGpuHour);
  if (in.price_per_gpu_hour_usd) {
    in.price_source = json_object({{"kind", "scenario"}});
  } else if (const auto price = catalog_gpu_price(catalog, device.id)) {
    in.price_per_gpu_hour_usd = price->usd_per_gpu_hour;
    in.price_source = price->source;
  } else {
    in.price_source = json_object({{"kind", "none"}});
    warnings.push_back({r.field("price_per_gpu_hour_usd"),
                        {"warning.no_price_inference", json_object({{"device", device.name}})}});
  }
  in.target_requests_per_s = r.optional_number("target_requests_per_s", limits::kRequestsPerS);
  in.min_tokens_per_s_per_user =
      r.optional_number("min_tokens_per_s_per_user", limits::kTokensPerS);
  return in;
}

WeightsSize inference_weights(const WeightsSizer& sizer, const InferenceInput& input) {
  WeightsSize size = sizer(input.weights);
  if (input.checkpoint_weights_bytes) size = scaled_to_bytes(size, *input.checkpoint_weights_bytes);
  return size;
}

Json inference_input_to_json(const InferenceInput& in) {
  Json out = json_object({{"weights", in.weights.id},
                          {"kv_cache", in.kv_cache.id},
                          {"runtime", runtime_name(in.runtime)},
                          {"batch", in.batch},
                          {"context_tokens", in.context_tokens},
                          {"prompt_tokens", in.prompt_tokens},
                          {"output_tokens", in.output_tokens},
                          {"tp", in.tp},
                          {"flash_attention", in.flash_attention},
                          {"allow_long_context", in.allow_long_context},
                          {"overhead_bytes", in.overhead_bytes},
                          {"gpu_memory_fraction", in.gpu_memory_fraction},
                          {"max_num_seqs", in.max_num_seqs},
                          {"max_batched_tokens", in.max_batched_tokens}});
  if (in.weights.scheme == WeightScheme::gguf) out["imatrix"] = in.weights.gguf_imatrix;
  const auto put = [&](const char* key, const std::optional<double>& value) {
    if (value) out[key] = *value;
  };
  put("checkpoint_weights_bytes", in.checkpoint_weights_bytes);
  if (in.gpu_layers) out["gpu_layers"] = *in.gpu_layers;
  if (in.offload_experts) out["offload_experts"] = in.offload_experts_given;
  if (in.cpu_offload_given) out["cpu_offload_bytes"] = in.cpu_offload_bytes;
  if (in.speculative) out["speculative"] = speculative_input_to_json(*in.speculative);
  if (!in.model_repo.empty()) out["model_repo"] = in.model_repo;
  if (!in.model_file.empty()) out["model_file"] = in.model_file;
  if (in.measured) out["measured"] = measured_input_to_json(*in.measured);
  put("memory_efficiency", in.memory_efficiency);
  put("compute_efficiency", in.compute_efficiency);
  put("layer_overhead_s", in.layer_overhead_s);
  if (in.threads) out["threads"] = *in.threads;
  put("price_per_gpu_hour_usd", in.price_per_gpu_hour_usd);
  put("target_requests_per_s", in.target_requests_per_s);
  put("min_tokens_per_s_per_user", in.min_tokens_per_s_per_user);
  return out;
}

Json inference_choices() {
  Json weights = Json::array();
  std::vector<std::string> ids = weight_format_ids();
  for (std::string& id : ik_llama_format_ids()) ids.push_back(std::move(id));
  for (const auto& id : ids) {
    const WeightFormat format = parse_weight_format(id, "inference.weights");
    Json choice =
        json_object({{"id", id}, {"name", english(format.name)}, {"family", format.family}});
    put_message_codes(choice, "name", format.name);
    weights.push_back(std::move(choice));
  }
  return json_object(
      {{"runtime", kRuntimeNames}, {"weights", weights}, {"kv_cache", kv_format_ids()}});
}

}  // namespace llm_sizer
