#include <cuda_bf16.h>

#include <stdexcept>
#include <string>

#include "gpu_kernels.hpp"

namespace llm_sizer::bench::gpu {
namespace {

constexpr int kThreads = 256;
constexpr int kStreamThreads = 512;

void check_launch(const char* kernel) {
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string(kernel) + ": " + cudaGetErrorString(status));
  }
}

unsigned blocks_for(size_t count) {
  const size_t blocks = (count + kThreads - 1) / kThreads;
  return unsigned(blocks < 65535 * 16 ? blocks : 65535 * 16);
}

__device__ __forceinline__ uint64_t mix(uint64_t seed, uint64_t index) {
  uint64_t z = seed + index * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

__device__ __forceinline__ uint16_t tame_bf16(uint64_t bits) {
  return uint16_t(((bits >> 15) & 1) << 15 | (120 + (bits >> 7) % 7) << 7 | (bits & 0x7f));
}

__device__ __forceinline__ uint16_t to_bf16(float value) {
  return __bfloat16_as_ushort(__float2bfloat16(value));
}

__device__ __forceinline__ void fold(uint4& acc, const uint4& v) {
  acc.x ^= v.x;
  acc.y ^= v.y;
  acc.z ^= v.z;
  acc.w ^= v.w;
}

// Four independent 16-byte loads per thread and iteration keep enough bytes in flight to reach
// the memory's bandwidth; the streaming hint keeps the data from evicting anything useful.
__global__ void __launch_bounds__(kStreamThreads)
    read_kernel(const uint4* data, size_t count, uint4* sink) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  uint4 acc = make_uint4(0, 0, 0, 0);
  for (; i + 3 * stride < count; i += 4 * stride) {
    const uint4 a = __ldcs(data + i), b = __ldcs(data + i + stride);
    const uint4 c = __ldcs(data + i + 2 * stride), d = __ldcs(data + i + 3 * stride);
    fold(acc, a);
    fold(acc, b);
    fold(acc, c);
    fold(acc, d);
  }
  for (; i < count; i += stride) fold(acc, __ldcs(data + i));
  if (acc.x == 0x9e3779b9u && acc.y == 0x7f4a7c15u && acc.z == 0xf39cc060u &&
      acc.w == 0x5cedc834u) {
    *sink = acc;
  }
}

__global__ void __launch_bounds__(kStreamThreads)
    copy_kernel(const uint4* from, uint4* to, size_t count) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; i + 3 * stride < count; i += 4 * stride) {
    const uint4 a = __ldcs(from + i), b = __ldcs(from + i + stride);
    const uint4 c = __ldcs(from + i + 2 * stride), d = __ldcs(from + i + 3 * stride);
    __stcs(to + i, a);
    __stcs(to + i + stride, b);
    __stcs(to + i + 2 * stride, c);
    __stcs(to + i + 3 * stride, d);
  }
  for (; i < count; i += stride) __stcs(to + i, __ldcs(from + i));
}

__global__ void fill_bf16_pairs(uint32_t* words, size_t count, uint64_t seed) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += size_t(gridDim.x) * blockDim.x) {
    const uint64_t r = mix(seed, i);
    words[i] = uint32_t(tame_bf16(r)) | uint32_t(tame_bf16(r >> 16)) << 16;
  }
}

__global__ void fill_scales(uint16_t* scales, size_t count, uint64_t seed) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += size_t(gridDim.x) * blockDim.x) {
    scales[i] = uint16_t(7 << 10 | mix(seed, i) % 1024);
  }
}

// fp16 in +-[2^-7, 1): exponent field 8 to 14.
__global__ void fill_fp16(uint16_t* values, size_t count, uint64_t seed) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += size_t(gridDim.x) * blockDim.x) {
    const uint64_t r = mix(seed, i);
    values[i] = uint16_t(((r >> 20) & 1) << 15 | (8 + (r >> 10) % 7) << 10 | (r & 0x3ff));
  }
}

// E4M3 is NaN only with all exponent and mantissa bits set: clearing one exponent bit avoids it.
__global__ void fill_bytes(uint8_t* bytes, size_t count, uint64_t seed, bool fp8) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += size_t(gridDim.x) * blockDim.x) {
    const uint8_t r = uint8_t(mix(seed, i));
    bytes[i] = fp8 ? uint8_t(r & 0xf7) : r;
  }
}

__global__ void rms_norm_kernel(const float* x, int width, uint16_t* out) {
  __shared__ float partial[kThreads / 32];
  const float* row = x + size_t(blockIdx.x) * width;
  float sum = 0.0f;
  for (int i = threadIdx.x; i < width; i += blockDim.x) sum += row[i] * row[i];
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, offset);
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = sum;
  __syncthreads();
  float total = 0.0f;
  for (int w = 0; w < kThreads / 32; ++w) total += partial[w];
  const float inverse = rsqrtf(total / float(width) + 1e-6f);
  for (int i = threadIdx.x; i < width; i += blockDim.x) {
    out[size_t(blockIdx.x) * width + i] = to_bf16(row[i] * inverse);
  }
}

__global__ void activation_kernel(const float* in, int batch, int out_width, bool gated,
                                  uint16_t* out) {
  const size_t total = size_t(batch) * out_width;
  const int in_width = gated ? 2 * out_width : out_width;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += size_t(gridDim.x) * blockDim.x) {
    const size_t b = i / out_width, j = i % out_width;
    const float* row = in + b * in_width;
    float value;
    if (gated) {
      const float gate = row[j];
      value = gate / (1.0f + __expf(-gate)) * row[out_width + j];
    } else {
      const float u = row[j];  // GELU, tanh approximation (GPT-2)
      value = 0.5f * u * (1.0f + tanhf(0.7978845608f * (u + 0.044715f * u * u * u)));
    }
    out[i] = to_bf16(value);
  }
}

}  // namespace

void launch_read(const void* data, size_t count, void* sink, int blocks, cudaStream_t stream) {
  read_kernel<<<blocks, kStreamThreads, 0, stream>>>(static_cast<const uint4*>(data), count,
                                                     static_cast<uint4*>(sink));
  check_launch("read");
}

void launch_copy(const void* from, void* to, size_t count, int blocks, cudaStream_t stream) {
  copy_kernel<<<blocks, kStreamThreads, 0, stream>>>(static_cast<const uint4*>(from),
                                                     static_cast<uint4*>(to), count);
  check_launch("copy");
}

void launch_fill_bf16_pairs(uint32_t* words, size_t count, uint64_t seed, cudaStream_t stream) {
  fill_bf16_pairs<<<blocks_for(count), kThreads, 0, stream>>>(words, count, seed);
  check_launch("fill");
}

void launch_fill_scales(uint16_t* scales, size_t count, uint64_t seed, cudaStream_t stream) {
  fill_scales<<<blocks_for(count), kThreads, 0, stream>>>(scales, count, seed);
  check_launch("fill");
}

void launch_fill_fp16(uint16_t* values, size_t count, uint64_t seed, cudaStream_t stream) {
  fill_fp16<<<blocks_for(count), kThreads, 0, stream>>>(values, count, seed);
  check_launch("fill");
}

void launch_fill_bytes(uint8_t* bytes, size_t count, uint64_t seed, bool fp8, cudaStream_t stream) {
  fill_bytes<<<blocks_for(count), kThreads, 0, stream>>>(bytes, count, seed, fp8);
  check_launch("fill");
}

void launch_rms_norm(const float* x, int batch, int width, uint16_t* out, cudaStream_t stream) {
  rms_norm_kernel<<<batch, kThreads, 0, stream>>>(x, width, out);
  check_launch("rms_norm");
}

void launch_activation(const float* in, int batch, int out_width, bool gated, uint16_t* out,
                       cudaStream_t stream) {
  activation_kernel<<<blocks_for(size_t(batch) * out_width), kThreads, 0, stream>>>(
      in, batch, out_width, gated, out);
  check_launch("activation");
}

}  // namespace llm_sizer::bench::gpu
