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
  if (runs_llama_cpp(runtime)) return devices <= m.num_layers;
  if (m.num_heads % devices != 0) return false;
  return m.mla || m.num_kv_heads % devices == 0 || devices % m.num_kv_heads == 0;
}

// Bits per weight before scales and zero points: what tells a format's precision class.
int nominal_bits(const WeightFormat& format) {
  return format.scheme == WeightScheme::dense ? int(format.dense_bytes * 8) : format.bits;
}

// The most precise format the runtime deploys that fits, 16-bit at most (fp32 buys nothing when
// serving). Formats are tried by nominal bits, 16, 8, 6, ...: scales add well under the gap to the
// next class, so once a class has a fit no lower class can be more precise, and only the classes
// tried need their exact sizes. Formats within 0.05 bits of each other (fp16, bf16) are equally
// precise: the scenario's own format wins among them, else the catalog's first.
std::string best_fitting_format(const ModelSpec& model, const AcceleratorSpec& device,
                                const InferenceInput& input, const WeightsSizer& sizer) {
  std::vector<WeightFormat> candidates;
  for (const auto& id : weight_format_ids()) {
    WeightFormat format = parse_weight_format(id, "inference.weights");
    if (runtime_deploys(input.runtime, format) && nominal_bits(format) <= 16) {
      candidates.push_back(std::move(format));
    }
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const auto& a, const auto& b) { return nominal_bits(a) > nominal_bits(b); });
  for (size_t first = 0; first < candidates.size();) {
    size_t last = first;
    while (last < candidates.size() &&
           nominal_bits(candidates[last]) == nominal_bits(candidates[first])) {
      ++last;
    }
    std::string best;
    double best_bits = -1;
    double chosen_bits = -1;  // the scenario's own format, when it is in this class and fits
    for (size_t i = first; i < last; ++i) {
      InferenceInput variant = input;
      variant.weights = candidates[i];
      const WeightsSize size = sizer(candidates[i]);
      if (!inference_memory(model, size, device, variant).fits) continue;
      if (candidates[i].id == input.weights.id) chosen_bits = size.bits_per_weight;
      if (size.bits_per_weight > best_bits + 0.05) {
        best_bits = size.bits_per_weight;
        best = candidates[i].id;
      }
    }
    if (chosen_bits >= 0 && chosen_bits >= best_bits - 0.05) return input.weights.id;
    if (!best.empty()) return best;
    first = last;
  }
  return "";
}

}  // namespace

InverseAnswers answer_inverse_questions(const ModelSpec& model, const WeightsSize& weights,
                                        const AcceleratorSpec& device, const InferenceInput& input,
                                        const WeightsSizer& sizer) {
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
  answers.context_unbounded = answers.max_context_tokens == kMaxSearch;

  for (int64_t devices = 1; devices <= kMaxDevices; ++devices) {
    if (!valid_split(model, devices, input.runtime)) continue;
    InferenceInput changed = input;
    changed.tp = devices;
    if (fits_with(changed, weights)) {
      answers.min_devices = devices;
      break;
    }
  }

  answers.best_format = best_fitting_format(model, device, input, sizer);
  return answers;
}

}  // namespace llm_sizer
