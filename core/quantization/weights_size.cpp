#include "quantization/gguf_mix.hpp"
#include "quantization/other_formats.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {
namespace {

void add(WeightsSize& size, double& params, const TensorSpec& t, double bytes) {
  size.bytes_by_component[static_cast<size_t>(t.component)] += bytes;
  if (t.encoder) size.encoder_bytes += bytes;
  // Multi-token-prediction modules are reported apart, as in the parameter count's total.
  if (t.component == Component::mtp) return;
  size.bytes += bytes;
  params += double(t.params());
  if (is_media_encoder(t.component) || t.layer < 0) return;
  const auto layer = size_t(t.layer);
  if (layer >= size.layer_bytes.size()) return;
  size.layer_bytes[layer] += bytes;
  if (t.component == Component::experts) size.layer_expert_bytes[layer] += bytes;
}

}  // namespace

WeightsSizer::WeightsSizer(const ModelSpec& model, const std::vector<TensorSpec>& tensors)
    : model_(model), tensors_(tensors), gguf_table_(gguf_tensor_table(tensors)) {}

WeightsSize WeightsSizer::operator()(const WeightFormat& format) const {
  WeightsSize size;
  size.layer_bytes.assign(size_t(model_.num_layers), 0.0);
  size.layer_expert_bytes.assign(size_t(model_.num_layers), 0.0);
  double params = 0;
  if (format.scheme == WeightScheme::gguf) {
    const std::vector<GgmlType> types =
        gguf_tensor_types(model_, tensors_, gguf_table_, format.gguf_ftype, format.gguf_imatrix);
    for (size_t i = 0; i < tensors_.size(); ++i) {
      const TensorSpec& t = tensors_[i];
      // A stacked expert tensor is one GGUF tensor: padded once.
      add(size, params, t, double(gguf_padded_bytes(types[i], t.row_length, t.rows * t.matrices)));
    }
  } else {
    for (const auto& t : tensors_) add(size, params, t, double(checkpoint_tensor_bytes(t, format)));
  }
  size.bits_per_weight = params > 0 ? size.bytes * 8 / params : 0;
  return size;
}

WeightsSize weights_size(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                         const WeightFormat& format) {
  return WeightsSizer(model, tensors)(format);
}

WeightsSize scaled_to_bytes(WeightsSize size, double bytes) {
  // The files hold the multi-token-prediction modules too, which `bytes` leaves out.
  const double stored = size.bytes + size.component(Component::mtp);
  if (stored <= 0) return size;
  const double scale = bytes / stored;
  size.bytes *= scale;
  size.encoder_bytes *= scale;
  size.bits_per_weight *= scale;
  for (double& b : size.bytes_by_component) b *= scale;
  for (double& b : size.layer_bytes) b *= scale;
  for (double& b : size.layer_expert_bytes) b *= scale;
  return size;
}

std::vector<SizedFormat> size_formats(const WeightsSizer& sizer,
                                      const std::vector<std::string>& ids) {
  std::vector<SizedFormat> sized;
  for (const auto& id : ids) {
    SizedFormat entry{parse_weight_format(id, "inference.weights"), {}};
    entry.size = sizer(entry.format);
    sized.push_back(std::move(entry));
  }
  return sized;
}

}  // namespace llm_sizer
