#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "field_reader.hpp"
#include "hardware/accelerator.hpp"
#include "model/model_spec.hpp"
#include "warning.hpp"

namespace llm_sizer {

struct Catalog;

enum class TrainingMethod { full, lora, qlora };
enum class Recompute { none, selective, full };
enum class Optimizer {
  adamw,
  adamw_8bit,
  paged_adamw_32bit,
  paged_adamw_8bit,
  sgd_momentum,
  adafactor
};
enum class Offload { none, optimizer, optimizer_and_params };

// The documented defaults of the training section (README, "Training"). One set for everything.
struct TrainingDefaults {
  // Llama 3 405B pre-training reached 38-43% BF16 MFU on 8K-16K H100 (Llama 3 paper, Table 4);
  // 0.40 sits in that band. The training memo's MFU table lists the other published runs.
  static constexpr double mfu = 0.40;
  // Above every published run (MegaScale's 55.2%, Jiang et al. 2024): allowed, with a warning.
  static constexpr double suspicious_mfu = 0.7;
  // Hoffmann et al. 2022, Table 3: about 20 tokens per parameter at the compute-optimal frontier.
  static constexpr double chinchilla_tokens_per_param = 20.0;
  // LoRA and QLoRA start from a fine-tuning run, not a pre-training one: Guanaco's OASST1 run,
  // QLoRA's headline case, 1875 steps of 16 sequences of at most 16 + 512 tokens (Dettmers et al.
  // 2023; artidoro/qlora scripts/finetune_guanaco_{7b,13b,33b,65b}.sh): 15.84M tokens, an upper
  // bound since its sequences are padded, not packed.
  static constexpr double finetune_steps = 1875;
  static constexpr double finetune_sequences_per_step = 16;
  static constexpr double finetune_tokens_per_sequence = 16 + 512;
  static constexpr double finetune_tokens =
      finetune_steps * finetune_sequences_per_step * finetune_tokens_per_sequence;
  // Llama 2's pre-training context (Touvron et al. 2023, Table 1), capped at the model's own.
  static constexpr int64_t seq_len = 4096;
  // PEFT's LoraConfig default rank.
  static constexpr int64_t lora_rank = 8;
  // CUDA context with lazy module loading (default since CUDA 12.2): PyTorch PR #86509.
  static constexpr double cuda_context_bytes = 287047680;
  // Megatron-LM's theoretical_memory_usage.py adds 5% to activations for allocator slack.
  static constexpr double fragmentation = 0.05;
  // Google's fleet PUE 1.10 (2021) and LLaMA's 1.1 (Touvron et al. 2023, Table 15).
  static constexpr double pue = 1.1;
};

// A validated training section: every value resolved, defaults applied.
struct TrainingInput {
  TrainingMethod method = TrainingMethod::full;
  double tokens = 0;
  bool default_tokens = false;  // tokens not given: the method's default above
  double mfu = TrainingDefaults::mfu;
  Precision precision = Precision::bf16;
  bool master_weights = true;  // fp32 master copy (mixed precision, Micikevicius et al. 2018)
  Optimizer optimizer = Optimizer::adamw;
  int zero_stage = 0;
  Offload offload = Offload::none;
  int64_t tp = 1;
  int64_t pp = 1;
  int64_t dp = 1;
  int64_t micro_batch = 1;
  int64_t seq_len = TrainingDefaults::seq_len;
  int64_t grad_accumulation = 1;  // global batch = micro_batch x grad_accumulation x dp sequences
  Recompute recompute = Recompute::none;
  bool flash_attention = true;
  bool sequence_parallel = false;
  bool dropout = false;
  int64_t lora_rank = 0;                  // 0 for full training
  std::vector<std::string> lora_modules;  // q, k, v, o, gate, up, down
  std::optional<double> target_days;
  double margin = 0;
  double compute_budget_flops = 0;  // for the compute-optimal split; defaults to 6 N D
  std::optional<double> price_per_gpu_hour_usd;
  Json price_source;  // where the price came from: the scenario or a named catalog entry
  double discount = 0;
  double pue = TrainingDefaults::pue;
  std::optional<double> electricity_usd_per_kwh;
  double cuda_context_bytes = TrainingDefaults::cuda_context_bytes;
  double fragmentation = TrainingDefaults::fragmentation;

  bool parameter_efficient() const { return method != TrainingMethod::full; }
  int64_t gpus() const { return tp * pp * dp; }
  double global_batch_tokens() const {
    return double(micro_batch) * double(grad_accumulation) * double(dp) * double(seq_len);
  }
};

std::string_view method_name(TrainingMethod method);
std::string_view recompute_name(Recompute recompute);
std::string_view optimizer_name(Optimizer optimizer);
std::string_view offload_name(Offload offload);

// Reads scenario["training"] against the parsed model and hardware (TP must divide the heads, PP
// the layers, tp x pp x dp the GPU count, the device must have a rate for the precision). The
// price defaults to a catalog entry for the accelerator (see cost.hpp). Throws InputError.
TrainingInput parse_training(const Json& section, const ModelSpec& model, double params_active,
                             const AcceleratorSpec& accelerator, int64_t gpu_count,
                             const Catalog& catalog, Warnings& warnings);

// The section with every default written out, echoed as scenario.training in the result.
Json training_input_to_json(const TrainingInput& input);

// The values each enumerated training field accepts, for pickers.
Json training_choices();

}  // namespace llm_sizer
