#include "inference/inverse.hpp"

#include <algorithm>
#include <functional>

#include "inference/memory.hpp"
#include "inference/runtime_profile.hpp"

namespace llm_sizer {
namespace {

constexpr int64_t kMaxSearch = int64_t(1) << 40;
constexpr int64_t kMaxDevices = 1024;

// The largest n in [1, limit] for which fits(n) holds, given that fits is monotone; 0 if none.
int64_t largest_fitting(int64_t limit, const std::function<bool(int64_t)>& fits) {
  if (limit < 1 || !fits(1)) return 0;
  int64_t good = 1;
  int64_t bad = 2;
  while (bad <= limit && fits(bad)) {
    good = bad;
    bad = std::min(limit + 1, bad * 2);
    if (good == limit) return limit;
  }
  bad = std::min(bad, limit + 1);
  while (bad - good > 1) {
    const int64_t mid = good + (bad - good) / 2;
    (fits(mid) ? good : bad) = mid;
  }
  return good;
}

bool valid_split(const ModelSpec& m, int64_t devices, Runtime runtime) {
  if (runtime == Runtime::llama_cpp) return devices <= m.num_layers;
  if (m.num_heads % devices != 0) return false;
  return m.mla || m.num_kv_heads % devices == 0 || devices % m.num_kv_heads == 0;
}

// Formats the runtime can load: llama.cpp reads GGUF files; the GPU serving runtimes read
// Hugging Face checkpoints (floats, FP8, INT8, GPTQ, AWQ, bitsandbytes).
bool runtime_loads(Runtime runtime, const WeightFormat& format) {
  const bool gguf = format.family == "gguf";
  if (runtime == Runtime::llama_cpp) return gguf;
  if (runtime == Runtime::generic) return true;
  return !gguf;
}

}  // namespace

InverseAnswers answer_inverse_questions(const ModelSpec& model,
                                        const std::vector<TensorSpec>& tensors,
                                        const WeightsSize& weights, const AcceleratorSpec& device,
                                        const InferenceInput& input) {
  InverseAnswers answers;
  const auto fits_with = [&](InferenceInput changed, const WeightsSize& w) {
    return inference_memory(model, w, device, changed).fits;
  };

  answers.max_batch = largest_fitting(kMaxSearch, [&](int64_t batch) {
    InferenceInput changed = input;
    changed.batch = batch;
    return fits_with(changed, weights);
  });

  const int64_t model_max = model.max_position_embeddings;
  const int64_t context_cap = model_max > 0 && !input.allow_long_context ? model_max : kMaxSearch;
  answers.max_context_tokens = largest_fitting(context_cap, [&](int64_t tokens) {
    InferenceInput changed = input;
    changed.context_tokens = tokens;
    return fits_with(changed, weights);
  });
  answers.context_limited_by_model =
      answers.max_context_tokens == context_cap && context_cap == model_max;

  for (int64_t devices = 1; devices <= kMaxDevices; ++devices) {
    if (!valid_split(model, devices, input.runtime)) continue;
    InferenceInput changed = input;
    changed.tp = devices;
    if (fits_with(changed, weights)) {
      answers.min_devices = devices;
      break;
    }
  }

  double best_bits = -1;
  for (const auto& id : weight_format_ids()) {
    const WeightFormat format = parse_weight_format(id, "inference.weights");
    if (!runtime_loads(input.runtime, format)) continue;
    const WeightsSize w = weights_size(model, tensors, format);
    // Serving in fp32 buys nothing over 16-bit weights; "best" means the most precise format
    // people actually deploy.
    if (w.bits_per_weight > 16.5) continue;
    // Formats within 0.05 bits of each other (fp16, bf16, GGUF F16) are the same choice; the
    // catalog lists the common one first.
    if (w.bits_per_weight > best_bits + 0.05 && fits_with(input, w)) {
      best_bits = w.bits_per_weight;
      answers.best_format = id;
    }
  }
  return answers;
}

}  // namespace llm_sizer
