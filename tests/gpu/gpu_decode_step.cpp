// A whole decode step on the GPU: every layer's kernels with weights of their own (nothing is
// reused from the cache between layers), the KV cache at the plan's context, the output head;
// captured once as a CUDA graph and replayed, as vLLM, SGLang and TensorRT-LLM replay theirs.
#include <algorithm>
#include <stdexcept>

#include "gpu_backend.hpp"

namespace llm_sizer::bench::gpu {

Timing GpuBackend::time_decode_step(WeightType type, const DecodePlan& plan, int64_t batch,
                                    int64_t context, const Repetitions& reps) {
  const StepBuffers sizes = step_buffers(plan, type);
  const size_t word_count = sizes.words, scale_count = sizes.scales;
  size_t cache_elements = 0;
  int64_t widest = plan.hidden;
  for (const LayerPlan& l : plan.layers) {
    widest = std::max({widest, l.qkv.rows, l.o.cols, l.mlp_in.rows, l.mlp_out.cols});
    cache_elements += 2 * size_t(batch * plan.kv_heads * l.kv_tokens(context) * plan.head_dim);
  }

  DeviceBuffer words(word_count * 4), scales(scale_count * 2 + 16), cache(cache_elements * 2);
  launch_fill_bf16_pairs(words.as<uint32_t>(), word_count, 11, stream_);
  launch_fill_scales(scales.as<uint16_t>(), scale_count, 12, stream_);
  launch_fill_bf16_pairs(cache.as<uint32_t>(), cache_elements / 2, 13, stream_);

  struct Layer {
    MatrixView qkv, o, mlp_in, mlp_out;
    AttentionShape attention;
    const uint16_t *k, *v;
  };
  std::vector<Layer> layers;
  MatrixCarver carver(words.as<uint32_t>(), word_count, scales.as<uint16_t>(), scale_count);
  size_t cache_offset = 0, workspace_floats = 0;
  for (const LayerPlan& l : plan.layers) {
    // Enough token splits for two blocks per multiprocessor, each at least 32 tokens long.
    AttentionShape a = attention_shape(plan, l, batch, context);
    const int blocks = a.batch * a.kv_heads;
    a.splits = std::clamp((2 * props_.multiProcessorCount + blocks - 1) / blocks, 1,
                          std::max(1, a.tokens / 32));
    if (!attention_supported(a)) {
      throw std::invalid_argument(plan.label + ": no attention kernel for " +
                                  std::to_string(plan.heads / plan.kv_heads) +
                                  " query heads per KV head of " + std::to_string(plan.head_dim));
    }
    const size_t per_cache = size_t(batch * plan.kv_heads * a.tokens * plan.head_dim);
    const uint16_t* k = cache.as<uint16_t>() + cache_offset;
    layers.push_back({carver.cut(type, l.qkv), carver.cut(type, l.o), carver.cut(type, l.mlp_in),
                      carver.cut(type, l.mlp_out), a, k, k + per_cache});
    cache_offset += 2 * per_cache;
    workspace_floats = std::max(workspace_floats, attention_workspace_floats(a));
  }
  const MatrixView head = carver.cut(WeightType::bf16, plan.lm_head);

  const size_t b = size_t(batch);
  DeviceBuffer hidden(b * plan.hidden * 4), normed(b * plan.hidden * 2), wide(b * widest * 4),
      mixed(b * widest * 2), logits(b * plan.lm_head.rows * 4),
      workspace(workspace_floats * 4 + 16);
  cudaMemsetAsync(hidden.as<void>(), 0, hidden.bytes(), stream_);
  const int n = int(batch);
  const auto step = [&] {
    for (size_t i = 0; i < layers.size(); ++i) {
      const Layer& l = layers[i];
      const LayerPlan& shape = plan.layers[i];
      launch_rms_norm(hidden.as<float>(), n, int(plan.hidden), normed.as<uint16_t>(), stream_);
      launch_gemv(l.qkv, normed.as<uint16_t>(), n, wide.as<float>(), false, stream_);
      launch_attention(l.attention, wide.as<float>(), l.k, l.v, workspace.as<float>(),
                       mixed.as<uint16_t>(), stream_);
      launch_gemv(l.o, mixed.as<uint16_t>(), n, hidden.as<float>(), true, stream_);
      launch_rms_norm(hidden.as<float>(), n, int(plan.hidden), normed.as<uint16_t>(), stream_);
      launch_gemv(l.mlp_in, normed.as<uint16_t>(), n, wide.as<float>(), false, stream_);
      launch_activation(wide.as<float>(), n, int(shape.mlp_out.cols), shape.gated,
                        mixed.as<uint16_t>(), stream_);
      launch_gemv(l.mlp_out, mixed.as<uint16_t>(), n, hidden.as<float>(), true, stream_);
    }
    launch_rms_norm(hidden.as<float>(), n, int(plan.hidden), normed.as<uint16_t>(), stream_);
    launch_gemv(head, normed.as<uint16_t>(), n, logits.as<float>(), false, stream_);
  };
  return time_graph(step, 1, reps);
}

}  // namespace llm_sizer::bench::gpu
