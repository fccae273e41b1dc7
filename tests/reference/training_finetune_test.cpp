// LoRA and QLoRA fine-tuning against Hu et al. 2021 (https://arxiv.org/abs/2106.09685) and
// Dettmers et al. 2023 (https://arxiv.org/abs/2305.14314).
#include <catch2/catch.hpp>

#include "step_time/lora.hpp"
#include "test_support.hpp"

using llm_sizer::Json;

namespace {

// One GPU, as every fine-tuning recipe here.
Json train(const Json& model, const std::string& accelerator, const Json& section) {
  return llm_sizer::test::train(model, accelerator, 1, section);
}

// Guanaco 65B's recipe (qlora repository, scripts/finetune_guanaco_65b.sh): LLaMA-65B, NF4 with
// double quantization, LoRA r = 64 on all linear layers, bf16, gradient checkpointing, per-device
// batch 4, sequences of at most 16 + 512 tokens; qlora.py's paged_adamw_32bit and its bf16
// LoRA layers; 2023 transformers ran eager attention, not FlashAttention.
const Json kGuanaco65b = {{"method", "qlora"}, {"lora_rank", 64},     {"micro_batch", 4},
                          {"seq_len", 528},    {"recompute", "full"}, {"flash_attention", false},
                          {"tokens", 1e9}};

}  // namespace

TEST_CASE("QLoRA's headline: 65B fine-tunes on one 48 GB GPU, 16-bit needs more than 780 GB") {
  // Abstract and section 1: QLoRA "reduces the average memory requirements of finetuning a 65B
  // parameter model from >780GB of GPU memory to <48GB"; Guanaco 65B trained on a single 48 GB
  // GPU (the RTX A6000's 48 GiB).
  const auto model = llm_sizer::test::read_json("tests/reference/configs/llama-65b.json");
  const auto qlora = train(model, "rtx-a6000", kGuanaco65b);
  CHECK(qlora["fits"] == true);
  CHECK(qlora["memory_per_gpu_bytes"].get<double>() < 48.0 * (1 << 30));
  CHECK(qlora["max_micro_batch"].get<int64_t>() >= 4);
  // r = 64 on q, k, v, o, gate, up, down of 80 layers: 64 x (4 x 16384 + 3 x 30208) x 80.
  CHECK(qlora["adapter_params"] == 64.0 * (4 * 16384 + 3 * 30208) * 80);

  Json full = kGuanaco65b;
  full["method"] = "full";
  full.erase("lora_rank");
  const auto sixteen_bit = train(model, "rtx-a6000", full);
  const double sixteen_bit_bound =
      llm_sizer::test::published_row("qlora-llama-65b-16bit-finetune")["value_bytes"];
  CHECK(sixteen_bit["memory_per_gpu_bytes"].get<double>() > sixteen_bit_bound);
  CHECK(sixteen_bit["fits"] == false);
  CHECK(sixteen_bit["max_micro_batch"] == 0);
}

TEST_CASE("LoRA on GPT-3 175B: r = 4 on W_q and W_v") {
  // Hu et al. 2021, section 4.2: the adapters are 2 x 96 layers x 2 x 12288 x 4 = 18.9M
  // parameters. The 350 GB and ~35 MB the paper states are reference rows (lora-gpt3-175b-*).
  const auto t = train(
      "gpt3-175b", "a100-80gb-sxm",
      {{"method", "lora"}, {"lora_rank", 4}, {"lora_modules", {"q", "v"}}, {"zero_stage", 0}});
  CHECK(t["adapter_params"] == 2.0 * 96 * 2 * 12288 * 4);
}
