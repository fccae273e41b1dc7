#include "training/memory.hpp"

#include <algorithm>

#include "quantization/other_formats.hpp"
#include "training/activations.hpp"

namespace llm_sizer {
namespace {

constexpr double kFp32Bytes = 4;
constexpr double kBf16Bytes = 2;
constexpr int64_t kMicroBatchLimit = int64_t(1) << 30;

// What one GPU of a pipeline stage holds, after tensor parallelism.
struct StageWeights {
  double trainable = 0;
  double frozen = 0;
  double nf4 = 0;
  double nf4_bytes = 0;
  double states = 0;              // optimizer-state bytes
  double largest_tensor = 0;      // params of the largest weight tensor
  double largest_nf4_matrix = 0;  // params of the largest single NF4 matrix
  std::vector<size_t> layers;
};

class WeightPlacement {
 public:
  WeightPlacement(const ModelSpec& m, const TrainingInput& in, const PrecisionBytes& bytes)
      : m_(m), in_(in), bytes_(bytes), stages_(size_t(in.pp)) {
    layers_per_stage_ = int64_t(m.layers.size()) / in.pp;
    for (size_t i = 0; i < m.layers.size(); ++i) stages_[i / layers_per_stage_].layers.push_back(i);
  }

  // Megatron-style placement: layers split evenly; the embedding (and an image encoder) on the
  // first stage, the final norm and LM head on the last, tied embeddings copied to the last.
  void add_model_tensor(const TensorSpec& t) {
    if (t.component == Component::mtp) return;
    place(t, stage_of(t));
    if (t.kind == "token_embd" && m_.tie_word_embeddings && in_.pp > 1) place(t, int(in_.pp - 1));
  }

  void add_adapter(const LoraAdapter& a) {
    const int stage = int(a.layer / layers_per_stage_);
    const int64_t r = in_.lora_rank;
    add_trainable(stage, r, a.in, a.matrices, false);   // A: d_in -> r
    add_trainable(stage, a.out, r, a.matrices, false);  // B: r -> d_out
  }

  const std::vector<StageWeights>& stages() const { return stages_; }

 private:
  int stage_of(const TensorSpec& t) const {
    if (t.layer >= 0 && t.component != Component::vision) {
      return int(t.layer / layers_per_stage_);
    }
    if (t.kind == "output" || t.kind == "output_norm") return int(in_.pp - 1);
    return 0;
  }

  void place(const TensorSpec& t, int stage) {
    StageWeights& s = stages_[size_t(stage)];
    const double params = double(t.params()) / double(in_.tp);
    s.largest_tensor = std::max(s.largest_tensor, params);
    if (!in_.parameter_efficient()) {
      add_trainable(stage, t.rows, t.row_length, t.matrices, t.vector);
    } else if (in_.method == TrainingMethod::qlora && quantizes_tensor(t, nf4_)) {
      // QLoRA stores the frozen base in NF4 with double quantization (Dettmers et al. 2023).
      s.nf4 += params;
      s.nf4_bytes += double(checkpoint_tensor_bytes(t, nf4_)) / double(in_.tp);
      s.largest_nf4_matrix =
          std::max(s.largest_nf4_matrix, double(t.rows) * double(t.row_length) / double(in_.tp));
    } else {
      s.frozen += params;
    }
  }

  void add_trainable(int stage, int64_t rows, int64_t row_length, int64_t matrices, bool vector) {
    StageWeights& s = stages_[size_t(stage)];
    const double tp = double(in_.tp);
    s.trainable += double(rows) * double(row_length) * double(matrices) / tp;
    s.states += optimizer_state_bytes(in_.optimizer, bytes_.state_element, rows, row_length,
                                      matrices, vector) /
                tp;
  }

  const ModelSpec& m_;
  const TrainingInput& in_;
  const PrecisionBytes& bytes_;
  const WeightFormat nf4_ = parse_weight_format("nf4-dq", "training.method");
  std::vector<StageWeights> stages_;
  int64_t layers_per_stage_ = 1;
};

class StageEvaluator {
 public:
  StageEvaluator(const ModelSpec& m, const TrainingInput& in, const PrecisionBytes& bytes,
                 const std::vector<StageWeights>& stages)
      : m_(m), in_(in), bytes_(bytes), stages_(stages) {}

  StageMemory evaluate(size_t k, int64_t micro_batch) const {
    const StageWeights& w = stages_[k];
    StageMemory s;
    s.stage = int(k);
    s.trainable_params = w.trainable;
    s.frozen_params = w.frozen;
    s.nf4_params = w.nf4;
    s.nf4_bytes = w.nf4_bytes;
    s.optimizer_state_bytes = w.states;
    model_states(w, s);
    activations(k, micro_batch, s);
    buffers(w, micro_batch, s);
    MemoryParts& p = s.parts;
    p.overhead_bytes =
        in_.cuda_context_bytes + in_.fragmentation * (p.activations_bytes + p.buffers_bytes);
    return s;
  }

  // The stage needing the most memory at this micro-batch.
  StageMemory worst(int64_t micro_batch) const {
    StageMemory worst = evaluate(0, micro_batch);
    for (size_t k = 1; k < stages_.size(); ++k) {
      StageMemory s = evaluate(k, micro_batch);
      if (s.parts.total() > worst.parts.total()) worst = s;
    }
    return worst;
  }

 private:
  void model_states(const StageWeights& w, StageMemory& s) const {
    const double dp = double(in_.dp);
    const bool offload = in_.offload != Offload::none;
    s.weights_shard = in_.zero_stage >= 3 ? dp : 1;
    s.gradients_shard = in_.zero_stage >= 2 ? dp : 1;
    s.optimizer_shard = in_.zero_stage >= 1 ? dp : 1;
    s.weights_offloaded = in_.offload == Offload::optimizer_and_params;
    s.optimizer_offloaded = offload;
    s.gradients_offloaded = offload && in_.zero_stage >= 2;  // ZeRO-Offload streams them out
    MemoryParts& p = s.parts;
    const double weights =
        (w.nf4_bytes + w.frozen * bytes_.frozen_weight + w.trainable * bytes_.weight) /
        s.weights_shard;
    p.weights_bytes = s.weights_offloaded ? 0 : weights;
    p.gradients_bytes =
        s.gradients_offloaded ? 0 : w.trainable * bytes_.gradient / s.gradients_shard;
    const double optimizer = (w.trainable * bytes_.master + w.states) / s.optimizer_shard;
    p.optimizer_bytes = s.optimizer_offloaded ? 0 : optimizer;
    // DeepSpeed's CPU Adam keeps fp32 gradients beside the master weights and states (16 bytes
    // per parameter for mixed AdamW, 18 with the 16-bit parameters offloaded too).
    if (offload) {
      s.cpu_offload_bytes = optimizer + w.trainable * kFp32Bytes / s.optimizer_shard;
      if (s.weights_offloaded) s.cpu_offload_bytes += weights;
    }
  }

  void activations(size_t k, int64_t micro_batch, StageMemory& s) const {
    ActivationSettings settings = activation_settings(in_);
    settings.micro_batch = micro_batch;
    const size_t stages = stages_.size();
    s.in_flight = double(std::min<int64_t>(int64_t(stages - k), in_.grad_accumulation));
    for (const size_t layer : stages_[k].layers) {
      s.layers_activation_bytes +=
          layer_activation_bytes(m_, m_.layers[layer], settings, in_.recompute);
    }
    if (k == 0) s.embedding_activation_bytes = embedding_activation_bytes(m_, settings);
    if (k + 1 == stages) s.output_activation_bytes = output_layer_activation_bytes(m_, settings);
    s.parts.activations_bytes =
        s.in_flight * (s.layers_activation_bytes + s.embedding_activation_bytes) +
        s.output_activation_bytes;
  }

  void buffers(const StageWeights& w, int64_t micro_batch, StageMemory& s) const {
    if (in_.recompute == Recompute::full) {
      ActivationSettings settings = activation_settings(in_);
      settings.micro_batch = micro_batch;
      for (const size_t layer : w.layers) {
        s.recompute_buffer_bytes =
            std::max(s.recompute_buffer_bytes,
                     layer_activation_bytes(m_, m_.layers[layer], settings, Recompute::none));
      }
    }
    // DeepSpeed's ZeRO-3 working set: the largest layer's 16-bit params and grads (4 bytes per
    // parameter in mixed precision; "largest_layer_memory" in its memory-requirements doc).
    if (in_.zero_stage >= 3) s.gather_buffer_bytes = 2 * bytes_.weight * w.largest_tensor;
    if (in_.method == TrainingMethod::qlora)
      s.dequant_buffer_bytes = kBf16Bytes * w.largest_nf4_matrix;
    s.parts.buffers_bytes =
        s.recompute_buffer_bytes + s.gather_buffer_bytes + s.dequant_buffer_bytes;
  }

  const ModelSpec& m_;
  const TrainingInput& in_;
  const PrecisionBytes& bytes_;
  const std::vector<StageWeights>& stages_;
};

double usable_memory(const AcceleratorSpec& a) {
  // Apple silicon: the GPU may wire only part of the unified memory.
  if (a.unified_memory && a.gpu_working_set_fraction)
    return a.memory_bytes * *a.gpu_working_set_fraction;
  return a.memory_bytes;
}

}  // namespace

TrainingMemory training_memory(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                               const std::vector<LoraAdapter>& adapters, const TrainingInput& in,
                               const AcceleratorSpec& accelerator) {
  TrainingMemory out;
  out.bytes = precision_bytes(in);
  WeightPlacement placement(model, in, out.bytes);
  for (const auto& t : tensors) placement.add_model_tensor(t);
  for (const auto& a : adapters) placement.add_adapter(a);
  for (const auto& t : tensors) {
    if (t.component == Component::mtp) continue;
    (in.parameter_efficient() ? out.frozen_params : out.trainable_params) += double(t.params());
  }
  for (const auto& a : adapters) out.trainable_params += a.params(in.lora_rank);

  const StageEvaluator evaluator(model, in, out.bytes, placement.stages());
  out.stage = evaluator.worst(in.micro_batch);
  out.available_bytes = usable_memory(accelerator);
  out.fits = out.stage.parts.total() <= out.available_bytes;

  const auto fits = [&](int64_t b) {
    return evaluator.worst(b).parts.total() <= out.available_bytes;
  };
  // Memory grows with the micro-batch on every stage, so search for the last one that fits.
  if (fits(1)) {
    int64_t low = 1, high = 2;
    while (high < kMicroBatchLimit && fits(high)) {
      low = high;
      high *= 2;
    }
    while (high - low > 1) {
      const int64_t mid = low + (high - low) / 2;
      (fits(mid) ? low : high) = mid;
    }
    out.max_micro_batch = fits(high) ? high : low;
  }
  return out;
}

}  // namespace llm_sizer
