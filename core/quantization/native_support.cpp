#include "quantization/weight_format.hpp"

// Which devices run a format's matrix multiplications natively is read from the accelerator's
// dense peaks: a datasheet lists an fp8 (fp4, int8) peak only where the tensor cores take that
// type. This matches the published support tables: FP8 W8A8 needs compute capability 8.9 or newer
// (Ada, Hopper, Blackwell; vLLM docs "FP8 W8A8"), NVFP4 and MXFP4 Blackwell (TransformerEngine
// "Datatype and hardware support matrix"; PTX ISA tcgen05.mma .kind::mxf4 / .kind::mxf4nvf4),
// INT8 W8A8 Turing through Hopper (vLLM "Supported Hardware"). Weight-only formats (GPTQ, AWQ,
// bitsandbytes 4-bit, INT8/INT4 W*A16, block-quantized GGUF) have no native precision: their
// kernels dequantize to 16-bit first.

namespace llm_sizer {

bool runs_natively(const WeightFormat& format, const AcceleratorSpec& accelerator) {
  return format.native.has_value() && accelerator.peak_flops_per_s(*format.native).has_value();
}

Precision compute_precision(const WeightFormat& format, const AcceleratorSpec& accelerator) {
  if (runs_natively(format, accelerator)) return *format.native;
  // Weight-only formats compute in their 16-bit type where the device has it.
  if (!format.native && accelerator.peak_flops_per_s(format.compute)) return format.compute;
  // Otherwise the weights are dequantized (FP8 on Ampere runs as W8A16 through FP8 Marlin; vLLM
  // docs "FP8 W8A8"), or a bf16 checkpoint is cast to fp16 on a device without bf16.
  for (Precision fallback : {Precision::fp16, Precision::bf16, Precision::fp32}) {
    if (accelerator.peak_flops_per_s(fallback)) return fallback;
  }
  return format.compute;
}

}  // namespace llm_sizer
