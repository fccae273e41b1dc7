// A whole decode step on the GPU: every layer's kernels with weights of their own (nothing is
// reused from the cache between layers), the KV cache at the plan's context, the output head;
// captured once as a CUDA graph and replayed, as vLLM, SGLang and TensorRT-LLM replay theirs.
#include <algorithm>
#include <stdexcept>

#include "gpu_backend.hpp"

namespace llm_sizer::bench::gpu {
namespace {

constexpr size_t kAlignWords = 64;  // 256 bytes: every matrix starts 16-byte aligned

size_t aligned(size_t words) {
  return (words + kAlignWords - 1) / kAlignWords * kAlignWords;
}

// Cuts the matrices of a step out of one allocation, one after another.
struct Carver {
  uint32_t* words;
  uint16_t* scales;
  size_t word = 0;
  size_t scale = 0;

  static void count(WeightType type, const Matrix& m, size_t& words, size_t& scales) {
    const DeviceMatrix shape{type, m.rows, m.cols};
    const bool integer = type != WeightType::bf16;
    words += aligned(size_t(m.rows * shape.words_per_row()) +
                     (integer ? size_t(m.rows * shape.zero_words_per_row()) : 0));
    scales += integer ? size_t(m.rows * shape.groups()) : 0;
  }

  DeviceMatrix cut(WeightType type, const Matrix& m) {
    DeviceMatrix out{type, m.rows, m.cols};
    const bool integer = type != WeightType::bf16;
    const size_t weight_words = size_t(m.rows * out.words_per_row());
    out.weights = words + word;
    out.zeros = integer ? words + word + weight_words : nullptr;
    out.scales = integer ? scales + scale : nullptr;
    word += aligned(weight_words + (integer ? size_t(m.rows * out.zero_words_per_row()) : 0));
    scale += integer ? size_t(m.rows * out.groups()) : 0;
    return out;
  }
};

}  // namespace

Timing GpuBackend::time_decode_step(WeightType type, const DecodePlan& plan, int64_t batch,
                                    int64_t context, const Repetitions& reps) {
  size_t word_count = 0, scale_count = 0, cache_elements = 0;
  int64_t widest = plan.hidden;
  for (const LayerPlan& l : plan.layers) {
    for (const Matrix* m : {&l.qkv, &l.o, &l.mlp_in, &l.mlp_out}) {
      Carver::count(type, *m, word_count, scale_count);
      widest = std::max({widest, m->rows, m->cols});
    }
    cache_elements += 2 * size_t(batch * plan.kv_heads * l.kv_tokens(context) * plan.head_dim);
  }
  Carver::count(WeightType::bf16, plan.lm_head, word_count, scale_count);

  DeviceBuffer words(word_count * 4), scales(scale_count * 2 + 16), cache(cache_elements * 2);
  launch_fill_bf16_pairs(words.as<uint32_t>(), word_count, 11, stream_);
  launch_fill_scales(scales.as<uint16_t>(), scale_count, 12, stream_);
  launch_fill_bf16_pairs(cache.as<uint32_t>(), cache_elements / 2, 13, stream_);

  struct Layer {
    DeviceMatrix qkv, o, mlp_in, mlp_out;
    AttentionArgs attention;
    const uint16_t *k, *v;
  };
  std::vector<Layer> layers;
  Carver carver{words.as<uint32_t>(), scales.as<uint16_t>()};
  size_t cache_offset = 0, workspace_floats = 0;
  for (const LayerPlan& l : plan.layers) {
    const int tokens = int(l.kv_tokens(context));
    // Enough token splits for two blocks per multiprocessor, each at least 32 tokens long.
    const int blocks = int(batch * plan.kv_heads);
    const int splits = std::clamp((2 * props_.multiProcessorCount + blocks - 1) / blocks, 1,
                                  std::max(1, tokens / 32));
    const AttentionArgs a{int(batch), int(plan.heads), int(plan.kv_heads), int(plan.head_dim),
                          tokens,     splits,          int(l.qkv.rows)};
    if (!attention_supported(a)) {
      throw std::invalid_argument(plan.label + ": no attention kernel for " +
                                  std::to_string(plan.heads / plan.kv_heads) +
                                  " query heads per KV head of " + std::to_string(plan.head_dim));
    }
    const size_t per_cache = size_t(batch * plan.kv_heads * tokens * plan.head_dim);
    const uint16_t* k = cache.as<uint16_t>() + cache_offset;
    layers.push_back({carver.cut(type, l.qkv), carver.cut(type, l.o), carver.cut(type, l.mlp_in),
                      carver.cut(type, l.mlp_out), a, k, k + per_cache});
    cache_offset += 2 * per_cache;
    workspace_floats = std::max(workspace_floats, attention_workspace_floats(a));
  }
  const DeviceMatrix head = carver.cut(WeightType::bf16, plan.lm_head);

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
