#pragma once

// gpu-bench's back end: the bench's CUDA kernels and cuBLASLt GEMMs on device 0, each timed with
// CUDA events around a replayed CUDA graph (as serving runtimes replay their decode steps), so
// host launch costs stay out of the device time.
#include <cuda_runtime.h>

#include <functional>

#include "backend.hpp"
#include "gpu_blas.hpp"
#include "gpu_kernels.hpp"

namespace llm_sizer::bench::gpu {

// Device memory that frees itself.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;

  template <typename T>
  T* as() const {
    return static_cast<T*>(data_);
  }
  size_t bytes() const { return bytes_; }

 private:
  void* data_ = nullptr;
  size_t bytes_ = 0;
};

class GpuBackend : public KernelBackend {
 public:
  GpuBackend();
  ~GpuBackend() override;

  DeviceInfo info() const override;
  std::vector<GemmPrecision> gemm_precisions() const override;

  std::vector<float> gemv(const PackedMatrix& w, const std::vector<uint16_t>& x,
                          int64_t batch) override;
  std::vector<float> attention(const AttentionCase& c) override;
  std::vector<float> gemm(GemmPrecision precision, int64_t m, int64_t n, int64_t k,
                          const std::vector<int8_t>& a, const std::vector<int8_t>& b) override;

  Timing time_read(double bytes, const Repetitions& reps) override;
  Timing time_copy(double bytes, const Repetitions& reps) override;
  Timing time_gemm(GemmPrecision precision, int64_t m, int64_t n, int64_t k,
                   const Repetitions& reps) override;
  Timing time_gemv(WeightType type, const Matrix& w, int64_t batch,
                   const Repetitions& reps) override;
  Timing time_decode_step(WeightType type, const DecodePlan& plan, int64_t batch, int64_t context,
                          const Repetitions& reps) override;

 private:
  // Device seconds of `launches` (enqueued on stream_) between two events.
  double device_seconds(const std::function<void()>& launches);
  // Captures `launches` once into a CUDA graph and times its replays; `per_replay` divides the
  // time (the graph may hold several runs of the operation).
  Timing time_graph(const std::function<void()>& launches, int per_replay, const Repetitions& reps);
  int stream_blocks() const;

  cudaDeviceProp props_;  // first: a machine without a GPU fails here, with CUDA's reason
  cudaStream_t stream_ = nullptr;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  LtGemm blas_;
  std::vector<GemmPrecision> precisions_;  // those cuBLASLt has a kernel for on this device
  DeviceBuffer sink_;
};

}  // namespace llm_sizer::bench::gpu
