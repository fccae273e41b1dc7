#include "explain/references.hpp"

#include <array>

namespace llm_sizer {
namespace {

constexpr std::array kReferences = {
    Reference{"hf-transformers",
              "Hugging Face transformers: the model's modeling_<model_type>.py defines every "
              "parameter tensor",
              "https://github.com/huggingface/transformers/tree/main/src/transformers/models"},
    Reference{"deepseek-v2",
              "DeepSeek-AI 2024, DeepSeek-V2, section 2.1.2 (multi-head latent attention, eqs. "
              "9-19)",
              "https://arxiv.org/abs/2405.04434"},
    Reference{"deepseek-v3",
              "DeepSeek-AI 2024, DeepSeek-V3 Technical Report, sections 2.1-2.2 (MoE with "
              "shared experts, multi-token prediction)",
              "https://arxiv.org/abs/2412.19437"},
    Reference{"deepseek-v3.2",
              "DeepSeek-AI 2025, DeepSeek-V3.2-Exp, section 2.1 (DeepSeek Sparse Attention: a "
              "lightning indexer with an FP8 key per token picks the top-k tokens each query "
              "attends to); inference/model.py, class Indexer",
              "https://github.com/deepseek-ai/DeepSeek-V3.2-Exp"},
    Reference{"weight-formats",
              "Storage per format: llama.cpp ggml-common.h block layouts and llama-quant.cpp "
              "per-tensor mixes; AutoGPTQ/AutoAWQ packing; bitsandbytes blockwise scales; QLoRA "
              "section 3 (NF4 with double quantization)",
              "https://github.com/ggml-org/llama.cpp/blob/master/ggml/src/ggml-common.h"},
    Reference{"checkpoint-files",
              "The checkpoint's own bytes: each safetensors file's header (dtype, shape and data "
              "offsets of every tensor) or each GGUF file's size, read from the Hub",
              "https://huggingface.co/docs/safetensors/index"},
    Reference{"quant-quality",
              "Quality against 16-bit: the perplexity increase over the 16-bit model on the same "
              "text, in percent, as llama.cpp's perplexity tool reports it ('Mean PPL ratio'; "
              "the scoreboards' 'Delta to fp16'), with the mean KL divergence where published; "
              "each figure's table is named in data/quant-quality.json",
              "https://github.com/ggml-org/llama.cpp/blob/master/tools/perplexity/README.md"},
    Reference{"kv-cache",
              "Kwon et al. 2023, PagedAttention, section 3 (the KV cache holds a key and a value "
              "vector per token, layer and KV head); Ainslie et al. 2023 (GQA: KV heads < query "
              "heads)",
              "https://arxiv.org/abs/2309.06180"},
    Reference{"runtime-memory",
              "Runtime memory accounting: vLLM determine_available_memory (gpu_memory_utilization "
              "x total - profiled peak), SGLang mem_fraction_static, TensorRT-LLM "
              "free_gpu_memory_fraction, llama.cpp compute buffer",
              "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html"},
    Reference{"continuous-batching",
              "Iteration-level scheduling with chunked prefill over a paged KV cache: Yu et al. "
              "2022, Orca (OSDI), section 3; Kwon et al. 2023, vLLM PagedAttention (SOSP), "
              "section 4; Agrawal et al. 2024, Sarathi-Serve (OSDI), section 4; simulated step "
              "by step (core/serving/batching.hpp)",
              "https://arxiv.org/abs/2309.06180"},
    Reference{"distserve-2024",
              "Zhong et al. 2024, DistServe: Disaggregating Prefill and Decoding for "
              "Goodput-optimized Large Language Model Serving (OSDI), sections 3-4: each phase "
              "on its own pool, sized for its own latency target, the KV cache sent between them",
              "https://arxiv.org/abs/2401.09670"},
    Reference{"speculative-decoding",
              "Leviathan, Kalman and Matias 2023, Fast Inference from Transformers via "
              "Speculative Decoding, section 3 and equation 1 (expected tokens per step "
              "(1 - a^(k+1)) / (1 - a)); Li et al. 2024, EAGLE; DeepSeek-AI 2024, DeepSeek-V3 "
              "section 2.2 (multi-token prediction)",
              "https://arxiv.org/abs/2211.17192"},
    Reference{"roofline",
              "Williams, Waterman and Patterson 2009, Roofline (time = max(bytes / bandwidth, "
              "FLOPs / peak), taken per kernel class: weight matmuls, attention); Pope et al. "
              "2022, Efficiently Scaling Transformer Inference, "
              "section 2 (decode reads every weight per step); efficiencies fitted to "
              "data/measurements/inference-speed.json",
              "https://arxiv.org/abs/2211.05102"},
    Reference{
        "kernel-bench",
        "Measured on this device by LLM Sizer's kernel bench (gpu-bench, tests/gpu): weight "
        "streaming and the per-layer cost of a decode step replayed as a CUDA graph, cuBLASLt "
        "GEMMs at prefill shapes, each timed with CUDA events; the run is saved as "
        "data/calibration/<accelerator-id>.json and the formula is the roofline above",
        ""},
    Reference{"llama-cpp-offload",
              "llama.cpp partial offload: -ngl puts the last N layers on the GPU, the rest (and "
              "the token embedding) run on the CPU from host memory, each layer's KV cache beside "
              "it (src/llama-model.cpp load_tensors); --override-tensor / --n-cpu-moe keep routed "
              "experts in host memory; ggml_backend_sched runs the parts in turn and copies host "
              "weights to the GPU for batches of 32 tokens or more (ggml-cuda.cu offload_op); "
              "host efficiencies fitted to data/measurements/offload-speed.json",
              "https://github.com/ggml-org/llama.cpp/blob/master/tools/main/README.md"},
    Reference{"vllm-cpu-offload",
              "vLLM cpu_offload_gb: that many GiB of weights per GPU stay in pinned host memory "
              "and are read over the CPU-GPU link in every forward pass (vLLM engine arguments; "
              "model_executor/models/utils.py maybe_offload_to_cpu)",
              "https://docs.vllm.ai/en/latest/configuration/engine_args.html"},
    Reference{"orca-2022",
              "Yu et al. 2022, Orca: iteration-level scheduling (continuous batching), section 4",
              "https://www.usenix.org/conference/osdi22/presentation/yu"},
    Reference{"shazeer-moe",
              "Fedus et al. 2021, Switch Transformers, section 2 (only the routed top-k experts "
              "process a token)",
              "https://arxiv.org/abs/2101.03961"},
    // Training: compute, memory, cost.
    Reference{
        "kaplan-2020",
        "Kaplan et al. 2020, Scaling Laws for Neural Language Models, section 2.1 and Table 1 "
        "(C = 6 N per token: 2 N forward, twice that backward)",
        "https://arxiv.org/abs/2001.08361"},
    Reference{"guanaco-2023",
              "Dettmers et al. 2023, QLoRA: Guanaco's fine-tuning run on OASST1, 1875 steps of "
              "16 sequences of at most 16 + 512 tokens (scripts/finetune_guanaco_65b.sh)",
              "https://github.com/artidoro/qlora/blob/main/scripts/finetune_guanaco_65b.sh"},
    Reference{"palm-2022",
              "Chowdhery et al. 2022, PaLM, appendix B (model FLOPs 6N + 12LHQT per token, MFU = "
              "achieved over peak FLOP/s)",
              "https://arxiv.org/abs/2204.02311"},
    Reference{
        "narayanan-2021",
        "Narayanan et al. 2021, Efficient Large-Scale Language Model Training on GPU Clusters "
        "Using Megatron-LM, section 5.1, eqs. 3-4 (8 T P with activation recomputation)",
        "https://arxiv.org/abs/2104.04473"},
    Reference{"korthikanti-2022",
              "Korthikanti et al. 2022, Reducing Activation Recomputation in Large Transformer "
              "Models, sections 4-5 and Table 2 (sbh(34 + 5as/h) per layer; tensor, sequence and "
              "pipeline parallelism; selective and full recomputation)",
              "https://arxiv.org/abs/2205.05198"},
    Reference{"zero-2020",
              "Rajbhandari et al. 2020, ZeRO: Memory Optimizations Toward Training Trillion "
              "Parameter Models, sections 3.1 and 5 (2 + 2 + 12 bytes per parameter for mixed "
              "AdamW; stages 1-3 shard optimizer states, gradients, parameters)",
              "https://arxiv.org/abs/1910.02054"},
    Reference{
        "hoffmann-2022",
        "Hoffmann et al. 2022, Training Compute-Optimal Large Language Models, Table 3 (about "
        "20 tokens per parameter at the compute-optimal frontier)",
        "https://arxiv.org/abs/2203.15556"},
    Reference{"qlora-2023",
              "Dettmers et al. 2023, QLoRA: Efficient Finetuning of Quantized LLMs, section 3 (NF4 "
              "with double quantization: 4.127 bits per parameter; paged optimizers)",
              "https://arxiv.org/abs/2305.14314"},
    Reference{"deepspeed-memory",
              "DeepSpeed documentation, Memory Requirements (ZeRO-3 largest-layer working set; "
              "ZeRO-Offload CPU memory, 16-18 bytes per parameter)",
              "https://deepspeed.readthedocs.io/en/latest/memory.html"},
    Reference{"pytorch-cuda-context",
              "PyTorch PR #86509: CUDA context 287,047,680 bytes with lazy module loading (666 MB "
              "eager); fragmentation share as Megatron-LM's theoretical_memory_usage.py (5%)",
              "https://github.com/pytorch/pytorch/pull/86509"},
    Reference{
        "deepseek-v3-cost",
        "DeepSeek-AI 2024, DeepSeek-V3 Technical Report, Table 1 (training cost = GPU hours x "
        "rental price per GPU hour)",
        "https://arxiv.org/abs/2412.19437"},
    // Training step time and the parallelism planner.
    Reference{"llm-foundry-throughput",
              "MosaicML llm-foundry, training throughput benchmarks (scripts/train/benchmarking/"
              "README.md: MFU and HFU of 760M-70B models on 8-512 A100/H100); the compute "
              "efficiency per device class is fitted to them",
              "https://github.com/mosaicml/llm-foundry/tree/main/scripts/train/benchmarking"},
    Reference{"gshard-2020",
              "Lepikhin et al. 2020, GShard, section 2.2 (expert parallelism: all-to-all dispatch "
              "and combine of each token's hidden state)",
              "https://arxiv.org/abs/2006.16668"},
    Reference{"llama3-2024",
              "Llama Team 2024, The Llama 3 Herd of Models, section 3.3.2 and Table 4 (TP, CP, PP, "
              "DP; uneven pipeline stages; all-gather context parallelism)",
              "https://arxiv.org/abs/2407.21783"},
    Reference{"goodput-daly-2006",
              "Daly 2006, A higher order estimate of the optimum checkpoint interval for restart "
              "dumps (Future Generation Computer Systems 22), eq. 13 (wall time of a segment "
              "under exponential interruptions with restarts) and eq. 37 (the optimum interval); "
              "interruption rate and storage bandwidth from Llama Team 2024, sections 3.3.1 and "
              "3.3.4 (466 interruptions in 54 days on 16,384 H100; 2 TB/s sustained)",
              "https://doi.org/10.1016/j.future.2004.11.016"},
    Reference{"zero-offload-2021",
              "Ren et al. 2021, ZeRO-Offload, section 4 (gradients to the host, updated "
              "parameters back each step); Rajbhandari et al. 2021, ZeRO-Infinity (parameters "
              "fetched from host memory)",
              "https://arxiv.org/abs/2101.06840"},
    Reference{"grpo-2024",
              "Shao et al. 2024, DeepSeekMath, section 4.1 (GRPO: a group of answers per prompt, "
              "their mean reward as the baseline, no critic; a KL term against the reference "
              "policy)",
              "https://arxiv.org/abs/2402.03300"},
    Reference{"ppo-2017",
              "Schulman et al. 2017, Proximal Policy Optimization, section 5 (a value function "
              "trained beside the policy gives the advantages); Ouyang et al. 2022, InstructGPT, "
              "section 3.5 (the value model, the reward model and the KL penalty of RLHF)",
              "https://arxiv.org/abs/1707.06347"},
    Reference{"hybridflow-2024",
              "Sheng et al. 2024, HybridFlow (verl), sections 5-6 (the actor and the rollout "
              "engine on the same GPUs, weights resharded between them each step); the hand-over "
              "rate fitted to verl's logs (timing_s/reshard)",
              "https://arxiv.org/abs/2409.19256"},
    Reference{"energy-tdp",
              "Luccioni et al. 2022, Estimating the Carbon Footprint of BLOOM, Table 1 (energy = "
              "GPU hours x TDP); PUE default 1.1 after Google's fleet (1.10) and LLaMA (1.1)",
              "https://arxiv.org/abs/2211.02001"},
};

}  // namespace

const Reference* find_reference(std::string_view id) {
  for (const auto& reference : kReferences) {
    if (reference.id == id) return &reference;
  }
  return nullptr;
}

}  // namespace llm_sizer
