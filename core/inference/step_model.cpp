#include "inference/step_model.hpp"

#include <algorithm>

namespace llm_sizer {

StepFlops step_flops(const ModelSpec& m, const std::vector<TensorSpec>& tensors,
                     const InferenceInput& in) {
  StepFlops f;
  f.decode_context = in.prompt_tokens + in.output_tokens / 2;
  f.at_decode_context = forward_flops_per_token(m, tensors, double(f.decode_context));
  f.in_prompt = forward_flops_per_token(m, tensors, prefill_attended_tokens(in.prompt_tokens));
  return f;
}

StepModel make_step_model(const ModelSpec& m, const std::vector<TensorSpec>& tensors,
                          const WeightsSize& w, const AcceleratorSpec& device,
                          const InferenceInput& in, const StepFlops& flops,
                          const std::optional<HostSide>& offload) {
  return {m, tensors, w, device, in, flops, offload, resolve_efficiency(in, device)};
}

bool StepModel::has_figures() const {
  return device.memory_bandwidth_bytes_per_s > 0 && efficiency.peak_flops_per_s > 0;
}

StepCost StepModel::decode(const PlacedMemory& placed, int64_t batch, int64_t context) const {
  const ForwardFlops per_token = context == flops.decode_context
                                     ? flops.at_decode_context
                                     : forward_flops_per_token(model, tensors, double(context));
  if (placed.offloaded && offload) {
    return decode_step_offloaded(model, weights, placed, device, *offload, input, efficiency, batch,
                                 context, per_token);
  }
  StepCost s = decode_step(model, weights, device, input, efficiency, batch, context, per_token);
  const double experts =
      weights.component(Component::experts) * touched_expert_fraction(model, batch);
  add_disk_reads(s, placed, streamed_weight_bytes(model, weights, batch) - experts, experts);
  return s;
}

StepCost StepModel::prefill(const PlacedMemory& placed, int64_t sequences) const {
  if (placed.offloaded && offload) {
    return prefill_offloaded(model, weights, placed, device, *offload, input, efficiency, sequences,
                             input.prompt_tokens, flops.in_prompt);
  }
  // A prefill's bytes are the weights its chunks read, the routed experts its chunks touch among
  // them.
  StepCost s = llm_sizer::prefill(model, weights, device, input, efficiency, sequences,
                                  input.prompt_tokens, flops.in_prompt);
  const auto chunk = int64_t(std::min<double>(double(sequences) * double(input.prompt_tokens),
                                              double(input.max_batched_tokens)));
  const double per_chunk = streamed_weight_bytes(model, weights, chunk);
  const double experts = per_chunk > 0
                             ? weights.component(Component::experts) *
                                   touched_expert_fraction(model, chunk) / per_chunk * s.bytes
                             : 0.0;
  add_disk_reads(s, placed, s.bytes - experts, experts);
  return s;
}

std::optional<PlacementSpeed> placement_speed(const StepModel& steps, const PlacedMemory& placed) {
  if (placed.verdict == Verdict::does_not_fit || !steps.has_figures()) return std::nullopt;
  const StepCost decode = steps.decode(placed, steps.input.batch, steps.flops.decode_context);
  const StepCost prefill = steps.prefill(placed, 1);
  return PlacementSpeed{1.0 / decode.seconds(),
                        double(steps.input.prompt_tokens) / prefill.seconds()};
}

}  // namespace llm_sizer
