#include "gpu_backend.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "timing.hpp"

namespace llm_sizer::bench::gpu {
namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
  }
}

template <typename T>
DeviceBuffer upload(const std::vector<T>& host) {
  DeviceBuffer buffer(std::max<size_t>(host.size() * sizeof(T), 16));
  check(cudaMemcpy(buffer.as<void>(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice),
        "upload");
  // A copy from pageable memory may still be in flight when cudaMemcpy returns, and the
  // bench's stream does not wait for the default one.
  check(cudaDeviceSynchronize(), "upload");
  return buffer;
}

template <typename T>
std::vector<T> download(const DeviceBuffer& buffer, size_t count) {
  std::vector<T> host(count);
  check(cudaDeviceSynchronize(), "kernel");
  check(cudaMemcpy(host.data(), buffer.as<void>(), count * sizeof(T), cudaMemcpyDeviceToHost),
        "download");
  return host;
}

cudaDeviceProp device_properties() {
  cudaDeviceProp props{};
  check(cudaGetDeviceProperties(&props, 0), "CUDA device 0");
  return props;
}

// A small integer in a float format with this many mantissa bits and this exponent bias, which
// hold it exactly: fp16 (10, 15) and FP8 E4M3 (3, 7).
uint32_t integer_bits(int v, int mantissa_bits, int bias) {
  if (v == 0) return 0;
  const int magnitude = std::abs(v);
  const int exponent = int(std::floor(std::log2(double(magnitude))));
  const int mantissa =
      int((double(magnitude) / std::ldexp(1.0, exponent) - 1.0) * double(1 << mantissa_bits));
  const int exponent_bits = mantissa_bits == 10 ? 5 : 4;
  const uint32_t sign = v < 0 ? 1u << (mantissa_bits + exponent_bits) : 0u;
  return sign | uint32_t(exponent + bias) << mantissa_bits | uint32_t(mantissa);
}

// Input buffer for a GEMM of this precision filled with random values of its type.
DeviceBuffer random_gemm_input(GemmPrecision precision, size_t count, uint64_t seed,
                               cudaStream_t stream) {
  DeviceBuffer buffer(count * size_t(gemm_input_bytes(precision)) + 16);
  switch (precision) {
    case GemmPrecision::bf16:
      launch_fill_bf16_pairs(buffer.as<uint32_t>(), (count + 1) / 2, seed, stream);
      break;
    case GemmPrecision::fp16:
      launch_fill_fp16(buffer.as<uint16_t>(), count, seed, stream);
      break;
    default:
      launch_fill_bytes(buffer.as<uint8_t>(), count, seed, precision == GemmPrecision::fp8, stream);
      break;
  }
  return buffer;
}

}  // namespace

DeviceBuffer::DeviceBuffer(size_t bytes) : bytes_(bytes) {
  check(cudaMalloc(&data_, bytes), ("allocating " + std::to_string(bytes) + " bytes").c_str());
}
DeviceBuffer::~DeviceBuffer() {
  if (data_) cudaFree(data_);
}
DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}
DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  std::swap(data_, other.data_);
  std::swap(bytes_, other.bytes_);
  return *this;
}

GpuBackend::GpuBackend() : props_(device_properties()), sink_(16) {
  check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "stream");
  check(cudaEventCreate(&start_), "event");
  check(cudaEventCreate(&stop_), "event");
  // The precisions whose GEMMs cuBLASLt runs here, at the correctness check's shape. FP8 tensor
  // cores need Ada (8.9), Hopper (9.0) or newer.
  for (GemmPrecision p :
       {GemmPrecision::bf16, GemmPrecision::fp16, GemmPrecision::fp8, GemmPrecision::int8}) {
    if (p == GemmPrecision::fp8 && props_.major * 10 + props_.minor < 89) continue;
    if (blas_.plan(p, 64, 96, 256)) precisions_.push_back(p);
  }
}

GpuBackend::~GpuBackend() {
  cudaEventDestroy(stop_);
  cudaEventDestroy(start_);
  cudaStreamDestroy(stream_);
}

DeviceInfo GpuBackend::info() const {
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  DeviceInfo d;
  d.name = props_.name;
  d.cache_bytes = double(props_.l2CacheSize);
  d.memory_bytes = double(props_.totalGlobalMem);
  d.details = {
      {"compute_capability", std::to_string(props_.major) + "." + std::to_string(props_.minor)},
      {"multiprocessors", props_.multiProcessorCount},
      {"driver", driver},
      {"runtime", runtime},
      {"cublaslt", blas_.version()}};
  return d;
}

std::vector<GemmPrecision> GpuBackend::gemm_precisions() const {
  return precisions_;
}

int GpuBackend::stream_blocks() const {
  return props_.multiProcessorCount * 4;  // 4 blocks of 512 threads fill an SM's 2048 threads
}

double GpuBackend::device_seconds(const std::function<void()>& launches) {
  check(cudaEventRecord(start_, stream_), "event");
  launches();
  check(cudaEventRecord(stop_, stream_), "event");
  check(cudaEventSynchronize(stop_), "timed run");
  float ms = 0;
  check(cudaEventElapsedTime(&ms, start_, stop_), "event time");
  return double(ms) * 1e-3;
}

Timing GpuBackend::time_graph(const std::function<void()>& launches, int per_replay,
                              const Repetitions& reps) {
  // One run outside the graph first: modules load and libraries set kernel attributes lazily,
  // which must not happen inside a capture.
  launches();
  check(cudaStreamSynchronize(stream_), "first run");
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  check(cudaStreamBeginCapture(stream_, cudaStreamCaptureModeThreadLocal), "capture");
  launches();
  check(cudaStreamEndCapture(stream_, &graph), "capture");
  check(cudaGraphInstantiate(&exec, graph, 0), "graph");
  Timing t = time_repeated(reps, [&] {
    return device_seconds([&] { check(cudaGraphLaunch(exec, stream_), "graph launch"); }) /
           per_replay;
  });
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  return t;
}

std::vector<float> GpuBackend::gemv(const PackedMatrix& w, const std::vector<uint16_t>& x,
                                    int64_t batch) {
  const DeviceBuffer weights = upload(w.weights), scales = upload(w.scales),
                     zeros = upload(w.zeros), input = upload(x);
  DeviceBuffer y(size_t(batch * w.shape.rows) * sizeof(float));
  const MatrixView m{w.type,
                     w.shape.rows,
                     w.shape.cols,
                     weights.as<uint32_t>(),
                     scales.as<uint16_t>(),
                     zeros.as<uint32_t>()};
  launch_gemv(m, input.as<uint16_t>(), int(batch), y.as<float>(), false, stream_);
  return download<float>(y, size_t(batch * w.shape.rows));
}

std::vector<float> GpuBackend::attention(const AttentionCase& c) {
  const AttentionShape& a = c.shape;
  const DeviceBuffer q = upload(c.q), k = upload(c.k), v = upload(c.v);
  DeviceBuffer workspace(attention_workspace_floats(a) * sizeof(float));
  DeviceBuffer out(c.q.size() * sizeof(uint16_t));
  launch_attention(a, q.as<float>(), k.as<uint16_t>(), v.as<uint16_t>(), workspace.as<float>(),
                   out.as<uint16_t>(), stream_);
  std::vector<float> result;
  for (uint16_t bits : download<uint16_t>(out, c.q.size())) result.push_back(bf16_to_float(bits));
  return result;
}

std::vector<float> GpuBackend::gemm(GemmPrecision precision, int64_t m, int64_t n, int64_t k,
                                    const std::vector<int8_t>& a, const std::vector<int8_t>& b) {
  const auto convert = [&](const std::vector<int8_t>& values) {
    std::vector<uint8_t> bytes;
    for (int8_t v : values) {
      if (precision == GemmPrecision::int8) {
        bytes.push_back(uint8_t(v));
      } else if (precision == GemmPrecision::fp8) {
        bytes.push_back(uint8_t(integer_bits(v, 3, 7)));
      } else {
        const uint16_t bits = precision == GemmPrecision::bf16 ? float_to_bf16(float(v))
                                                               : uint16_t(integer_bits(v, 10, 15));
        bytes.push_back(uint8_t(bits & 0xff));  // little-endian 16-bit values
        bytes.push_back(uint8_t(bits >> 8));
      }
    }
    return upload(bytes);
  };
  const DeviceBuffer da = convert(a), db = convert(b);
  DeviceBuffer dc(size_t(m * n) * size_t(gemm_output_bytes(precision)));
  const auto plan = blas_.plan(precision, m, n, k);
  if (!plan) throw std::runtime_error("cuBLASLt has no algorithm for the check's GEMM");
  blas_.run(*plan, da.as<void>(), db.as<void>(), dc.as<void>(), stream_);
  std::vector<float> c;
  if (precision == GemmPrecision::int8) {
    for (int32_t v : download<int32_t>(dc, size_t(m * n))) c.push_back(float(v));
  } else {
    for (uint16_t v : download<uint16_t>(dc, size_t(m * n))) {
      c.push_back(precision == GemmPrecision::fp16 ? half_to_float(v) : bf16_to_float(v));
    }
  }
  return c;
}

Timing GpuBackend::time_read(double bytes, const Repetitions& reps) {
  const size_t count = size_t(bytes / 16);
  DeviceBuffer data(count * 16);
  launch_fill_bf16_pairs(data.as<uint32_t>(), count * 4, 1, stream_);
  return time_repeated(reps, [&] {
    return device_seconds(
        [&] { launch_read(data.as<void>(), count, sink_.as<void>(), stream_blocks(), stream_); });
  });
}

Timing GpuBackend::time_copy(double bytes, const Repetitions& reps) {
  const size_t count = size_t(bytes / 16);
  DeviceBuffer from(count * 16), to(count * 16);
  launch_fill_bf16_pairs(from.as<uint32_t>(), count * 4, 2, stream_);
  return time_repeated(reps, [&] {
    return device_seconds(
        [&] { launch_copy(from.as<void>(), to.as<void>(), count, stream_blocks(), stream_); });
  });
}

Timing GpuBackend::time_gemm(GemmPrecision precision, int64_t m, int64_t n, int64_t k,
                             const Repetitions& reps) {
  const auto plan = blas_.plan(precision, m, n, k);
  if (!plan) return {};  // reps 0: cuBLASLt cannot run this shape here
  const DeviceBuffer a = random_gemm_input(precision, size_t(m * k), 3, stream_);
  const DeviceBuffer b = random_gemm_input(precision, size_t(n * k), 4, stream_);
  DeviceBuffer c(size_t(m * n) * size_t(gemm_output_bytes(precision)));
  // Enough GEMMs per replay for about a millisecond of work at 1 PFLOP/s.
  const double flops = 2.0 * double(m) * double(n) * double(k);
  const int runs = std::clamp(int(std::ceil(1e12 / flops)), 1, 20);
  return time_graph(
      [&] {
        for (int i = 0; i < runs; ++i) {
          blas_.run(*plan, a.as<void>(), b.as<void>(), c.as<void>(), stream_);
        }
      },
      runs, reps);
}

Timing GpuBackend::time_gemv(WeightType type, const Matrix& w, int64_t batch,
                             const Repetitions& reps) {
  // Distinct copies of the matrix, four L2s in all, run one after another in one graph: no run
  // finds its weights in the cache.
  const int copies =
      std::clamp(int(std::ceil(4 * info().cache_bytes / matrix_bytes(type, w))), 1, 64);
  const size_t words = MatrixCarver::words_for(type, w) * size_t(copies);
  const size_t scales = MatrixCarver::scales_for(type, w) * size_t(copies);
  DeviceBuffer word_buffer(words * 4), scale_buffer(scales * 2 + 16);
  launch_fill_bf16_pairs(word_buffer.as<uint32_t>(), words, 5, stream_);
  launch_fill_scales(scale_buffer.as<uint16_t>(), scales, 6, stream_);
  MatrixCarver carver(word_buffer.as<uint32_t>(), words, scale_buffer.as<uint16_t>(), scales);
  std::vector<MatrixView> views;
  for (int i = 0; i < copies; ++i) views.push_back(carver.cut(type, w));
  DeviceBuffer x(size_t(batch * w.cols) * 2), y(size_t(batch * w.rows) * sizeof(float));
  launch_fill_bf16_pairs(x.as<uint32_t>(), size_t(batch * w.cols) / 2, 7, stream_);
  return time_graph(
      [&] {
        for (const MatrixView& m : views) {
          launch_gemv(m, x.as<uint16_t>(), int(batch), y.as<float>(), false, stream_);
        }
      },
      copies, reps);
}

}  // namespace llm_sizer::bench::gpu
