#include <array>

#include "error.hpp"
#include "field_reader.hpp"
#include "quantization/ggml_types.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer {
namespace {

struct KvEntry {
  std::string_view id;
  double bytes_per_element;
};

double block_bytes_per_element(GgmlType type) {
  const GgmlTypeLayout& layout = ggml_layout(type);
  return double(layout.block_bytes) / double(layout.block_weights);
}

// llama.cpp --cache-type-k/-v accepts F32, F16, BF16, Q8_0, Q4_0, Q4_1, IQ4_NL, Q5_0, Q5_1
// (common/arg.cpp, kv_cache_types, commit 145b6280); their block layouts are ggml's. vLLM's
// --kv-cache-dtype adds fp8 / fp8_e4m3 / fp8_e5m2, one byte per element with per-tensor scales
// (docs "Quantized KV Cache"); TensorRT-LLM stores an INT8 KV cache with per-tensor scales
// (docs "Numerical Precision"). Per-tensor scales are a few bytes per layer and are not counted.
// TensorRT-LLM's NVFP4 KV cache (docs "Quantization", NVFP4 KV Cache) stores E2M1 elements with an
// E4M3 scale per 16: 9 bytes per 16 elements.
std::array<KvEntry, 16> kv_entries() {
  return {{
      {"f16", 2},
      {"fp16", 2},
      {"bf16", 2},
      {"f32", 4},
      {"fp32", 4},
      {"fp8", 1},
      {"fp8_e4m3", 1},
      {"fp8_e5m2", 1},
      {"int8", 1},
      {"q8_0", block_bytes_per_element(GgmlType::q8_0)},
      {"q4_0", block_bytes_per_element(GgmlType::q4_0)},
      {"q4_1", block_bytes_per_element(GgmlType::q4_1)},
      {"q5_0", block_bytes_per_element(GgmlType::q5_0)},
      {"q5_1", block_bytes_per_element(GgmlType::q5_1)},
      {"iq4_nl", block_bytes_per_element(GgmlType::iq4_nl)},
      {"nvfp4", 9.0 / 16.0},
  }};
}

}  // namespace

KvFormat parse_kv_format(std::string_view id, const std::string& field) {
  const auto entries = kv_entries();
  Json known = Json::array();
  for (const auto& entry : entries) {
    if (entry.id == id) return KvFormat{std::string(id), entry.bytes_per_element};
    known.push_back(entry.id);
  }
  throw InputError(field, {"error.one_of", json_object({{"allowed", known}})},
                   describe_value(Json(std::string(id))));
}

std::vector<std::string> kv_format_ids() {
  std::vector<std::string> ids;
  for (const auto& entry : kv_entries()) ids.emplace_back(entry.id);
  return ids;
}

}  // namespace llm_sizer
