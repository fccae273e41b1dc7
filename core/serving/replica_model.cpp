#include "serving/replica_model.hpp"

#include <algorithm>

#include "inference/kv_cache.hpp"
#include "limits.hpp"

namespace llm_sizer {
namespace {

// The scheduler of one replica: the runtime's caps and the KV pool its memory leaves.
Scheduler replica_scheduler(const ModelSpec& m, const InferenceInput& in,
                            const InferenceMemory& memory, const ServingInput& serving) {
  Scheduler s;
  s.max_num_seqs = in.max_num_seqs;
  s.max_batched_tokens = in.max_batched_tokens;
  s.block_tokens = serving.block_tokens;
  s.kv = memory.kv;
  s.kv_pool_bytes = std::max(0.0, memory.kv_pool_bytes) / kv_share_per_device(m, in.tp);
  s.reserve_whole_request = in.runtime == Runtime::tensorrt_llm;
  return s;
}

}  // namespace

ReplicaModel::ReplicaModel(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                           const WeightsSizer& sizer, const AcceleratorSpec& device,
                           const InferenceInput& inference, const ServingInput& serving)
    : model(model),
      inference(inference),
      weights(inference_weights(sizer, inference)),
      efficiency(resolve_efficiency(inference, device)),
      memory(inference_memory(model, weights, device, inference)),
      scheduler(replica_scheduler(model, inference, memory, serving)),
      flops(token_flops(model, tensors)),
      step_(model, weights, device, inference, efficiency) {
  if (device.memory_bandwidth_bytes_per_s <= 0 || efficiency.peak_flops_per_s <= 0) {
    unavailable_ = "device_figures";
  } else if (scheduler.kv_pool_bytes <= 0) {
    unavailable_ = "does_not_fit";
  }
}

int64_t ReplicaModel::max_tokens() const {
  const bool capped = model.max_position_embeddings > 0 && !inference.allow_long_context;
  return std::max<int64_t>(2, capped ? model.max_position_embeddings : limits::kSequenceTokens.max);
}

}  // namespace llm_sizer
