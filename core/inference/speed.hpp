#pragma once

#include <vector>

#include "hardware/accelerator.hpp"
#include "inference/efficiency.hpp"
#include "inference/inference_input.hpp"
#include "inference/memory.hpp"
#include "model/flops.hpp"
#include "model/model_spec.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {

// One forward step on one device: what it moves and computes, and how long that takes.
struct StepCost {
  double bytes = 0;  // weights read + KV cache read + written, per device
  double flops = 0;  // per device
  double memory_s = 0;
  double compute_s = 0;
  // The attention kernels' share of memory_s and compute_s (reading each sequence's KV cache,
  // scores and weighted values). They run between the weight matmuls, not beside them, so each
  // kernel class meets its own roofline and the two add up.
  double attention_memory_s = 0;
  double attention_compute_s = 0;
  double fixed_s = 0;            // per-layer launch/synchronisation cost
  double expert_dispatch_s = 0;  // CPUs: the routed experts' matmuls run one after another
  // CPUs' prefill: the routed experts' part of `flops`, and their weights' bytes passed once per
  // token that picks them (0 where a tiled GEMM runs them).
  double expert_flops = 0;
  double expert_row_bytes = 0;
  double allreduce_s = 0;  // tensor-parallel all-reduces
  // With part of the model in host memory (inference/offload_speed.hpp): the CPU's part, which
  // runs in turn with the GPU's, and the traffic over the link between them.
  double host_bytes = 0;
  double host_flops = 0;
  double host_s = 0;
  double host_expert_dispatch_s = 0;  // the part of host_s its routed experts' dispatch costs
  double crossings = 0;               // hand-overs of the activations between GPU and CPU
  double link_s = 0;
  // Weights RAM does not hold, read from the disk (inference/offload_speed.hpp), in turn with the
  // rest: a page fault stalls the thread that touches the page.
  double disk_bytes = 0;
  double disk_s = 0;

  // Roofline per kernel class (Williams et al. 2009; taken op by op in Yuan et al. 2024, "LLM
  // Inference Unveiled", arXiv 2402.16363): a compute-bound matmul cannot hide a memory-bound
  // attention kernel that runs after it.
  double device_s() const {
    return std::max(memory_s - attention_memory_s, compute_s - attention_compute_s) +
           std::max(attention_memory_s, attention_compute_s) + fixed_s + expert_dispatch_s +
           allreduce_s;
  }
  // With part of the model in host memory, the CPU's part and the link run in turn with it.
  double seconds() const { return device_s() + host_s + link_s + disk_s; }
  bool compute_bound() const { return compute_s > memory_s; }
};

// The decode step of `batch` sequences at `context` tokens each, on one of `tp` devices.
// Roofline: max(bytes / (bandwidth x memory efficiency), FLOPs / (peak x compute efficiency))
// plus the runtime's fixed per-layer cost (Williams et al. 2009, "Roofline"; decode reads every
// active weight once per step, Pope et al. 2022 section 2).
// `per_token` is forward_flops_per_token at `context` (computed once by the caller: it does not
// depend on the weight format).
StepCost decode_step(const ModelSpec& model, const WeightsSize& weights,
                     const AcceleratorSpec& device, const InferenceInput& input,
                     const Efficiency& efficiency, int64_t batch, int64_t context,
                     const ForwardFlops& per_token);

// Prefill of `sequences` prompts of `prompt` tokens, processed in chunks of max_batched_tokens.
// `per_token` is forward_flops_per_token at the causal mean, prefill_attended_tokens(prompt).
StepCost prefill(const ModelSpec& model, const WeightsSize& weights, const AcceleratorSpec& device,
                 const InferenceInput& input, const Efficiency& efficiency, int64_t sequences,
                 int64_t prompt, const ForwardFlops& per_token);

// One continuous-batching iteration: the running sequences' decode tokens and the prompt chunks
// scheduled beside them, in one forward pass (Yu et al. 2022, Orca, section 3.2; Agrawal et al.
// 2024, Sarathi-Serve, section 4: chunked prefills share the decode steps).
struct MixedBatch {
  int64_t decode_tokens = 0;   // one per decoding sequence
  double decode_kv_bytes = 0;  // KV cache those sequences read (whole model)
  double decode_flops = 0;     // their forward FLOPs (attention at each one's context)
  double attention_flops = 0;  // the attention part of decode_flops and prefill_flops
  int64_t prefill_tokens = 0;  // prompt tokens of this step's chunks
  double prefill_flops = 0;    // their forward FLOPs, the LM head of finishing prompts too
};

// The roofline of a mixed batch on one of `tp` devices: every weight the step's tokens touch is
// read once, each decoding sequence reads its KV cache, and the FLOPs of all tokens run at the
// peak's efficiency; the per-layer fixed cost is a prefill chunk's when the step holds one.
// What does not change from step to step is worked out once: the serving simulation prices
// thousands of steps an answer. Holds references: the arguments must outlive it.
class MixedStepModel {
 public:
  MixedStepModel(const ModelSpec& model, const WeightsSize& weights, const AcceleratorSpec& device,
                 const InferenceInput& input, const Efficiency& efficiency);
  StepCost operator()(const MixedBatch& batch) const;

 private:
  const ModelSpec& model_;
  const AcceleratorSpec& device_;
  const InferenceInput& input_;
  const Efficiency& efficiency_;
  double split_;           // devices streaming their shares at the same time
  double kv_share_;        // of the KV cache, on one device
  double dense_bytes_;     // weights every token reads (streamed_weight_bytes less experts)
  double expert_bytes_;    // routed experts, read as far as the batch touches them
  double decoder_layers_;  // for the per-layer fixed cost
  double moe_layers_;      // for a CPU's expert dispatch
};

StepCost mixed_step(const ModelSpec& model, const WeightsSize& weights,
                    const AcceleratorSpec& device, const InferenceInput& input,
                    const Efficiency& efficiency, const MixedBatch& batch);

// Distinct experts a batch touches in one MoE layer, as a fraction of them: tokens routed
// independently and uniformly touch E (1 - (1 - k/E)^B) of E experts. 1 for dense models.
double touched_expert_fraction(const ModelSpec& model, int64_t batch);

// Weight bytes one forward step of `batch` tokens streams: the weights every token reads and the
// routed experts the batch touches.
double streamed_weight_bytes(const ModelSpec& model, const WeightsSize& weights, int64_t batch);

// What running the routed experts one by one costs a CPU beyond their bytes, over `moe_layers`
// layers: each expert a step touches, times `per_expert_s` (Efficiency::expert_dispatch_s).
double expert_dispatch_seconds(const ModelSpec& model, double moe_layers, int64_t batch,
                               double per_expert_s);

// Causal attention: on average a prompt token attends to half the prompt.
inline double prefill_attended_tokens(int64_t prompt) {
  return (double(prompt) + 1) / 2;
}

}  // namespace llm_sizer
