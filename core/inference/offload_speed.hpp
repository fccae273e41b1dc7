#pragma once

#include <cstdint>
#include <vector>

#include "hardware/host.hpp"
#include "inference/host_efficiency.hpp"
#include "inference/placement.hpp"
#include "inference/speed.hpp"

namespace llm_sizer {

// The host side of a scenario whose model does not all stay on the GPUs.
struct HostSide {
  const HostSpec& host;
  const HostLink& link;
  HostEfficiency efficiency;
};

// streams_from_disk: what of a step's reads from the short RAM's side (`dense_bytes` that every
// step reads, `expert_bytes` of the routed experts it touches) the page cache misses is read from
// the disk at its rate. The page cache is taken as LRU (Linux's active/inactive lists): a step
// that reads more than RAM holds evicts each page before its next use, so it misses everything (a
// dense model, or a prefill chunk that touches every expert); else the weights every step reads
// stay, and the routed experts, picked at random, hit in proportion to the share of them the rest
// of RAM holds (LRU under independent references).
void add_disk_reads(StepCost& step, const PlacedMemory& placed, double dense_bytes,
                    double expert_bytes);

// A decode step with part of the model in host memory. llama.cpp runs the GPU's layers and the
// CPU's layers (or routed experts) in turn, so the step is the GPU's roofline time, plus the
// CPU's (its weights and KV cache streamed from host memory at the host's achievable bandwidth,
// or its FLOPs at the CPU's vector peak), plus a hand-over of the activations at every boundary
// between them. vLLM/SGLang read their offloaded weights over the link every step.
StepCost decode_step_offloaded(const ModelSpec& model, const WeightsSize& weights,
                               const PlacedMemory& placed, const AcceleratorSpec& device,
                               const HostSide& offload, const InferenceInput& input,
                               const Efficiency& efficiency, int64_t batch, int64_t context,
                               const ForwardFlops& per_token);

// Prefill with part of the model in host memory. From 32 tokens a chunk llama.cpp runs the
// host-resident matmuls on the GPU too, copying their weights over the link for every chunk
// (ggml-cuda ggml_backend_cuda_device_offload_op, min_batch_size 32); shorter chunks run where
// the weights are, like a decode step.
StepCost prefill_offloaded(const ModelSpec& model, const WeightsSize& weights,
                           const PlacedMemory& placed, const AcceleratorSpec& device,
                           const HostSide& offload, const InferenceInput& input,
                           const Efficiency& efficiency, int64_t sequences, int64_t prompt,
                           const ForwardFlops& per_token);

}  // namespace llm_sizer
