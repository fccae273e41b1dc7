#include "checkpoint/checkpoint_format.hpp"

#include "error.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {
namespace {

const Json* member(const Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

std::string string_of(const Json& object, const char* key) {
  const Json* v = member(object, key);
  return v && v->is_string() ? v->get<std::string>() : "";
}

int64_t int_of(const Json& object, const char* key, int64_t fallback) {
  const Json* v = member(object, key);
  return v && v->is_number_integer() ? v->get<int64_t>() : fallback;
}

bool bool_of(const Json& object, const char* key) {
  const Json* v = member(object, key);
  return v && v->is_boolean() && v->get<bool>();
}

// A weight format id only if the calculator knows it (gptq-5bit-g128 it does not).
std::optional<std::string> known(const std::string& id) {
  try {
    parse_weight_format(id, "weights");
    return id;
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::string group_id(int64_t group) {
  return group < 0 ? "g-1" : "g" + std::to_string(group);
}

// FP8 with weight_block_size [128, 128] is DeepSeek-V3's blockwise recipe (its config.json, and
// transformers' FineGrainedFP8Config); without it, one scale per tensor.
CheckpointFormat fp8(const Json& q, const std::string& method) {
  const Json* block = member(q, "weight_block_size");
  if (block && *block == Json::array({128, 128})) {
    return {method, known("fp8-block128"), "weight_block_size 128x128"};
  }
  return {method, known("fp8"), "per-tensor scales"};
}

// AutoGPTQ and AutoAWQ write bits and group_size (AWQ also w_bit and q_group_size).
CheckpointFormat integer_groups(const Json& q, const std::string& method) {
  const int64_t bits = int_of(q, "bits", int_of(q, "w_bit", 4));
  const int64_t group = int_of(q, "group_size", int_of(q, "q_group_size", 128));
  const std::string id = method + "-" + std::to_string(bits) + "bit-" + group_id(group);
  return {method, known(id), std::to_string(bits) + "-bit, group " + std::to_string(group)};
}

// bitsandbytes: load_in_4bit with bnb_4bit_quant_type nf4 or fp4, double quantization, or
// load_in_8bit (transformers' BitsAndBytesConfig).
CheckpointFormat bitsandbytes(const Json& q, const std::string& method) {
  if (bool_of(q, "load_in_8bit")) return {method, known("llm-int8"), "load_in_8bit"};
  const std::string type = string_of(q, "bnb_4bit_quant_type");
  if (type == "fp4") return {method, known("fp4"), "bnb_4bit_quant_type fp4"};
  const bool double_quant = bool_of(q, "bnb_4bit_use_double_quant");
  return {method, known(double_quant ? "nf4-dq" : "nf4"),
          double_quant ? "nf4, double quantization" : "nf4"};
}

// compressed-tensors (llm-compressor) names its packing in `format` and each group's weights and
// input activations in config_groups (neuralmagic/compressed-tensors, QuantizationConfig).
CheckpointFormat compressed_tensors(const Json& q, const std::string& method) {
  const std::string format = string_of(q, "format");
  const Json* groups = member(q, "config_groups");
  const Json* group =
      groups && groups->is_object() && !groups->empty() ? &groups->begin().value() : nullptr;
  const Json* group_weights = group ? member(*group, "weights") : nullptr;
  const Json weights = group_weights ? *group_weights : Json::object();
  const bool activations = group && member(*group, "input_activations") != nullptr;
  const int64_t bits = int_of(weights, "num_bits", 0);
  const std::string type = string_of(weights, "type");
  const std::string detail = format.empty() ? "compressed-tensors" : format;
  if (format == "nvfp4-pack-quantized") return {method, known("nvfp4"), detail};
  if (format == "mxfp4-pack-quantized") return {method, known("mxfp4"), detail};
  if (format == "float-quantized" || (type == "float" && bits == 8)) {
    const Json* block = member(weights, "block_structure");
    const bool blockwise = block && *block == Json::array({128, 128});
    return {method, known(blockwise ? "fp8-block128" : "fp8"), detail};
  }
  if (type == "int" && bits == 8) return {method, known(activations ? "w8a8" : "int8"), detail};
  if (type == "int" && bits == 4 && !activations) return {method, known("int4"), detail};
  return {method, std::nullopt, detail};
}

// NVIDIA ModelOpt writes quant_algo "FP8" or "NVFP4" (its hf_quant_config.json, mirrored into
// config.json's quantization_config).
CheckpointFormat modelopt(const Json& q, const std::string& method) {
  std::string algo = string_of(q, "quant_algo");
  const Json* nested = member(q, "quantization");
  if (algo.empty() && nested) algo = string_of(*nested, "quant_algo");
  if (algo == "FP8") return {method, known("fp8"), "quant_algo FP8"};
  if (algo == "NVFP4") return {method, known("nvfp4"), "quant_algo NVFP4"};
  return {method, std::nullopt, algo.empty() ? "modelopt" : "quant_algo " + algo};
}

// mlx-lm writes {"group_size", "bits", "mode"} under "quantization" (and, since 2025, the same
// under "quantization_config" without a quant_method); affine is MLX's default mode.
std::optional<CheckpointFormat> mlx(const Json& config) {
  const Json* q = member(config, "quantization");
  if (!q) q = member(config, "quantization_config");
  if (!q || !member(*q, "bits") || !member(*q, "group_size")) return std::nullopt;
  const std::string mode = string_of(*q, "mode");
  const int64_t bits = int_of(*q, "bits", 0);
  const int64_t group = int_of(*q, "group_size", 0);
  const std::string detail = std::to_string(bits) + "-bit, group " + std::to_string(group);
  if (!mode.empty() && mode != "affine") return CheckpointFormat{"mlx", std::nullopt, mode};
  return CheckpointFormat{"mlx", known("mlx-" + std::to_string(bits) + "bit-" + group_id(group)),
                          detail};
}

// ExLlamaV2/V3 write quant_method "exl2"/"exl3" with the average "bits" and "head_bits".
CheckpointFormat exllama(const Json& q, const std::string& method) {
  const Json* bits = member(q, "bits");
  if (!bits || !bits->is_number()) return {method, std::nullopt, method};
  const int64_t hundredths = static_cast<int64_t>(bits->get<double>() * 100.0 + 0.5);
  std::string text = std::to_string(hundredths / 100) + "." + std::to_string(hundredths / 10 % 10);
  if (hundredths % 10 != 0) text += std::to_string(hundredths % 10);
  const int64_t head = int_of(q, "head_bits", 6);
  return {method, known(method + "-" + text + "bpw"),
          text + " bits per weight, head " + std::to_string(head) + " bits"};
}

// HQQ (transformers' HqqConfig): quant_config.weight_quant_params {nbits, group_size}; a config
// that does not say them is left unsized.
CheckpointFormat hqq(const Json& q, const std::string& method) {
  const Json* config = member(q, "quant_config");
  const Json* params = config ? member(*config, "weight_quant_params") : nullptr;
  if (!params || !member(*params, "nbits")) return {method, std::nullopt, method};
  const int64_t bits = int_of(*params, "nbits", 0);
  const int64_t group = int_of(*params, "group_size", 64);
  return {method, known("hqq-" + std::to_string(bits) + "bit-" + group_id(group)),
          std::to_string(bits) + "-bit, group " + std::to_string(group)};
}

CheckpointFormat unquantized(const std::string& dtype) {
  if (dtype == "BF16") return {"none", known("bf16"), dtype};
  if (dtype == "F16") return {"none", known("fp16"), dtype};
  if (dtype == "F32") return {"none", known("fp32"), dtype};
  if (dtype == "F8_E4M3") return {"none", known("fp8"), dtype};
  return {"none", std::nullopt, dtype};
}

}  // namespace

CheckpointFormat detect_checkpoint_format(const Json& config, const std::string& main_dtype) {
  const Json* q = member(config, "quantization_config");
  if (!q) q = member(config, "compression_config");
  const std::string method = q ? string_of(*q, "quant_method") : "";
  if (method.empty()) {
    if (auto found = mlx(config)) return *found;
  }
  if (!q || !q->is_object()) return unquantized(main_dtype);
  if (method == "fp8") return fp8(*q, method);
  if (method == "gptq" || method == "awq") return integer_groups(*q, method);
  if (method == "bitsandbytes") return bitsandbytes(*q, method);
  if (method == "compressed-tensors") return compressed_tensors(*q, method);
  if (method == "modelopt") return modelopt(*q, method);
  if (method == "exl2" || method == "exl3") return exllama(*q, method);
  if (method == "hqq") return hqq(*q, method);
  // gpt-oss: MXFP4 experts, every other tensor BF16 (its modules_to_not_convert).
  if (method == "mxfp4") return {method, known("mxfp4"), "MXFP4 experts"};
  return {method.empty() ? "unknown" : method, std::nullopt, main_dtype};
}

}  // namespace llm_sizer
