#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "field_reader.hpp"
#include "inference/measured_input.hpp"
#include "inference/speculative_input.hpp"
#include "model/model_spec.hpp"
#include "quantization/weight_format.hpp"
#include "warning.hpp"

namespace llm_sizer {

struct Catalog;
struct DeviceCalibration;

// Ollama runs llama.cpp's engine (its GGUF files, layer split, mmap and CPU kernels) with its own
// defaults (inference/runtime_profile.hpp). MLX is Apple's array framework with mlx-lm on top: one
// Apple silicon GPU, its own affine-quantized checkpoints. ik_llama.cpp is llama.cpp's fork with
// its own CPU kernels (faster prefill, fused MoE), otherwise llama.cpp's placement and memory.
// KTransformers runs a GGUF MoE model's routed experts on the host's CPU (with the same kernels
// as ik_llama.cpp, a copy per NUMA node) and everything else on the GPU.
enum class Runtime {
  generic,
  vllm,
  llama_cpp,
  tensorrt_llm,
  sglang,
  ollama,
  mlx,
  ik_llama_cpp,
  ktransformers
};

std::string_view runtime_name(Runtime runtime);

// llama.cpp itself, its fork ik_llama.cpp, Ollama on top of it, or KTransformers (GGUF files
// and llama.cpp's expert placement).
bool runs_llama_cpp(Runtime runtime);

// Whether the runtime loads checkpoints in this format: llama.cpp reads GGUF files; the GPU
// serving runtimes read Hugging Face checkpoints (floats, FP8, INT8, GPTQ, AWQ, bitsandbytes,
// MXFP4/NVFP4); the generic runtime stands for any of them.
bool runtime_loads(Runtime runtime, const WeightFormat& format);

// The formats people deploy on the runtime, for "the best format that fits": GGUF files for
// llama.cpp, checkpoints for every other runtime (the generic one included).
bool runtime_deploys(Runtime runtime, const WeightFormat& format);

// The `inference` section of a scenario, validated, with every default filled in.
struct InferenceInput {
  WeightFormat weights;
  // The bytes the checkpoint's files hold (its headers read, or its files' sizes): the format's
  // computed size is scaled to them, tensor by tensor in proportion. Absent: the computed size.
  std::optional<double> checkpoint_weights_bytes;
  KvFormat kv_cache;
  Runtime runtime = Runtime::generic;
  int64_t batch = 1;           // concurrent sequences
  int64_t context_tokens = 0;  // KV allocation per sequence (the runtime's max_model_len / n_ctx)
  int64_t prompt_tokens = 0;   // the request shape used for speed and TTFT
  int64_t output_tokens = 0;
  int64_t tp = 1;  // devices one model instance is split over
  bool flash_attention =
      true;  // no s^2 score matrix in the workspace (default in current runtimes)
  bool allow_long_context = false;  // allow context_tokens above the model's trained maximum
  double overhead_bytes = 0;        // per device: CUDA context, library handles, fragmentation
  double gpu_memory_fraction = 1;   // runtime's budget: vLLM gpu_memory_utilization, SGLang
                                    // mem_fraction_static, TensorRT-LLM kv free-memory fraction
  int64_t max_num_seqs = 0;         // vLLM/SGLang scheduler cap on concurrent sequences
  int64_t max_batched_tokens = 0;   // tokens per forward step (vLLM max_num_batched_tokens,
                                    // llama.cpp n_ubatch, SGLang chunked_prefill_size)

  // Placement when the model does not all stay on the devices (needs hardware.host).
  std::optional<int64_t> gpu_layers;       // llama.cpp -ngl: the last N layers (N = layers + 1:
                                           // and the output layer); absent: as many as fit
  std::optional<int64_t> offload_experts;  // MoE layers (the first ones) whose routed experts stay
                                           // in host memory (llama.cpp --n-cpu-moe); absent: as
                                           // the fit decides
  Json offload_experts_given;              // as the scenario wrote it (true/false or a count)
  double cpu_offload_bytes = 0;            // vLLM/SGLang cpu_offload_gb in bytes, per GPU
  bool cpu_offload_given = false;

  // Speed: overrides of the fitted efficiencies (absent: the documented defaults).
  std::optional<double> memory_efficiency;
  std::optional<double> compute_efficiency;
  std::optional<double> layer_overhead_s;
  // llama.cpp's -t: the CPU threads that run the CPU's part (absent: one per physical core, its
  // default).
  std::optional<int64_t> threads;
  // The host's, set only by a fit to inference.measured (inference/measured_fit.hpp).
  std::optional<double> host_memory_efficiency;
  std::optional<double> host_compute_efficiency;
  // Speeds the user measured, which the efficiencies are fitted to.
  std::optional<MeasuredInput> measured;
  // The device's measured efficiencies (data/calibration/<id>.json), when the catalog has them.
  const DeviceCalibration* calibration = nullptr;

  std::optional<SpeculativeInput> speculative;  // draft tokens verified in one target step

  // Where the commands that realise the answer load the weights from (launch/): a Hugging Face
  // repository holding them in `weights`' format (a GGUF repository for llama.cpp), and a local
  // path (a .gguf file, or a checkpoint directory). Empty when not given.
  std::string model_repo;
  std::string model_file;

  // Serving questions.
  std::optional<double> price_per_gpu_hour_usd;
  Json price_source;  // the scenario, a named catalog entry, or none
  std::optional<double> target_requests_per_s;
  std::optional<double> min_tokens_per_s_per_user;  // the latency target for sizing a fleet
};

// The weights the inference loads: the format's size for this model, scaled to the checkpoint's
// bytes where the scenario gives them.
WeightsSize inference_weights(const WeightsSizer& sizer, const InferenceInput& input);

// Whether tensor parallelism over tp devices can share out the KV heads: split evenly, or each
// device holding copies (tp a multiple of them, as vLLM replicates); MLA's latent is not split.
bool kv_heads_split(const ModelSpec& m, int64_t tp);

// Reads scenario["inference"]. Runtime defaults depend on the device (memory size, unified
// memory) and the device count (the default tensor-parallel degree).
// `host_present`: the scenario has a hardware.host (placement fields need one). `path` names
// the section in errors (a GRPO step's rollout engine is read from training.rollout).
InferenceInput parse_inference(const Json& section, const ModelSpec& model,
                               const AcceleratorSpec& device, int64_t devices, bool host_present,
                               const Catalog& catalog, Warnings& warnings,
                               std::string_view path = "inference");

// Whether the runtime places layers on the CPU itself (llama.cpp, and the generic runtime that
// stands for it), or streams host-resident weights to the GPU (vLLM, SGLang cpu_offload_gb).
bool runtime_splits_layers(Runtime runtime);
bool runtime_streams_offload(Runtime runtime);

// MoE layers of the model (the layers with routed experts).
int64_t moe_layer_count(const ModelSpec& model);

// The section with every default written out, for the result's normalised scenario.
Json inference_input_to_json(const InferenceInput& input);

// The values each enumerated inference field accepts (weight formats with their names), for
// pickers.
Json inference_choices();

}  // namespace llm_sizer
