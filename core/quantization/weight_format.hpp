#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hardware/accelerator.hpp"
#include "message.hpp"
#include "model/model_spec.hpp"
#include "model/tensors.hpp"
#include "quantization/gguf_ftypes.hpp"
#include "quantization/gguf_mix.hpp"

namespace llm_sizer {

// How a checkpoint stores its weights. Ids are llama.cpp's GGUF type names in lower case ("f16",
// "q8_0", "q4_k_m", "iq4_xs", ...), the plain "fp32", "fp16", "bf16", "fp8", "int8", "w8a8",
// "int4", "nf4", "nf4-dq", "fp4", "llm-int8", "mxfp4", "nvfp4", "mxfp8", "mxfp6", "w4a8",
// "w4afp8", and parameterised ids such as "gptq-4bit-g128", "awq-4bit-g128", "mlx-4bit-g64",
// "hqq-4bit-g64", "exl2-4.65bpw", "exl3-4.0bpw".
//
// How each scheme lays tensors out, and which tensors stay 16-bit, is documented (with sources) in
// quantization/other_formats.cpp and quantization/gguf_mix.cpp.
enum class WeightScheme : uint8_t {
  dense,            // every tensor in one float type: fp32, fp16, bf16
  gguf,             // a llama.cpp file type: one ggml type per tensor (gguf_mix)
  fp8_tensor,       // FP8 E4M3 linear layers, one fp32 scale per tensor
  fp8_block,        // FP8 E4M3 linear layers, one fp32 scale per 128x128 block (DeepSeek-V3)
  int_weight_only,  // INT8 / INT4 linear layers (W8A16, W4A16), one scale per output channel
  w8a8,             // SmoothQuant INT8 weights and activations, one scale per output channel
  llm_int8,         // bitsandbytes LLM.int8(): int8 rows, one fp32 absmax per row
  bnb_4bit,         // bitsandbytes NF4 / FP4: 64-element blocks with an absmax each
  gptq,             // AutoGPTQ: packed weights, zeros, fp16 scales per group, g_idx
  awq,              // AutoAWQ GEMM: packed 4-bit weights, zeros, fp16 scales per group
  mxfp4,            // OCP MXFP4: 32 E2M1 elements share one E8M0 scale
  nvfp4,            // NVFP4: 16 E2M1 elements share one E4M3 scale, plus an fp32 scale per tensor
  mxfp8,            // OCP MXFP8: 32 E4M3 elements share one E8M0 scale
  mxfp6,            // OCP MXFP6: 32 E2M3/E3M2 elements share one E8M0 scale
  mlx_affine,       // MLX affine: packed codes, a scale and a bias per group in the weights' dtype
  hqq,              // HQQ: packed codes, an fp16 scale and zero per group
  exl,              // ExLlamaV2 EXL2 / ExLlamaV3 EXL3: a target average of bits, the head apart
  w4a8,             // INT4 weights in groups of 128 with fp16 scales, INT8 or FP8 activations
};

struct WeightFormat {
  std::string id;
  Message name;        // for people: "GGUF Q4_K_M", "GPTQ 4-bit, group 128"
  std::string family;  // "float", "gguf", "gptq", "awq", "bitsandbytes", "fp8", "microscaling",
                       // "int", "mlx", "hqq", "exllama"
  // The matrix-unit precision the format computes in on hardware that supports it (fp16 for
  // weight-only formats, which dequantize); compute_precision() says what a given device uses.
  Precision compute = Precision::fp16;
  std::optional<Precision> native;  // precision whose tensor cores run it without dequantizing

  WeightScheme scheme = WeightScheme::dense;
  int64_t dense_bytes = 2;  // dense: bytes per parameter
  int bits = 16;  // bits per quantized weight, scales excluded (gguf: the default type's, floored)
  int group_size = 0;  // gptq, awq, mlx, hqq: input channels per group; -1 = one per output row
  double average_bits = 0;  // exl: the converter's target bits per weight of the decoder layers
  int head_bits = 0;        // exl: the output head's bits (the converters' default is 6)
  GgufFtype gguf_ftype = GgufFtype::f16;
  // gguf: whether an importance matrix was used. Assumed exactly where llama-quantize requires
  // one (IQ1/IQ2 types, IQ3_XXS, IQ3_XS, Q2_K_S), as in the published llama.cpp size tables.
  bool gguf_imatrix = false;
  bool double_quant = false;  // bnb_4bit: QLoRA double quantization of the absmax constants
};

// A weight format id → its description; throws InputError(field, ...) for an unknown id.
WeightFormat parse_weight_format(std::string_view id, const std::string& field);

// Whether the device's matrix units run the format without dequantizing it first: the format has
// a native precision and the device lists a dense peak for it (no fp8 peak, no native FP8).
bool runs_natively(const WeightFormat& format, const AcceleratorSpec& accelerator);

// The precision the device's matrix units actually use for this format: the native one when it
// runs natively; otherwise weights are dequantized to fp16 (or bf16, or fp32, whichever the device
// has a peak for first), as FP8 Marlin does for FP8 checkpoints on Ampere.
Precision compute_precision(const WeightFormat& format, const AcceleratorSpec& accelerator);

// Every format id the calculator knows (parameterised families listed with their common settings),
// the ones the quantization table and the best-format search try.
std::vector<std::string> weight_format_ids();

// ik_llama.cpp's GGUF file types: offered and sized like the others, but left out of the table and
// the best-format search (mainline llama.cpp cannot load them).
std::vector<std::string> ik_llama_format_ids();

// Storage of the whole model in one format, summed tensor by tensor with each format's own rules
// (which tensors stay 16-bit or F32, group/block scales, llama.cpp's per-tensor mix).
// Tensor data only: GGUF metadata and tokenizer, safetensors headers and config files are not
// counted. GGUF tensors are padded to the file's 32-byte alignment.
// `bytes` covers the same tensors as the parameter count's total: multi-token-prediction modules
// are reported only in bytes_by_component[mtp]; a vision tower is included and also reported in
// bytes_by_component[vision] (for GGUF formats at F16, the separate mmproj file), so callers can
// leave it out.
struct WeightsSize {
  double bytes = 0;                                          // everything the checkpoint loads
  std::array<double, kComponentCount> bytes_by_component{};  // indexed by Component
  double encoder_bytes = 0;    // tensors run once per input token (encoder stack, cross K/V)
  double bits_per_weight = 0;  // bytes * 8 / the parameters of the same tensors
  // Per decoder layer (MTP modules and the image encoder excluded): every tensor, and the routed
  // experts among them. What stays outside the layers is the embedding, output head and norm.
  std::vector<double> layer_bytes;
  std::vector<double> layer_expert_bytes;

  double component(Component c) const { return bytes_by_component[static_cast<size_t>(c)]; }
  double media_encoder_bytes() const {
    return component(Component::vision) + component(Component::audio);
  }
};

WeightsSize weights_size(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                         const WeightFormat& format);

// The same tensors at another total (a checkpoint's files read, MTP modules included): every
// figure scaled by bytes / (size.bytes + MTP bytes), so the layers, components and bits per
// weight keep their shares.
WeightsSize scaled_to_bytes(WeightsSize size, double bytes);

// Sizes one model in many formats: the per-tensor work every format shares (GGUF tensor
// categories) is done once. weights_size() is the one-format shortcut.
class WeightsSizer {
 public:
  WeightsSizer(const ModelSpec& model, const std::vector<TensorSpec>& tensors);
  WeightsSize operator()(const WeightFormat& format) const;

 private:
  const ModelSpec& model_;
  const std::vector<TensorSpec>& tensors_;
  GgufTensorTable gguf_table_;
};

// Formats with their sizes, for questions that compare formats (the best that fits, the tradeoff
// table). `ids` must be known format ids.
struct SizedFormat {
  WeightFormat format;
  WeightsSize size;
};
std::vector<SizedFormat> size_formats(const WeightsSizer& sizer,
                                      const std::vector<std::string>& ids);

// KV-cache element formats: "f16"/"fp16", "bf16", "f32"/"fp32", "fp8" (also "fp8_e4m3",
// "fp8_e5m2"), "int8", and llama.cpp's block types "q8_0", "q4_0", "q4_1", "q5_0", "q5_1",
// "iq4_nl". Throws InputError(field, ...) for anything else.
struct KvFormat {
  std::string id;
  double bytes_per_element = 2;  // block scales included (q8_0: 34 bytes per 32 elements)
};

KvFormat parse_kv_format(std::string_view id, const std::string& field);

// Every KV-cache format id parse_kv_format accepts.
std::vector<std::string> kv_format_ids();

}  // namespace llm_sizer
