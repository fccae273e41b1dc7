#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hardware/accelerator.hpp"
#include "model/model_spec.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {

// How a checkpoint stores its weights. Ids are llama.cpp's GGUF type names in lower case ("f16",
// "q8_0", "q4_k_m", "iq4_xs", ...), the plain "fp32", "fp16", "bf16", "fp8", "int8", "w8a8",
// "int4", "nf4", "nf4-dq", "fp4", "llm-int8", "mxfp4", "nvfp4", and parameterised ids such as
// "gptq-4bit-g128", "awq-4bit-g128".
struct WeightFormat {
  std::string id;
  std::string name;  // for people: "GGUF Q4_K_M", "GPTQ 4-bit, group 128"
  std::string
      family;  // "float", "gguf", "gptq", "awq", "bitsandbytes", "fp8", "microscaling", "int"
  Precision compute = Precision::fp16;  // the matrix-unit precision the format computes in
  std::optional<Precision> native;      // precision whose tensor cores run it without dequantizing
};

// A weight format id → its description; throws InputError(field, ...) for an unknown id.
WeightFormat parse_weight_format(std::string_view id, const std::string& field);

// Every format id the calculator knows (parameterised families listed with their common settings).
std::vector<std::string> weight_format_ids();

// Storage of the whole model in one format, summed tensor by tensor with each format's own rules
// (which tensors stay 16-bit or F32, group/block scales, llama.cpp's per-tensor mix).
struct WeightsSize {
  double bytes = 0;                                          // everything the checkpoint loads
  std::array<double, kComponentCount> bytes_by_component{};  // indexed by Component
  double bits_per_weight = 0;                                // bytes * 8 / params, over all tensors
};

WeightsSize weights_size(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                         const WeightFormat& format);

// KV-cache element formats: "f16"/"fp16", "bf16", "fp8", "int8", "q8_0", "q4_0", "fp32".
struct KvFormat {
  std::string id;
  double bytes_per_element = 2;  // block scales included (q8_0: 34 bytes per 32 elements)
};

KvFormat parse_kv_format(std::string_view id, const std::string& field);

}  // namespace llm_sizer
