#include <cuda_fp16.h>

#include <stdexcept>
#include <string>

#include "gpu_kernels.hpp"

namespace llm_sizer::bench::gpu {
namespace {

constexpr int kWarp = 32;
constexpr unsigned kAllLanes = 0xffffffffu;
constexpr int kGemvThreads = 256;  // 8 warps: 8 output rows per block

void check_launch(const char* kernel) {
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string(kernel) + ": " + cudaGetErrorString(status));
  }
}

__device__ __forceinline__ float bf16_low(uint32_t word) {
  return __uint_as_float(word << 16);
}
__device__ __forceinline__ float bf16_high(uint32_t word) {
  return __uint_as_float(word & 0xffff0000u);
}
__device__ __forceinline__ float fp16_bits(uint16_t bits) {
  return __half2float(__ushort_as_half(bits));
}
__device__ __forceinline__ float warp_sum(float value) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2) {
    value += __shfl_xor_sync(kAllLanes, value, offset);
  }
  return value;
}

struct GemvArgs {
  const uint32_t* weights;
  const uint16_t* scales;
  const uint32_t* zeros;
  int64_t rows, cols, words_per_row, groups, zero_words_per_row;
  const uint16_t* x;
  float* y;
  int batch;
  bool accumulate;
};

// The kPerLoad weights of one 16-byte load, as floats: bf16 widened, or (q - zero) * scale with
// the group's fp16 scale and packed zero point (a load never straddles a 128-wide group).
template <int kBits>
__device__ __forceinline__ void dequantize(const uint4& packed, int64_t row, int64_t first,
                                           const GemvArgs& a, float* w) {
  const uint32_t words[4] = {packed.x, packed.y, packed.z, packed.w};
  if constexpr (kBits == 16) {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      w[2 * i] = bf16_low(words[i]);
      w[2 * i + 1] = bf16_high(words[i]);
    }
  } else {
    constexpr int kPerWord = 32 / kBits;
    constexpr uint32_t kMask = (1u << kBits) - 1;
    const int64_t group = first / kGroupSize;
    const float scale = fp16_bits(a.scales[row * a.groups + group]);
    const uint32_t zero_word = a.zeros[row * a.zero_words_per_row + group / kPerWord];
    const float zero = float((zero_word >> ((group % kPerWord) * kBits)) & kMask);
#pragma unroll
    for (int i = 0; i < 4 * kPerWord; ++i) {
      const uint32_t q = (words[i / kPerWord] >> ((i % kPerWord) * kBits)) & kMask;
      w[i] = (float(q) - zero) * scale;
    }
  }
}

template <int kBits, int kMaxBatch>
__global__ void __launch_bounds__(kGemvThreads) gemv_kernel(GemvArgs a) {
  constexpr int kPerLoad = 128 / kBits;  // weights per 16-byte load: 8, 16 or 32
  constexpr int kUnroll = 4;             // loads in flight per lane before any is used
  const int lane = threadIdx.x % kWarp;
  const int64_t row = int64_t(blockIdx.x) * (kGemvThreads / kWarp) + threadIdx.x / kWarp;
  if (row >= a.rows) return;
  const uint4* w = reinterpret_cast<const uint4*>(a.weights + row * a.words_per_row);
  const int64_t loads = a.cols / kPerLoad;
  float acc[kMaxBatch];
#pragma unroll
  for (int b = 0; b < kMaxBatch; ++b) acc[b] = 0.0f;

  for (int64_t base = lane; base < loads; base += kWarp * kUnroll) {
    uint4 packed[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t load = base + int64_t(u) * kWarp;
      packed[u] = load < loads ? __ldg(w + load) : make_uint4(0, 0, 0, 0);
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t load = base + int64_t(u) * kWarp;
      if (load >= loads) break;
      const int64_t first = load * kPerLoad;
      float weight[kPerLoad];
      dequantize<kBits>(packed[u], row, first, a, weight);
#pragma unroll
      for (int b = 0; b < kMaxBatch; ++b) {
        if (b >= a.batch) break;
        const uint4* x = reinterpret_cast<const uint4*>(a.x + b * a.cols + first);
        float sum = 0.0f;
#pragma unroll
        for (int q = 0; q < kPerLoad / 8; ++q) {
          const uint4 xs = __ldg(x + q);
          const float* wq = weight + 8 * q;
          sum += wq[0] * bf16_low(xs.x) + wq[1] * bf16_high(xs.x) + wq[2] * bf16_low(xs.y) +
                 wq[3] * bf16_high(xs.y) + wq[4] * bf16_low(xs.z) + wq[5] * bf16_high(xs.z) +
                 wq[6] * bf16_low(xs.w) + wq[7] * bf16_high(xs.w);
        }
        acc[b] += sum;
      }
    }
  }
#pragma unroll
  for (int b = 0; b < kMaxBatch; ++b) {
    const float total = warp_sum(acc[b]);
    if (lane == 0 && b < a.batch) {
      float& out = a.y[b * a.rows + row];
      out = a.accumulate ? out + total : total;
    }
  }
}

template <int kBits>
void gemv_for_batch(const GemvArgs& a, cudaStream_t stream) {
  const dim3 grid(unsigned((a.rows + kGemvThreads / kWarp - 1) / (kGemvThreads / kWarp)));
  if (a.batch <= 1) {
    gemv_kernel<kBits, 1><<<grid, kGemvThreads, 0, stream>>>(a);
  } else if (a.batch <= 2) {
    gemv_kernel<kBits, 2><<<grid, kGemvThreads, 0, stream>>>(a);
  } else if (a.batch <= 4) {
    gemv_kernel<kBits, 4><<<grid, kGemvThreads, 0, stream>>>(a);
  } else if (a.batch <= 8) {
    gemv_kernel<kBits, 8><<<grid, kGemvThreads, 0, stream>>>(a);
  } else {
    gemv_kernel<kBits, 16><<<grid, kGemvThreads, 0, stream>>>(a);
  }
}

}  // namespace

void launch_gemv(const MatrixView& w, const uint16_t* x, int batch, float* y, bool accumulate,
                 cudaStream_t stream) {
  if (batch < 1 || batch > 16) throw std::invalid_argument("gemv: batch must be 1 to 16");
  if (w.cols % kGroupSize != 0) throw std::invalid_argument("gemv: cols must be whole groups");
  const GemvArgs a{w.weights,  w.scales,
                   w.zeros,    w.rows,
                   w.cols,     w.words_per_row(),
                   w.groups(), w.zero_words_per_row(),
                   x,          y,
                   batch,      accumulate};
  switch (w.type) {
    case WeightType::bf16:
      gemv_for_batch<16>(a, stream);
      break;
    case WeightType::int8:
      gemv_for_batch<8>(a, stream);
      break;
    case WeightType::int4:
      gemv_for_batch<4>(a, stream);
      break;
  }
  check_launch("gemv");
}

}  // namespace llm_sizer::bench::gpu
