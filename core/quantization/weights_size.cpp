#include "quantization/gguf_mix.hpp"
#include "quantization/other_formats.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {
namespace {

void add(WeightsSize& size, double& params, const TensorSpec& t, double bytes) {
  size.bytes_by_component[static_cast<size_t>(t.component)] += bytes;
  // Multi-token-prediction modules are reported apart, as in the parameter count's total.
  if (t.component == Component::mtp) return;
  size.bytes += bytes;
  params += double(t.params());
}

}  // namespace

WeightsSize weights_size(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                         const WeightFormat& format) {
  WeightsSize size;
  double params = 0;
  if (format.scheme == WeightScheme::gguf) {
    const std::vector<GgmlType> types =
        gguf_tensor_types(model, tensors, format.gguf_ftype, format.gguf_imatrix);
    for (size_t i = 0; i < tensors.size(); ++i) {
      const TensorSpec& t = tensors[i];
      // A stacked expert tensor is one GGUF tensor: padded once.
      add(size, params, t, double(gguf_padded_bytes(types[i], t.row_length, t.rows * t.matrices)));
    }
  } else {
    for (const auto& t : tensors) add(size, params, t, double(checkpoint_tensor_bytes(t, format)));
  }
  size.bits_per_weight = params > 0 ? size.bytes * 8 / params : 0;
  return size;
}

}  // namespace llm_sizer
