#include "quantization/weight_format.hpp"

#include <array>
#include <charconv>

#include "error.hpp"
#include "field_reader.hpp"

namespace llm_sizer {
namespace {

using S = WeightScheme;
using P = Precision;

// The formats with a fixed id. GGUF file types come from gguf_ftypes (all but BF16, whose id would
// clash with the plain "bf16" checkpoint; the two differ only in the F32 norms and padding).
struct FixedFormat {
  std::string_view id;
  MessageCode name;
  std::string_view family;
  S scheme;
  P compute;
  std::optional<P> native;
  int64_t dense_bytes = 2;
  int bits = 16;
  bool double_quant = false;
};

// Compute precisions: weight-only formats dequantize to 16-bit before the matrix units (Marlin:
// "FP16xINT4 matmul kernel", IST-DASLab/marlin README; vLLM "Supported Hardware"). QLoRA computes
// in BF16 ("16-bit BrainFloat", arXiv 2305.14314 sec. 3). LLM.int8() multiplies 99.9% of values in
// int8 (arXiv 2208.07339 sec. 3-4). FP8 W8A8 runs on FP8 tensor cores (vLLM docs "FP8 W8A8").
// MXFP4 and NVFP4 are the block-scaled FP4 inputs of Blackwell's tcgen05.mma (PTX ISA,
// .kind::mxf4 with 32-element and .kind::mxf4nvf4 with 16-element scale blocks).
const std::array<FixedFormat, 14> kFixed = {{
    {"fp32", "format.fp32", "float", S::dense, P::fp32, P::fp32, 4},
    {"fp16", "format.fp16", "float", S::dense, P::fp16, P::fp16, 2},
    {"bf16", "format.bf16", "float", S::dense, P::bf16, P::bf16, 2},
    {"fp8", "format.fp8", "fp8", S::fp8_tensor, P::fp8, P::fp8, 1, 8},
    {"fp8-block128", "format.fp8_block128", "fp8", S::fp8_block, P::fp8, P::fp8, 1, 8},
    {"int8", "format.int8", "int", S::int_weight_only, P::fp16, std::nullopt, 1, 8},
    {"int4", "format.int4", "int", S::int_weight_only, P::fp16, std::nullopt, 1, 4},
    {"w8a8", "format.w8a8", "int", S::w8a8, P::int8, P::int8, 1, 8},
    {"llm-int8", "format.llm_int8", "bitsandbytes", S::llm_int8, P::int8, P::int8, 1, 8},
    {"nf4", "format.nf4", "bitsandbytes", S::bnb_4bit, P::bf16, std::nullopt, 1, 4},
    {"nf4-dq", "format.nf4_dq", "bitsandbytes", S::bnb_4bit, P::bf16, std::nullopt, 1, 4, true},
    {"fp4", "format.fp4", "bitsandbytes", S::bnb_4bit, P::bf16, std::nullopt, 1, 4},
    {"mxfp4", "format.mxfp4", "microscaling", S::mxfp4, P::fp4, P::fp4, 1, 4},
    {"nvfp4", "format.nvfp4", "microscaling", S::nvfp4, P::fp4, P::fp4, 1, 4},
}};

// GGUF file types in the order the tradeoff table shows them (largest first).
constexpr std::array kGgufOrder = {
    GgufFtype::f32,     GgufFtype::f16,    GgufFtype::q8_0,    GgufFtype::q6_k,
    GgufFtype::q5_k_m,  GgufFtype::q5_k_s, GgufFtype::q5_1,    GgufFtype::q5_0,
    GgufFtype::q4_k_m,  GgufFtype::q4_k_s, GgufFtype::q4_1,    GgufFtype::q4_0,
    GgufFtype::iq4_nl,  GgufFtype::iq4_xs, GgufFtype::q3_k_l,  GgufFtype::q3_k_m,
    GgufFtype::q3_k_s,  GgufFtype::iq3_m,  GgufFtype::iq3_s,   GgufFtype::iq3_xs,
    GgufFtype::iq3_xxs, GgufFtype::q2_k,   GgufFtype::q2_k_s,  GgufFtype::iq2_m,
    GgufFtype::iq2_s,   GgufFtype::iq2_xs, GgufFtype::iq2_xxs, GgufFtype::iq1_m,
    GgufFtype::iq1_s,   GgufFtype::tq2_0,  GgufFtype::tq1_0,   GgufFtype::mxfp4_moe,
};

// Settings the GPTQ and AWQ families are commonly published with.
constexpr std::array<std::string_view, 8> kCommonGroupIds = {
    "gptq-8bit-g128", "gptq-4bit-g32", "gptq-4bit-g128", "gptq-4bit-g-1",
    "gptq-3bit-g128", "gptq-2bit-g64", "awq-4bit-g64",   "awq-4bit-g128",
};

constexpr std::string_view kGroupPattern =
    "gptq-<2|3|4|8>bit-g<32|64|128|-1>, awq-4bit-g<32|64|128|-1>";

WeightFormat from_fixed(const FixedFormat& fixed) {
  WeightFormat f;
  f.id = fixed.id;
  f.name = {fixed.name};
  f.family = fixed.family;
  f.scheme = fixed.scheme;
  f.compute = fixed.compute;
  f.native = fixed.native;
  f.dense_bytes = fixed.dense_bytes;
  f.bits = fixed.bits;
  f.double_quant = fixed.double_quant;
  return f;
}

WeightFormat from_gguf(GgufFtype ftype) {
  const GgufFtypeInfo& info = gguf_ftype_info(ftype);
  WeightFormat f;
  f.id = info.id;
  f.name = {"format.gguf", json_object({{"type", info.name}})};
  f.family = "gguf";
  f.scheme = S::gguf;
  f.gguf_ftype = ftype;
  f.gguf_imatrix = info.requires_imatrix;
  f.bits = static_cast<int>(ggml_layout(info.default_type).bits_per_weight());
  // Float files multiply in their own type; block-quantized ggml types exist in no device's matrix
  // units, so llama.cpp's kernels dequantize them (or multiply int8-quantized activations).
  if (ftype == GgufFtype::f32) {
    f.compute = P::fp32;
    f.native = P::fp32;
  } else if (ftype == GgufFtype::f16) {
    f.compute = P::fp16;
    f.native = P::fp16;
  } else {
    f.compute = P::fp16;
  }
  return f;
}

// The first ids, for an error message (the rest are counted).
Json known_ids_shown(size_t& more) {
  const std::vector<std::string> ids = weight_format_ids();
  constexpr size_t kShown = 24;
  more = ids.size() > kShown ? ids.size() - kShown : 0;
  return Json(std::vector<std::string>(ids.begin(), ids.end() - more));
}

std::optional<int> parse_int(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// "gptq-4bit-g128": family prefix, bits, group size.
WeightFormat parse_grouped(std::string_view id, std::string_view family, const std::string& field) {
  const std::string got = describe_value(Json(std::string(id)));
  const Message shape{"error.grouped_format_shape", json_object({{"family", family}})};
  const std::string_view rest = id.substr(family.size() + 1);
  const size_t marker = rest.find("bit-g");
  if (marker == std::string_view::npos) throw InputError(field, shape, got);
  const std::optional<int> bits = parse_int(rest.substr(0, marker));
  const std::optional<int> group = parse_int(rest.substr(marker + 5));
  if (!bits || !group) throw InputError(field, shape, got);

  const bool gptq = family == "gptq";
  if (gptq && *bits != 2 && *bits != 3 && *bits != 4 && *bits != 8) {
    throw InputError(field, {"error.gptq_bits"}, got);
  }
  // AutoAWQ WQLinear_GEMM: "Only 4-bit are supported for now".
  if (!gptq && *bits != 4) throw InputError(field, {"error.awq_bits"}, got);
  if (*group != 32 && *group != 64 && *group != 128 && *group != -1) {
    throw InputError(field, {"error.group_size"}, got);
  }

  WeightFormat f;
  f.id = id;
  f.family = family;
  f.scheme = gptq ? S::gptq : S::awq;
  f.bits = *bits;
  f.group_size = *group;
  f.compute = P::fp16;  // dequantized to FP16 (Marlin "FP16xINT4"; AutoGPTQ/AutoAWQ kernels)
  if (*group > 0) {
    f.name = {gptq ? MessageCode("format.gptq_group") : MessageCode("format.awq_group"),
              json_object({{"bits", *bits}, {"group", *group}})};
  } else {
    f.name = {gptq ? MessageCode("format.gptq_channel") : MessageCode("format.awq_channel"),
              json_object({{"bits", *bits}})};
  }
  return f;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

}  // namespace

WeightFormat parse_weight_format(std::string_view id, const std::string& field) {
  for (const auto& fixed : kFixed) {
    if (fixed.id == id) return from_fixed(fixed);
  }
  if (const auto ftype = find_gguf_ftype(id); ftype && *ftype != GgufFtype::bf16) {
    return from_gguf(*ftype);
  }
  if (starts_with(id, "gptq-")) return parse_grouped(id, "gptq", field);
  if (starts_with(id, "awq-")) return parse_grouped(id, "awq", field);
  size_t more = 0;
  Json shown = known_ids_shown(more);
  throw InputError(
      field,
      {"error.weight_format",
       json_object({{"ids", std::move(shown)}, {"more", more}, {"pattern", kGroupPattern}})},
      describe_value(Json(std::string(id))));
}

std::vector<std::string> weight_format_ids() {
  std::vector<std::string> ids;
  for (const auto& fixed : kFixed) ids.emplace_back(fixed.id);
  for (GgufFtype ftype : kGgufOrder) ids.emplace_back(gguf_ftype_info(ftype).id);
  for (std::string_view id : kCommonGroupIds) ids.emplace_back(id);
  return ids;
}

}  // namespace llm_sizer
