#include "cpu_backend.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <random>

#include "timing.hpp"

namespace llm_sizer::bench::cpu {
namespace {

// A VM may report a whole socket's L3 (this project's build machines say 508 MiB); one core
// reaches its own slice, 32 MiB on current server parts, so timed data beyond 64 MiB is enough.
constexpr double kCacheCap = 64.0 * (1 << 20);

template <typename F>
double seconds_of(F&& run) {
  const auto start = std::chrono::steady_clock::now();
  run();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// xorshift64: cheap enough to fill gigabytes; timings do not depend on the values.
struct Xorshift {
  uint64_t state;
  uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
};

// A normal bf16 in +-[2^-7, 2^0): no NaN, infinity or subnormal (slow on x86) can arise.
uint16_t tame_bf16(uint64_t bits) {
  return uint16_t(((bits >> 15) & 1) << 15 | (120 + (bits >> 7) % 7) << 7 | (bits & 0x7f));
}

std::vector<float> to_floats(const std::vector<uint16_t>& bf16) {
  std::vector<float> out(bf16.size());
  std::transform(bf16.begin(), bf16.end(), out.begin(), bf16_to_float);
  return out;
}

std::string cpu_name() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "CPU";
}

}  // namespace

DeviceInfo CpuBackend::info() const {
  DeviceInfo d;
  d.name = cpu_name() + " (1 thread)";
  const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
  d.cache_bytes = l3 > 0 ? std::min(double(l3), kCacheCap) : kCacheCap;
  d.memory_bytes = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGESIZE));
  d.details = {{"threads", 1}, {"l3_reported_bytes", l3}, {"compiler", __VERSION__}};
  return d;
}

std::vector<float> CpuBackend::gemv(const PackedMatrix& w, const std::vector<uint16_t>& x,
                                    int64_t batch) {
  std::vector<float> y(size_t(batch * w.shape.rows));
  cpu::gemv(view_of(w), to_floats(x).data(), batch, y.data(), false);
  return y;
}

std::vector<float> CpuBackend::attention(const AttentionCase& c) {
  std::vector<float> out(c.q.size());
  cpu::attention(c.shape, c.q.data(), c.k.data(), c.v.data(), out.data());
  return out;
}

std::vector<float> CpuBackend::gemm(GemmPrecision, int64_t m, int64_t n, int64_t k,
                                    const std::vector<int8_t>& a, const std::vector<int8_t>& b) {
  const std::vector<float> af(a.begin(), a.end()), bf(b.begin(), b.end());
  std::vector<float> c(size_t(m * n));
  cpu::gemm(m, n, k, af.data(), bf.data(), c.data());
  return c;
}

Timing CpuBackend::time_read(double bytes, const Repetitions& reps) {
  std::vector<uint64_t> data(size_t(bytes / 8), 1);
  volatile uint64_t sink = 0;
  return time_repeated(reps, [&] {
    return seconds_of([&] { sink = sink + read_words(data.data(), int64_t(data.size())); });
  });
}

Timing CpuBackend::time_copy(double bytes, const Repetitions& reps) {
  std::vector<uint64_t> from(size_t(bytes / 8), 1), to(from.size());
  return time_repeated(reps, [&] {
    return seconds_of([&] { copy_words(from.data(), to.data(), int64_t(from.size())); });
  });
}

Timing CpuBackend::time_gemm(GemmPrecision, int64_t m, int64_t n, int64_t k,
                             const Repetitions& reps) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> uniform(-1, 1);
  std::vector<float> a(size_t(m * k)), b(size_t(n * k)), c(size_t(m * n));
  for (auto& v : a) v = uniform(rng);
  for (auto& v : b) v = uniform(rng);
  return time_repeated(
      reps, [&] { return seconds_of([&] { cpu::gemm(m, n, k, a.data(), b.data(), c.data()); }); });
}

MatrixCarver CpuBackend::pools(size_t words, size_t scales) {
  if (words_.size() < words) {
    Xorshift rng{0x9e3779b97f4a7c15ull + words_.size()};
    const size_t old = words_.size();
    words_.resize(words);
    for (size_t i = old; i < words; ++i) {
      const uint64_t r = rng.next();
      words_[i] = uint32_t(tame_bf16(r)) | uint32_t(tame_bf16(r >> 16)) << 16;
    }
  }
  if (scales_.size() < scales) {
    Xorshift rng{0x2545f4914f6cdd1dull + scales_.size()};
    const size_t old = scales_.size();
    scales_.resize(scales);
    for (size_t i = old; i < scales; ++i) scales_[i] = uint16_t(7 << 10 | rng.next() % 1024);
  }
  return MatrixCarver(words_.data(), words_.size(), scales_.data(), scales_.size());
}

Timing CpuBackend::time_gemv(WeightType type, const Matrix& w, int64_t batch,
                             const Repetitions& reps) {
  // Enough distinct copies that successive runs find none of their weights in the cache.
  const int copies = int(std::ceil(2 * info().cache_bytes / matrix_bytes(type, w)));
  MatrixCarver carver = pools(MatrixCarver::words_for(type, w) * size_t(copies),
                              MatrixCarver::scales_for(type, w) * size_t(copies));
  std::vector<MatrixView> views;
  for (int i = 0; i < copies; ++i) views.push_back(carver.cut(type, w));
  const std::vector<float> x = to_floats(random_bf16(size_t(batch * w.cols), 3, 1.0));
  std::vector<float> y(size_t(batch * w.rows));
  size_t next = 0;
  return time_repeated(reps, [&] {
    const MatrixView& v = views[next++ % views.size()];
    return seconds_of([&] { cpu::gemv(v, x.data(), batch, y.data(), false); });
  });
}

Timing CpuBackend::time_decode_step(WeightType type, const DecodePlan& plan, int64_t batch,
                                    int64_t context, const Repetitions& reps) {
  const StepBuffers sizes = step_buffers(plan, type);
  MatrixCarver carver = pools(sizes.words, sizes.scales);
  struct Layer {
    MatrixView qkv, o, mlp_in, mlp_out;
    std::vector<uint16_t> k, v;
    AttentionShape attention;
  };
  std::vector<Layer> layers;
  int64_t widest = plan.hidden;
  for (const LayerPlan& l : plan.layers) {
    const size_t cache = size_t(batch * plan.kv_heads * l.kv_tokens(context) * plan.head_dim);
    Layer layer{carver.cut(type, l.qkv),
                carver.cut(type, l.o),
                carver.cut(type, l.mlp_in),
                carver.cut(type, l.mlp_out),
                std::vector<uint16_t>(cache),
                std::vector<uint16_t>(cache),
                attention_shape(plan, l, batch, context)};
    Xorshift rng{uint64_t(layers.size()) + 1};
    for (auto& e : layer.k) e = tame_bf16(rng.next());
    for (auto& e : layer.v) e = tame_bf16(rng.next());
    widest = std::max({widest, l.qkv.rows, l.o.cols, l.mlp_in.rows, l.mlp_out.cols});
    layers.push_back(std::move(layer));
  }
  const MatrixView head = carver.cut(WeightType::bf16, plan.lm_head);
  const auto buffer = [&](int64_t width) {
    return std::vector<float>(size_t(batch * width), 0.0f);
  };
  std::vector<float> h = buffer(plan.hidden), normed = buffer(plan.hidden), wide = buffer(widest),
                     mixed = buffer(widest), logits = buffer(plan.lm_head.rows);
  std::fill(h.begin(), h.end(), 1.0f);
  const auto step = [&] {
    for (size_t i = 0; i < layers.size(); ++i) {
      const Layer& l = layers[i];
      const LayerPlan& shape = plan.layers[i];
      rms_norm(h.data(), batch, plan.hidden, normed.data());
      cpu::gemv(l.qkv, normed.data(), batch, wide.data(), false);
      cpu::attention(l.attention, wide.data(), l.k.data(), l.v.data(), mixed.data());
      cpu::gemv(l.o, mixed.data(), batch, h.data(), true);
      rms_norm(h.data(), batch, plan.hidden, normed.data());
      cpu::gemv(l.mlp_in, normed.data(), batch, wide.data(), false);
      activation(wide.data(), batch, shape.mlp_out.cols, shape.gated, mixed.data());
      cpu::gemv(l.mlp_out, mixed.data(), batch, h.data(), true);
    }
    rms_norm(h.data(), batch, plan.hidden, normed.data());
    cpu::gemv(head, normed.data(), batch, logits.data(), false);
  };
  return time_repeated(reps, [&] { return seconds_of(step); });
}

}  // namespace llm_sizer::bench::cpu
