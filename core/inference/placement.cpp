#include "inference/placement.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "inference/activation.hpp"
#include "inference/kv_cache.hpp"
#include "units.hpp"

namespace llm_sizer {
namespace {

// The smallest x in [lo, hi] for which `holds` is true, given that it stays true from there on;
// hi + 1 when it never holds.
int64_t first_true(int64_t lo, int64_t hi, const std::function<bool(int64_t)>& holds) {
  int64_t bad = lo - 1;
  int64_t good = hi + 1;
  while (good - bad > 1) {
    const int64_t mid = bad + (good - bad) / 2;
    (holds(mid) ? good : bad) = mid;
  }
  return good;
}

double device_shortfall(const InferenceInput& input, const InferenceMemory& m) {
  // SGLang marks a pool it cannot even start with -1: its activations and graphs overflow.
  if (input.runtime == Runtime::sglang && m.kv_pool_bytes < 0) {
    return m.reserved_bytes - m.usable_bytes;
  }
  return m.per_device.kv_cache_bytes - m.kv_pool_bytes;
}

// The share of the KV cache that belongs to decoder layers [first, end).
double kv_fraction(const ModelSpec& m, const InferenceInput& input, int64_t first, int64_t end) {
  const double all = kv_bytes_per_sequence(kv_layout(m, input.kv_cache), input.context_tokens);
  if (all <= 0) return 0;
  const KvLayout part = kv_layout(m, input.kv_cache, first, end);
  return kv_bytes_per_sequence(part, input.context_tokens) / all;
}

// Placement searches over one scenario's memory model.
struct Search {
  const ModelSpec& m;
  const WeightsSize& w;
  const AcceleratorSpec& device;
  const HostSpec* host;
  const InferenceInput& input;

  bool fits(const Placement& p) const { return place(m, w, device, host, input, p).device.fits; }

  // The most layers on the GPUs (0 to layers + 1) that fit with the routed experts of
  // `experts_out` MoE layers in host memory; 0 when not even none fits (the verdict then says by
  // how much). Fewer layers on the GPUs never need more GPU memory.
  int64_t most_gpu_layers(int64_t experts_out) const {
    const int64_t all = m.num_layers + 1;
    const int64_t first_too_many = first_true(0, all, [&](int64_t n) {
      return !fits({n, experts_out, 0});
    });
    return std::max<int64_t>(0, first_too_many - 1);
  }

  // llama.cpp's fit: everything on the GPUs if it fits; else, for MoE models (not under Ollama),
  // the routed experts of as few layers as needed in host memory (attention and shared weights,
  // read by every token, stay on the GPU); else as many whole layers on the GPUs as fit, the first
  // ones on the CPU (llama.cpp common/arg.cpp --fit, --n-cpu-moe, -ngl).
  Placement fit() const {
    const Placement full = full_placement(m);
    const int64_t moe_layers = moe_layer_count(m);
    // KTransformers runs every routed expert on the CPU (its optimize rules), whatever fits.
    if (input.runtime == Runtime::ktransformers) return {full.gpu_layers, moe_layers, 0};
    if (fits(full)) return full;
    // Ollama moves whole layers only (its num_gpu).
    if (moe_layers == 0 || input.runtime == Runtime::ollama) return {most_gpu_layers(0), 0, 0};
    const int64_t experts_out = first_true(1, moe_layers, [&](int64_t k) {
      return fits({full.gpu_layers, k, 0});
    });
    if (experts_out <= moe_layers) return {full.gpu_layers, experts_out, 0};
    return {most_gpu_layers(moe_layers), moe_layers, 0};
  }

  // vLLM/SGLang: the least cpu_offload_gb (whole GiB, as the flag takes it) that fits both sides.
  std::optional<Placement> least_offload() const {
    const Placement full = full_placement(m);
    if (fits(full)) return full;
    const auto gib = [&](int64_t n) {
      return Placement{full.gpu_layers, 0, double(n) * units::GiB};
    };
    const auto most = int64_t(std::ceil(w.bytes / double(input.tp) / units::GiB));
    const int64_t needed = first_true(1, most, [&](int64_t n) { return fits(gib(n)); });
    if (needed > most) return std::nullopt;
    if (place(m, w, device, host, input, gib(needed)).verdict == Verdict::does_not_fit) {
      return std::nullopt;
    }
    return gib(needed);
  }
};

// llama.cpp maps the model file (mmap): when RAM (a CPU's, or the host's beside a GPU) is short
// only of weights, the rest stay on the disk and every step reads the part it uses from there
// (llama.cpp's --no-mmap would refuse instead). A GPU's own memory cannot stream.
void stream_from_disk(const AcceleratorSpec& device, const HostSpec* host,
                      const InferenceInput& input, double experts, PlacedMemory& out) {
  if (out.verdict != Verdict::does_not_fit || !runs_llama_cpp(input.runtime) ||
      out.working_set_limited) {
    return;
  }
  const bool cpu = is_cpu(device) && out.short_of == "device";
  if (!cpu && out.short_of != "host") return;
  const double disk = cpu ? device.disk_read_bytes_per_s : host->disk_read_bytes_per_s;
  const double weights = cpu ? out.device.per_device.weights_bytes : out.host.weights_bytes;
  if (disk <= 0 || out.shortfall_bytes >= weights) return;
  out.verdict = Verdict::streams_from_disk;
  out.disk_bytes = out.shortfall_bytes;
  out.cached_weight_bytes = weights - out.shortfall_bytes;
  out.ram_expert_bytes = cpu ? experts : out.split.host_experts;
  out.disk_read_bytes_per_s = disk;
}

}  // namespace

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::fits_on_device:
      return "fits_on_device";
    case Verdict::fits_with_offload:
      return "fits_with_offload";
    case Verdict::streams_from_disk:
      return "streams_from_disk";
    case Verdict::does_not_fit:
      return "does_not_fit";
  }
  return "does_not_fit";
}

Placement full_placement(const ModelSpec& model) {
  return {model.num_layers + 1, 0, 0};
}

WeightSplit split_weights(const ModelSpec& m, const WeightsSize& w, const Placement& p) {
  WeightSplit s;
  const int64_t layers = m.num_layers;
  const int64_t gpu_repeating = std::min(p.gpu_layers, layers);
  s.first_device_layer = layers - gpu_repeating;
  s.output_on_device = p.gpu_layers > layers;
  double in_layers = 0;
  for (double bytes : w.layer_bytes) in_layers += bytes;
  // llama.cpp keeps the token embedding (and Gemma 3n's per-layer one) in host memory; the output
  // layer (the head, or the embedding again when tied, and the final norm) goes to the GPU with
  // -ngl > layers.
  const double input = (m.tie_word_embeddings ? 0.0 : w.component(Component::embedding)) +
                       w.component(Component::per_layer_embedding);
  const double output = w.bytes - w.media_encoder_bytes() - in_layers - input;
  int64_t moe_seen = 0;
  for (int64_t i = 0; i < layers && size_t(i) < w.layer_bytes.size(); ++i) {
    const double experts = w.layer_expert_bytes[size_t(i)];
    const double dense = w.layer_bytes[size_t(i)] - experts;
    const bool moe = m.layers[size_t(i)].ffn == FfnKind::moe;
    const bool experts_on_host = moe && moe_seen++ < p.host_expert_layers;
    if (i < s.first_device_layer) {
      ++s.host_layers;
      s.host_dense += dense;
      s.host_experts += experts;
    } else if (experts_on_host && experts > 0) {
      ++s.device_layers;
      ++s.host_expert_only_layers;
      s.device_dense += dense;
      s.host_experts += experts;
    } else {
      ++s.device_layers;
      s.device_dense += dense;
      s.device_experts += experts;
    }
  }
  if (s.output_on_device) {
    s.device_dense += output;
  } else {
    s.host_dense += output;
    s.host_output = output;
  }
  s.device_resident = s.device_dense + s.device_experts;
  s.host_resident = s.host_dense + s.host_experts + input;
  return s;
}

PlacedMemory place(const ModelSpec& m, const WeightsSize& w, const AcceleratorSpec& device,
                   const HostSpec* host, const InferenceInput& input, const Placement& p) {
  PlacedMemory out;
  out.placement = p;
  out.split = split_weights(m, w, p);
  const WeightSplit& s = out.split;
  const bool layers_off = s.host_layers > 0 || s.host_expert_only_layers > 0 || !s.output_on_device;
  if (host && runtime_streams_offload(input.runtime) && p.cpu_offload_bytes > 0) {
    // vLLM offloads at most its whole share of the weights (model_loader/utils.py).
    const double whole = weights_per_device(w, input, m, device);
    const double offload = std::min(p.cpu_offload_bytes, whole);
    out.device = inference_memory(m, w, device, input, {whole - offload, 1.0});
    out.host.weights_bytes = offload * double(input.tp);
    out.offloaded = offload > 0;
  } else if (host && runtime_splits_layers(input.runtime) && layers_off) {
    // llama.cpp keeps each layer's KV cache beside the layer (offload_kqv), and its layer split
    // over several GPUs gives each a share of what the GPUs hold.
    const double on_device = kv_fraction(m, input, s.first_device_layer, m.num_layers);
    out.device =
        inference_memory(m, w, device, input, {s.device_resident / double(input.tp), on_device});
    out.host.weights_bytes = s.host_resident;
    // KTransformers on several sockets (USE_NUMA) copies the experts to each NUMA node: DeepSeek-V3
    // Q4_K_M needs 382 GB on one socket, 1 TB on two (its DeepseekR1_V3_tutorial.md).
    if (input.runtime == Runtime::ktransformers) {
      out.host.weights_bytes += s.host_experts * double(host->sockets - 1);
    }
    out.host.kv_cache_bytes = out.device.kv_cache_bytes * (1.0 - on_device);
    out.host.compute_bytes = llama_cpp_compute_buffer_bytes(
        m, input.context_tokens, input.max_batched_tokens, input.flash_attention);
    out.offloaded = true;
  } else {
    out.device = inference_memory(m, w, device, input);
    // llama.cpp's token embedding is in host memory even when every layer is on the GPU.
    if (host && runs_llama_cpp(input.runtime)) out.host.weights_bytes = s.host_resident;
  }
  out.host_usable_bytes = host ? host->memory_bytes : 0;
  if (!out.device.fits) {
    out.verdict = Verdict::does_not_fit;
    out.short_of = "device";
    out.shortfall_bytes = std::max(0.0, device_shortfall(input, out.device));
    out.working_set_limited = device.gpu_working_set_fraction.has_value() &&
                              out.device.per_device.total() <= device.memory_bytes;
  } else if (out.offloaded && out.host.total() > out.host_usable_bytes) {
    out.verdict = Verdict::does_not_fit;
    out.short_of = "host";
    out.shortfall_bytes = out.host.total() - out.host_usable_bytes;
  } else {
    out.verdict = out.offloaded ? Verdict::fits_with_offload : Verdict::fits_on_device;
  }
  stream_from_disk(device, host, input, w.component(Component::experts), out);
  return out;
}

Placement choose_placement(const ModelSpec& m, const WeightsSize& w, const AcceleratorSpec& device,
                           const HostSpec* host, const InferenceInput& input) {
  const Placement full = full_placement(m);
  if (!host || is_cpu(device)) return full;
  if (runtime_streams_offload(input.runtime)) return {full.gpu_layers, 0, input.cpu_offload_bytes};
  if (!runtime_splits_layers(input.runtime)) return full;
  const Search search{m, w, device, host, input};
  if (!input.gpu_layers && !input.offload_experts) return search.fit();  // KTransformers too
  const int64_t experts_out = input.offload_experts.value_or(0);
  const int64_t gpu_layers =
      input.gpu_layers ? *input.gpu_layers : search.most_gpu_layers(experts_out);
  return {gpu_layers, experts_out, 0};
}

std::optional<Placement> best_placement(const ModelSpec& m, const WeightsSize& w,
                                        const AcceleratorSpec& device, const HostSpec* host,
                                        const InferenceInput& input) {
  const Search search{m, w, device, host, input};
  const Placement full = full_placement(m);
  std::optional<Placement> best;
  if (!host || is_cpu(device) ||
      !(runtime_splits_layers(input.runtime) || runtime_streams_offload(input.runtime))) {
    best = full;
  } else if (runtime_streams_offload(input.runtime)) {
    best = search.least_offload();
  } else {
    best = search.fit();
  }
  if (best && place(m, w, device, host, input, *best).verdict == Verdict::does_not_fit) {
    return std::nullopt;
  }
  return best;
}

}  // namespace llm_sizer
