#include "model/param_count.hpp"

namespace llm_sizer {

ParamBreakdown count_parameters(const ModelSpec& model, const std::vector<TensorSpec>& tensors) {
  ParamBreakdown p;
  for (const auto& tensor : tensors) {
    const int64_t n = tensor.params();
    switch (tensor.component) {
      case Component::embedding:
        p.embedding += n;
        break;
      case Component::position_embedding:
        p.position_embedding += n;
        break;
      case Component::attention:
        p.attention += n;
        break;
      case Component::mlp:
        p.mlp += n;
        break;
      case Component::experts:
        p.experts += n;
        break;
      case Component::shared_experts:
        p.shared_experts += n;
        break;
      case Component::router:
        p.router += n;
        break;
      case Component::norms:
        p.norms += n;
        break;
      case Component::lm_head:
        p.lm_head += n;
        break;
      case Component::mtp:
        p.mtp += n;
        break;
      case Component::vision:
        p.vision += n;
        break;
      case Component::audio:
        p.audio += n;
        break;
      case Component::per_layer_embedding:
        p.embedding += n;
        break;
    }
  }
  p.total = p.embedding + p.position_embedding + p.attention + p.mlp + p.experts +
            p.shared_experts + p.router + p.norms + p.lm_head + p.vision + p.audio;
  p.active = p.total - p.experts - p.vision - p.audio;
  if (model.is_moe()) {
    // Every expert in a layer has the same shape, so top-k of E experts is exactly k/E of them.
    p.active += p.experts / model.moe.num_experts * model.moe.experts_per_token;
  }
  return p;
}

}  // namespace llm_sizer
