#include <cuda_bf16.h>

#include <stdexcept>
#include <string>

#include "gpu_kernels.hpp"

namespace llm_sizer::bench::gpu {
namespace {

constexpr int kWarp = 32;
constexpr int kWarps = 4;  // per block; each takes every 4th token of the block's split
constexpr unsigned kAllLanes = 0xffffffffu;

__device__ __forceinline__ float warp_sum(float value) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2) {
    value += __shfl_xor_sync(kAllLanes, value, offset);
  }
  return value;
}

// E consecutive bf16 values (E = 2, 4 or 8: one 4-, 8- or 16-byte load) as floats.
template <int E>
__device__ __forceinline__ void load_bf16(const uint16_t* from, float* out) {
  uint32_t words[E / 2];
  if constexpr (E == 2) {
    words[0] = *reinterpret_cast<const uint32_t*>(from);
  } else if constexpr (E == 4) {
    const uint2 v = *reinterpret_cast<const uint2*>(from);
    words[0] = v.x;
    words[1] = v.y;
  } else {
    const uint4 v = *reinterpret_cast<const uint4*>(from);
    words[0] = v.x;
    words[1] = v.y;
    words[2] = v.z;
    words[3] = v.w;
  }
#pragma unroll
  for (int i = 0; i < E / 2; ++i) {
    out[2 * i] = __uint_as_float(words[i] << 16);
    out[2 * i + 1] = __uint_as_float(words[i] & 0xffff0000u);
  }
}

// One (KV head, sequence, split) per block. Each warp keeps, for the G query heads of this KV
// head, a running maximum m, sum l and weighted sum of values (online softmax, Milakov and
// Gimelshein 2018); lane i holds elements [i E, i E + E) of each head. The block then merges
// its warps and writes one partial (acc[0..D), m, l) per head to the workspace.
template <int G, int E>
__global__ void __launch_bounds__(kWarps* kWarp)
    attention_partial(AttentionShape a, const float* q, const uint16_t* k, const uint16_t* v,
                      float* workspace) {
  constexpr int D = E * kWarp;
  __shared__ float shared_m[kWarps][G], shared_l[kWarps][G], shared_acc[kWarps][G][D];
  const int kv_head = blockIdx.x, b = blockIdx.y, split = blockIdx.z;
  const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp;
  const int per_split = (a.tokens + a.splits - 1) / a.splits;
  const int first = split * per_split;
  const int last = min(a.tokens, first + per_split);
  const float scale = rsqrtf(float(D));

  float query[G][E], m[G], l[G], acc[G][E];
#pragma unroll
  for (int g = 0; g < G; ++g) {
    const float* head = q + size_t(b) * a.q_stride + size_t(kv_head * G + g) * D + lane * E;
#pragma unroll
    for (int e = 0; e < E; ++e) {
      query[g][e] = head[e] * scale;
      acc[g][e] = 0.0f;
    }
    m[g] = -INFINITY;
    l[g] = 0.0f;
  }
  const size_t cache = (size_t(b) * a.kv_heads + kv_head) * size_t(a.tokens) * D;
  for (int t = first + warp; t < last; t += kWarps) {
    float key[E], value[E];
    load_bf16<E>(k + cache + size_t(t) * D + lane * E, key);
    load_bf16<E>(v + cache + size_t(t) * D + lane * E, value);
#pragma unroll
    for (int g = 0; g < G; ++g) {
      float partial = 0.0f;
#pragma unroll
      for (int e = 0; e < E; ++e) partial += query[g][e] * key[e];
      const float score = warp_sum(partial);
      const float top = fmaxf(m[g], score);
      const float rescale = __expf(m[g] - top);  // 0 while m is still -inf
      const float p = __expf(score - top);
      l[g] = l[g] * rescale + p;
#pragma unroll
      for (int e = 0; e < E; ++e) acc[g][e] = acc[g][e] * rescale + p * value[e];
      m[g] = top;
    }
  }
#pragma unroll
  for (int g = 0; g < G; ++g) {
    if (lane == 0) {
      shared_m[warp][g] = m[g];
      shared_l[warp][g] = l[g];
    }
#pragma unroll
    for (int e = 0; e < E; ++e) shared_acc[warp][g][lane * E + e] = acc[g][e];
  }
  __syncthreads();
  for (int index = threadIdx.x; index < G * D; index += blockDim.x) {
    const int g = index / D, d = index % D;
    float top = -INFINITY;
    for (int w = 0; w < kWarps; ++w) top = fmaxf(top, shared_m[w][g]);
    float sum = 0.0f, weighted = 0.0f;
    if (top != -INFINITY) {  // a split past the last token has nothing to merge
      for (int w = 0; w < kWarps; ++w) {
        const float factor = __expf(shared_m[w][g] - top);
        sum += shared_l[w][g] * factor;
        weighted += shared_acc[w][g][d] * factor;
      }
    }
    float* out = workspace + ((size_t(b) * a.kv_heads + kv_head) * a.splits + split) * G * (D + 2) +
                 size_t(g) * (D + 2);
    out[d] = weighted;
    if (d == 0) {
      out[D] = top;
      out[D + 1] = sum;
    }
  }
}

// One query head per block, one thread per element: merges the splits' partial softmaxes.
__global__ void attention_merge(AttentionShape a, const float* workspace, uint16_t* out) {
  const int head = blockIdx.x, b = blockIdx.y, d = threadIdx.x;
  const int group = a.heads / a.kv_heads;
  const int kv_head = head / group, g = head % group;
  const int D = a.head_dim;
  const float* partials = workspace +
                          (size_t(b) * a.kv_heads + kv_head) * a.splits * group * (D + 2) +
                          size_t(g) * (D + 2);
  const size_t split_stride = size_t(group) * (D + 2);
  float top = -INFINITY;
  for (int s = 0; s < a.splits; ++s) top = fmaxf(top, partials[s * split_stride + D]);
  float sum = 0.0f, weighted = 0.0f;
  for (int s = 0; s < a.splits; ++s) {
    const float* p = partials + s * split_stride;
    if (p[D + 1] == 0.0f) continue;  // an empty split
    const float factor = __expf(p[D] - top);
    sum += p[D + 1] * factor;
    weighted += p[d] * factor;
  }
  out[(size_t(b) * a.heads + head) * D + d] =
      __bfloat16_as_ushort(__float2bfloat16(weighted / sum));
}

template <int G, int E>
void launch_partial(const AttentionShape& a, const float* q, const uint16_t* k, const uint16_t* v,
                    float* workspace, cudaStream_t stream) {
  const dim3 grid(unsigned(a.kv_heads), unsigned(a.batch), unsigned(a.splits));
  attention_partial<G, E><<<grid, kWarps * kWarp, 0, stream>>>(a, q, k, v, workspace);
}

template <int E>
void launch_for_group(int group, const AttentionShape& a, const float* q, const uint16_t* k,
                      const uint16_t* v, float* workspace, cudaStream_t stream) {
  switch (group) {
    case 1:
      return launch_partial<1, E>(a, q, k, v, workspace, stream);
    case 2:
      return launch_partial<2, E>(a, q, k, v, workspace, stream);
    case 3:
      return launch_partial<3, E>(a, q, k, v, workspace, stream);
    case 4:
      return launch_partial<4, E>(a, q, k, v, workspace, stream);
  }
  if constexpr (E <= 4) {  // 8 heads of 8 elements per lane would not fit in registers
    switch (group) {
      case 5:
        return launch_partial<5, E>(a, q, k, v, workspace, stream);
      case 6:
        return launch_partial<6, E>(a, q, k, v, workspace, stream);
      case 7:
        return launch_partial<7, E>(a, q, k, v, workspace, stream);
      case 8:
        return launch_partial<8, E>(a, q, k, v, workspace, stream);
    }
  }
  throw std::invalid_argument("attention: unsupported heads per KV head");
}

}  // namespace

bool attention_supported(const AttentionShape& a) {
  const bool dim = a.head_dim == 64 || a.head_dim == 128 || a.head_dim == 256;
  if (!dim || a.kv_heads <= 0 || a.heads % a.kv_heads != 0) return false;
  const int group = a.heads / a.kv_heads;
  return group >= 1 && group <= (a.head_dim == 256 ? 4 : 8) && a.splits >= 1 && a.tokens >= 1;
}

size_t attention_workspace_floats(const AttentionShape& a) {
  return size_t(a.batch) * a.heads * a.splits * (a.head_dim + 2);
}

void launch_attention(const AttentionShape& shape, const float* q, const uint16_t* k,
                      const uint16_t* v, float* workspace, uint16_t* out, cudaStream_t stream) {
  if (!attention_supported(shape)) throw std::invalid_argument("attention: unsupported shape");
  AttentionShape a = shape;  // the kernels read q_stride itself (query_stride() is host code)
  a.q_stride = shape.query_stride();
  const int group = a.heads / a.kv_heads;
  switch (a.head_dim) {
    case 64:
      launch_for_group<2>(group, a, q, k, v, workspace, stream);
      break;
    case 128:
      launch_for_group<4>(group, a, q, k, v, workspace, stream);
      break;
    default:
      launch_for_group<8>(group, a, q, k, v, workspace, stream);
      break;
  }
  attention_merge<<<dim3(unsigned(a.heads), unsigned(a.batch)), unsigned(a.head_dim), 0, stream>>>(
      a, workspace, out);
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess)
    throw std::runtime_error(std::string("attention: ") + cudaGetErrorString(status));
}

}  // namespace llm_sizer::bench::gpu
