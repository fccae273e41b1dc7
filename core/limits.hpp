#pragma once

// Every magnitude an input may have, in one table. Each bound sits far above the largest value a
// published model, cluster or run has (its reason says which), so every real input passes, and
// low enough that no loop, allocation or integer product sized from it can stall or overflow, and
// every result stays finite. Every scenario field and every config field read is read against one
// of these (FieldReader); nothing is clamped: a value outside is an error that quotes the reason.

#include <cstddef>
#include <cstdint>

#include "ranges.hpp"

namespace llm_sizer::limits {

// --- JSON text --------------------------------------------------------------------------------
// Published config.json files nest at most 5 levels (text_config.rope_scaling...); no recursion
// over parsed input goes deeper than this.
inline constexpr int kJsonDepth = 64;
// Ids, names and model types are under 100 bytes; longer strings are refused where read.
inline constexpr size_t kTextBytes = 4096;

// --- Model (config.json) ----------------------------------------------------------------------
inline constexpr IntRange kLayers{
    1, 10'000, "DeepNet, the deepest published Transformer, has 1,000 layers: Wang et al. 2022"};
// Layer counts and steps inside the stack: first dense layers, window layers, MoE steps, MTP.
inline constexpr IntRange kLayerCount{0, kLayers.max, kLayers.reason};
inline constexpr IntRange kLayerStep{1, kLayers.max, kLayers.reason};
// A layer index where -1 means "the last" (ERNIE 4.5's moe_layer_end_index).
inline constexpr IntRange kLayerIndexOrLast{-1, kLayers.max, kLayers.reason};
inline constexpr IntRange kWidth{1, 1 << 20,
                                 "the widest published layers are PaLM 540B's, 18,432 hidden and "
                                 "73,728 MLP: Chowdhery et al. 2022, Table 1"};
// A width given as a multiple of the hidden size (MPT's expansion_ratio, Mamba's expand, a ViT's
// mlp_ratio).
inline constexpr IntRange kWidthRatio{1, 64, "published ratios are 2 to 8"};
// A width where 0 means "none" (Qwen2-MoE's shared_expert_intermediate_size).
inline constexpr IntRange kWidthOrNone{0, kWidth.max, kWidth.reason};
inline constexpr IntRange kHeads{1, 1 << 16,
                                 "Falcon 180B has the most published attention heads, 232"};
inline constexpr IntRange kHeadDim{1, 1 << 16, "published head widths are 64 to 256"};
inline constexpr IntRange kExperts{0, 1 << 20,
                                   "the most experts published are PEER's 1,048,576 "
                                   "single-neuron experts: He 2024"};
inline constexpr IntRange kSharedExperts{
    0, 64, "DeepSeekMoE 16B has the most shared experts published, 2; ERNIE 4.5 and Qwen have 1"};
// Multi-token-prediction modules (num_nextn_predict_layers).
inline constexpr IntRange kPredictionLayers{0, 16,
                                            "DeepSeek-V3 and GLM-4.5 predict one extra token"};
// A selective state space's state (Mamba's d_state).
inline constexpr IntRange kStateSize{1, 1 << 16, "Mamba uses 16 states, Mamba-2 128"};
inline constexpr IntRange kVocab{1, 1 << 24,
                                 "the largest published vocabulary, Gemma 3's, has 262,208 tokens"};
inline constexpr IntRange kPositions{
    1, 1 << 30, "the longest published context, Llama 4 Scout's, is 10,485,760 tokens"};
// A window or chunk where 0 means "none" (sliding_window).
inline constexpr IntRange kPositionsOrNone{0, kPositions.max, kPositions.reason};
inline constexpr IntRange kConvKernel{1, 1024, "Qwen3-Next's convolution spans 4 tokens"};
// AltUp's hidden-state copies per token (Gemma 3n's altup_num_inputs).
inline constexpr IntRange kAltupInputs{1, 64, "Gemma 3n keeps 4 copies"};
inline constexpr IntRange kImagePixels{1, 1 << 16, "Gemma 3's SigLIP reads 896-pixel images"};
inline constexpr IntRange kPatchPixels{1, 4096, "SigLIP's patches are 14 pixels wide"};
inline constexpr IntRange kChannels{1, 64, "images have 3 colour channels"};
inline constexpr IntRange kMergedPatches{1, 16,
                                         "image encoders merge 2 patches a side (Qwen2-VL, "
                                         "MoonViT) or 2 frames"};
// The whole checkpoint, checked once its tensors are listed: keeps every parameter count (and
// every int64 product of dimensions below it) exact.
inline constexpr double kParams = 1e15;
inline constexpr const char* kParamsReason =
    "the largest published models have about 1.6e12: Switch-C, Fedus et al. 2022";

// --- Hardware and parallelism -----------------------------------------------------------------
inline constexpr IntRange kDevices{1, 1'000'000,
                                   "Llama 3 405B trained on 16,384 GPUs; the largest announced "
                                   "clusters have about 200,000"};
inline constexpr NumberRange kMemoryBytes{
    1e6, 1e15, false, false, "the largest device memory in the catalog is the M3 Ultra's 512 GiB"};
inline constexpr NumberRange kBandwidthBytesPerS{
    1e6, 1e17, false, false, "the fastest memory in the catalog is the B100's 8 TB/s"};
inline constexpr NumberRange kLinkBytesPerS{0, 1e17, false, false, kBandwidthBytesPerS.reason};
inline constexpr NumberRange kPeakFlopsPerS{
    1e6, 1e19, false, false, "the fastest device in the catalog is the GB200, 1e16 FLOP/s at fp4"};
inline constexpr NumberRange kPowerW{0, 1e6, true, false,
                                     "the hungriest device in the catalog is the GB200 at 1,200 W"};
// A link bandwidth the scenario gives (hardware.*_bytes_per_s): 1 MB/s is slower than any link.
inline constexpr NumberRange kGivenLinkBytesPerS{1e6, 1e17, false, false,
                                                 kBandwidthBytesPerS.reason};
// The disk llama.cpp pages weights in from when RAM is short (hardware.disk_read_bytes_per_s).
inline constexpr NumberRange kDiskReadBytesPerS{
    1e6, 1e12, false, false, "four PCIe 5.0 NVMe drives in RAID 0 read about 5e10 bytes/s"};
// A host CPU (hardware.host, data/cpus/).
inline constexpr IntRange kSockets{1, 8, "the largest x86 servers have 8 sockets (Xeon 8S)"};
inline constexpr IntRange kCoresPerSocket{0, 4096,
                                          "EPYC 9965, the most in the CPU catalog, has 192 cores"};
// CPU threads of a llama.cpp run (inference.threads, its -t): one per hardware thread of the
// largest host (8 sockets x 4,096 cores x 2 SMT threads).
inline constexpr IntRange kThreads{1, 65'536,
                                   "8 sockets of 4,096 cores with two hardware threads each"};
// Core dies of one CPU socket (hardware.host.ccds): AMD's EPYC 9005 has up to 16.
inline constexpr IntRange kCoreDies{0, 64, "EPYC Turin has 16 core dies a socket"};
// A CPU core's clock (hardware.host.base_clock_hz, boost_clock_hz).
inline constexpr NumberRange kCoreClockHz{1e8, 1e10, false, false,
                                          "CPU cores run between a few hundred MHz and 6.2 GHz"};
inline constexpr NumberRange kMemoryTransfersMtPerS{
    100, 20'000, false, false, "DDR3 starts at 800 MT/s, the fastest DDR5 MRDIMMs run 8,800"};
inline constexpr IntRange kMemoryBusBits{
    0, 8192, "a 12-channel EPYC socket has a 768-bit bus, the M3 Ultra 1,024 bits"};
inline constexpr IntRange kMemoryChannels{0, 64, "EPYC Turin has the most channels, 12 a socket"};
inline constexpr NumberRange kHostMemoryBytes{
    1e6, 1e15, false, false, "a two-socket EPYC Turin server takes at most 12 TB of RAM"};
// A checkpoint's stored weights (inference.checkpoint_weights_bytes): Kimi K2 in 8 bits, the
// largest published checkpoint, holds about 1.03e12 bytes.
inline constexpr NumberRange kCheckpointWeightsBytes{
    1, 1e15, false, false, "the largest published checkpoint, Kimi K2's, holds about 1e12 bytes"};
// Host-side and fixed allocations (CUDA context, runtime overhead).
inline constexpr NumberRange kOverheadBytes{0, 1e15, false, false, kMemoryBytes.reason};

// --- Work -------------------------------------------------------------------------------------
inline constexpr NumberRange kTrainingTokens{
    1, 1e16, false, false, "the longest published pre-training, Qwen3's, used 3.6e13 tokens"};
inline constexpr NumberRange kFlops{1, 1e35, false, false,
                                    "Llama 3 405B's pre-training used 3.8e25 FLOPs: Llama 3 paper"};
inline constexpr IntRange kSequenceTokens{
    1, 100'000'000, "ten times the longest published context, Llama 4 Scout's 10M tokens"};
inline constexpr IntRange kSequences{1, 1'000'000,
                                     "serving engines batch up to 256-1,024 sequences, vLLM's "
                                     "max_num_seqs; training 1-16 per GPU"};
inline constexpr NumberRange kGlobalBatchTokens{1, 1e10, false, false,
                                                "Llama 3 405B trains with 16M tokens per step, "
                                                "DeepSeek-V3 with 63M"};
inline constexpr IntRange kBatchedTokens{1, 1'000'000'000,
                                         "serving engines schedule 512-16,384 tokens per step"};
// GRPO (training.rl): prompts a step, answers per prompt, updates per batch, steps in a run.
inline constexpr IntRange kRlPrompts{
    1, 100'000, "verl's GRPO examples take 256-1,024 prompts a step, DAPO 512"};
inline constexpr IntRange kRlGroupSize{1, 1'024,
                                       "GRPO samples 4-64 answers per prompt (DeepSeekMath: 64)"};
inline constexpr IntRange kRlMiniBatches{
    1, 100'000, "verl splits a step's batch into 1-16 optimizer steps (ppo_mini_batch_size)"};
inline constexpr IntRange kRlEpochs{1, 100, "GRPO passes over its batch 1-4 times (ppo_epochs)"};
inline constexpr IntRange kRlSteps{1, 100'000'000,
                                   "published GRPO runs take 100-10,000 steps (DeepSeek-R1-Zero: "
                                   "about 10,000)"};
// The most pipeline stages the planner searches (a plan given with more is still sized): each
// plan's step is timed stage by stage, so this bounds the search's work. Llama 3 405B trained
// with 16 stages, Megatron-LM's 1T model with 64 (Narayanan et al. 2021, Table 1).
inline constexpr int64_t kSearchedPipelineStages = 128;
// Interleaved pipeline chunks per stage (each holds at least one layer, checked where read).
inline constexpr IntRange kVirtualStages{2, kLayers.max, kLayers.reason};
inline constexpr IntRange kLoraRank{1, kWidth.max, "a rank above the layer width adds nothing"};
inline constexpr NumberRange kMfu{0.001, 1, false, false,
                                  "published runs reach 0.21 to 0.55 MFU, GPT-3 to MegaScale"};
inline constexpr NumberRange kEfficiency{
    0.01, 1, false, false, "the fitted efficiencies are 0.47 to 0.905, README: Speed"};
inline constexpr NumberRange kGoodput{
    0.01, 1, false, false, "Llama 3 405B trained more than 90% of its wall time: Llama 3 paper"};
// The goodput model's settings (step_time/goodput.hpp).
inline constexpr NumberRange kMtbfHours{
    1, 1e9, false, false,
    "Llama 3's H100s had one job interruption per 45,565 GPU-hours: Llama 3 paper"};
inline constexpr NumberRange kRestartS{0, 1e6, false, false,
                                       "restarts take minutes; 1e6 s is 11.6 days"};
inline constexpr NumberRange kCheckpointIntervalS{
    1, 1e8, false, false, "runs save every few minutes to a few hours; 1e8 s is 3 years"};
inline constexpr NumberRange kStorageBytesPerS{
    1e3, 1e13, false, false, "Llama 3's storage sustained 2 TB/s for 16,384 GPUs: Llama 3 paper"};
inline constexpr NumberRange kLostFraction{0, 0.99, false, false,
                                           "a share of the wall time: at least 0, at most 0.99"};
// A calibration's weight-only streaming factor (data/calibration/), a share of the bandwidth.
inline constexpr NumberRange kMemoryFactor{
    0.01, 100, false, false, "a factor on the measured streaming share, which stays at most 1"};
inline constexpr NumberRange kMargin{0, 10, false, false,
                                     "10 adds 1,000%; published estimates add 20-30%"};
inline constexpr NumberRange kDays{0.001, 100'000, false, false, "from 86 seconds to 274 years"};
inline constexpr NumberRange kLayerOverheadS{
    0, 1, false, false, "measured fixed costs are 15-171 microseconds per layer"};
inline constexpr NumberRange kRequestsPerS{
    0, 1e9, true, false, "the busiest web services answer about 1e5 requests per second"};
inline constexpr NumberRange kTokensPerS{0, 1e7, true, false, "people read 5-10 tokens per second"};
// A pasted measurement: llama-bench's tables of a few dozen tests are under 8 KB.
inline constexpr size_t kPasteBytes = 65'536;
// A checkpoint read from its safetensors headers (core/checkpoint/): safetensors refuses headers
// over 100 MB (MAX_HEADER_SIZE in huggingface/safetensors); tensors have at most a few
// dimensions; the largest published checkpoints (Kimi K2, DeepSeek-V3) hold about 100,000
// tensors in 64-163 files.
inline constexpr size_t kSafetensorsHeaderBytes = 100'000'000;
inline constexpr size_t kTensorRank = 8;
inline constexpr IntRange kTensorDim{0, int64_t(1) << 40,
                                     "the widest published tensors have about 2^18 rows"};
inline constexpr IntRange kTensorElements{0, int64_t(1) << 50,
                                          "the largest published tensor holds about 2^33 elements"};
inline constexpr IntRange kCheckpointTensors{0, 1'000'000,
                                             "Kimi K2's checkpoint holds about 100,000 tensors"};
inline constexpr IntRange kCheckpointFiles{1, 4096,
                                           "DeepSeek-V3's checkpoint is split into 163 files"};
// One file's size in a repository's listing: the Hub stores files of up to 50 GB.
inline constexpr IntRange kCheckpointFileBytes{0, 1'000'000'000'000'000,
                                               "the Hub stores files of at most 50 GB"};
// A speed the user measured: decode or prefill tokens per second of their own setup.
inline constexpr NumberRange kMeasuredTokensPerS{
    0, 1e8, true, false, "the fastest published prefill rates are about 1e5 tokens per second"};
// The serving simulation (core/serving/): requests it follows one by one, and the output tokens
// it generates per replica, which bound its steps (each step emits at least one token).
inline constexpr IntRange kSimulatedRequests{
    1, 100'000,
    "serving benchmarks send 1,000-30,000 prompts; MLPerf's Llama 2 70B set has 24,576"};
inline constexpr double kSimulatedOutputTokens = 5e6;
// The fleet search (core/fleet_search/): accelerators and tensor-parallel sizes it tries, each
// one a replica-count search of its own.
inline constexpr size_t kFleetAccelerators = 8;
inline constexpr size_t kFleetTpSizes = 8;
inline constexpr IntRange kFleetTp{1, 1024,
                                   "servers run TP 1-8 inside a node; an NVL72 rack has 72 GPUs"};
// Output tokens the fleet search may simulate in all (about 3 s on one core): the layouts past it
// are listed as not searched. Three devices x four TP sizes at 1,000 requests of 300 tokens a
// replica take about 55 simulations, 1.7e7 tokens.
inline constexpr double kFleetSimulatedTokens = 5e7;
// Speculative decoding: each draft token's acceptance, and the tokens drafted per step.
inline constexpr NumberRange kAcceptanceRate{0, 1, false, true,
                                             "a probability: at least 0, less than 1"};
inline constexpr IntRange kDraftTokens{1, 64, "runtimes draft 1 to 8 tokens a step"};
inline constexpr IntRange kKvBlockTokens{1, 65'536,
                                         "runtimes page the KV cache in 1 to 256 tokens"};
inline constexpr NumberRange kPrefixHitRatio{0, 1, false, true,
                                             "a share of the prompt: at least 0, less than 1"};
inline constexpr NumberRange kLatencyTargetS{
    0, 86'400, true, false, "MLPerf's loosest serving target is a 20 s time to first token"};

// --- Money and energy -------------------------------------------------------------------------
inline constexpr NumberRange kUsdPerGpuHour{0, 1000, false, false,
                                            "the catalog's dearest GPU-hour costs $12.29"};
inline constexpr NumberRange kPue{1, 3, false, false,
                                  "the industry average PUE is 1.58: Uptime Institute 2023"};
inline constexpr NumberRange kUsdPerKwh{0, 10, false, false,
                                        "retail electricity costs up to about $0.60 per kWh"};

// --- Validation rows (data/measurements/) ---------------------------------------------------
inline constexpr NumberRange kPublishedFigure{
    -1e30, 1e30, false, false, "the largest published figure, Llama 3 405B's 3.8e25 FLOPs"};
inline constexpr NumberRange kTolerance{0, 100, false, false,
                                        "the rows' tolerances are 0 to 0.3 (30%)"};

}  // namespace llm_sizer::limits
