#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hardware/accelerator.hpp"
#include "hardware/host.hpp"
#include "inference/inference_input.hpp"
#include "inference/placement.hpp"
#include "inference/runtime_profile.hpp"
#include "message.hpp"
#include "model/model_spec.hpp"

namespace llm_sizer {

// What the catalog knows of the model: its preset id, its Hugging Face repository, and the format
// that repository stores when it is a quantized one ("fp8", "mxfp4": its quantization_config's
// quant_method). All empty for a pasted config.json.
struct ModelSource {
  std::string preset_id;
  std::string hf_id;
  std::string checkpoint_format;
};

// Everything the commands realise, resolved: the inference section with its defaults, and where
// the placement put the weights.
struct LaunchSetup {
  Runtime runtime = Runtime::llama_cpp;  // the runtime the commands are for (generic resolved)
  bool generic = false;                  // the scenario asked for the generic runtime
  WeightFormat weights;
  std::string kv_cache;  // the KV-cache format id
  int64_t batch = 1;
  int64_t context_tokens = 0;
  int64_t prompt_tokens = 0;
  int64_t output_tokens = 0;
  int64_t tp = 1;
  int64_t devices = 1;  // hardware.count: devices / tp instances
  bool flash_attention = true;
  double gpu_memory_fraction = 1;
  int64_t max_num_seqs = 0;
  int64_t max_batched_tokens = 0;
  RuntimeDefaults defaults;  // the runtime's own on this device, to leave out what equals them

  // The placement (inference/placement.hpp).
  int64_t layers = 0;
  int64_t gpu_layers = 0;          // llama.cpp -ngl: the last N layers, N = layers + 1 with output
  int64_t host_expert_layers = 0;  // the first MoE layers whose experts stay in host memory
  int64_t moe_layers = 0;
  int64_t cpu_moe_layers = 0;  // llama.cpp --n-cpu-moe: layers [0, N) hold those MoE layers
  double cpu_offload_bytes = 0;
  bool cpu_runs_part = false;  // the host's CPU runs layers or experts
  int64_t threads = 0;    // -t: the scenario's, else the CPU's cores (every socket); 0: unknown
  bool cpu_only = false;  // the accelerator is a CPU
  bool fits = true;       // the placement's verdict is not does_not_fit
  bool speculative = false;

  // Where the weights come from.
  std::string model_name;  // the repository's name without its owner, or the preset id
  std::string tag;         // an Ollama model name: lower-case preset id and format
  std::string repo;        // the Hugging Face repository the commands load; empty when unknown
  bool repo_holds_format = false;  // `repo` stores the weights in `weights`' format
  std::string file;                // inference.model_file
};

// One way to run the answer: the command that serves it, the one that measures it, and for
// Ollama the Modelfile the first one reads.
struct LaunchCommand {
  // "llama.cpp", "ik_llama.cpp", "vllm", "sglang", "tensorrt-llm", "ollama", "mlx"
  std::string runtime;
  std::string run;
  std::string measure;
  std::string modelfile;
  std::vector<Message> notes;
};

LaunchSetup launch_setup(const InferenceInput& input, const PlacedMemory& placed,
                         const ModelSpec& model, const AcceleratorSpec& device,
                         const HostSpec* host, int64_t devices, const ModelSource& source);

}  // namespace llm_sizer
