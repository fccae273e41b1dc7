#include "quantization/weight_format.hpp"

#include <algorithm>
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
// .kind::mxf4 with 32-element and .kind::mxf4nvf4 with 16-element scale blocks). MXFP8 feeds the
// FP8 tensor cores (.kind::mxf8f6f4); MXFP6 does too on Blackwell, but no device in the catalog
// lists an FP6 peak, so it is counted as dequantized to 16-bit. W4A8 (TensorRT-LLM "W4A8 AWQ/GPTQ")
// multiplies in INT8 or FP8 after unpacking INT4 weights in registers.
const std::array<FixedFormat, 18> kFixed = {{
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
    {"mxfp8", "format.mxfp8", "microscaling", S::mxfp8, P::fp8, P::fp8, 1, 8},
    {"mxfp6", "format.mxfp6", "microscaling", S::mxfp6, P::fp16, std::nullopt, 1, 6},
    {"w4a8", "format.w4a8", "int", S::w4a8, P::int8, P::int8, 1, 4},
    {"w4afp8", "format.w4afp8", "int", S::w4a8, P::fp8, P::fp8, 1, 4},
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

// Settings the grouped families are commonly published with: GPTQ and AWQ; mlx-community's 4-,
// 6- and 8-bit conversions at MLX's default group of 64; HQQ's recommended 4-bit, group 64;
// EXL2 and EXL3 at the bits their model pages most often offer.
constexpr std::array<std::string_view, 15> kCommonGroupIds = {
    "gptq-8bit-g128", "gptq-4bit-g32", "gptq-4bit-g128", "gptq-4bit-g-1", "gptq-3bit-g128",
    "gptq-2bit-g64",  "awq-4bit-g64",  "awq-4bit-g128",  "mlx-8bit-g64",  "mlx-6bit-g64",
    "mlx-4bit-g64",   "hqq-4bit-g64",  "exl2-6.0bpw",    "exl2-4.0bpw",   "exl3-4.0bpw",
};

constexpr std::string_view kGroupPattern =
    "gptq-<2|3|4|8>bit-g<32|64|128|-1>, awq-4bit-g<...>, mlx-<2-6|8>bit-g<32|64|128>, "
    "hqq-<1-4|8>bit-g<...>, exl2-<2.0-8.0>bpw, exl3-<1.0-8.0>bpw";

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
  f.name = {
      gguf_ftype_is_ik_llama(ftype) ? MessageCode("format.gguf_ik") : MessageCode("format.gguf"),
      json_object({{"type", info.name}})};
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
  constexpr size_t kShown = 18;
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
  const bool awq = family == "awq";
  const auto one_of = [&](std::initializer_list<int> allowed, int value) {
    return std::find(allowed.begin(), allowed.end(), value) != allowed.end();
  };
  if (gptq && !one_of({2, 3, 4, 8}, *bits)) throw InputError(field, {"error.gptq_bits"}, got);
  // AutoAWQ WQLinear_GEMM: "Only 4-bit are supported for now".
  if (awq && *bits != 4) throw InputError(field, {"error.awq_bits"}, got);
  // mlx.core.quantize, affine mode: bits 2, 3, 4, 5, 6, 8; groups of 32, 64 or 128.
  if (family == "mlx" && !one_of({2, 3, 4, 5, 6, 8}, *bits)) {
    throw InputError(field, {"error.mlx_bits"}, got);
  }
  // HQQ (mobiusml/hqq README): "It supports 8,4,3,2,1 bits".
  if (family == "hqq" && !one_of({1, 2, 3, 4, 8}, *bits)) {
    throw InputError(field, {"error.hqq_bits"}, got);
  }
  const bool per_row_allowed = gptq || awq;
  if (!one_of({32, 64, 128}, *group) && !(per_row_allowed && *group == -1)) {
    throw InputError(field,
                     {per_row_allowed ? MessageCode("error.group_size")
                                      : MessageCode("error.group_size_grouped")},
                     got);
  }

  WeightFormat f;
  f.id = id;
  f.family = family;
  f.scheme = gptq ? S::gptq : awq ? S::awq : family == "mlx" ? S::mlx_affine : S::hqq;
  f.bits = *bits;
  f.group_size = *group;
  // Dequantized to FP16 in the matmul (Marlin "FP16xINT4"; AutoGPTQ/AutoAWQ kernels; MLX's
  // quantized_matmul; HQQ's backends).
  f.compute = P::fp16;
  const Json grouped = json_object({{"bits", *bits}, {"group", *group}});
  if (family == "mlx") {
    f.name = {"format.mlx_group", grouped};
  } else if (family == "hqq") {
    f.name = {"format.hqq_group", grouped};
  } else if (*group > 0) {
    f.name = {gptq ? MessageCode("format.gptq_group") : MessageCode("format.awq_group"), grouped};
  } else {
    f.name = {gptq ? MessageCode("format.gptq_channel") : MessageCode("format.awq_channel"),
              json_object({{"bits", *bits}})};
  }
  return f;
}

// "exl2-4.65bpw", "exl3-4.0bpw": the converter's target average bits per weight (ExLlamaV2
// doc/convert.md "-b": 2.0 to 8.0; ExLlamaV3 "--bits": 1.0 to 8.0) with at most two decimals.
// The output head takes the converters' default head bits, 6 ("-hb" / "--head_bits").
WeightFormat parse_exl(std::string_view id, std::string_view family, const std::string& field) {
  const std::string got = describe_value(Json(std::string(id)));
  const Message shape{"error.exl_format_shape", json_object({{"family", family}})};
  std::string_view number = id.substr(family.size() + 1);
  if (number.size() < 4 || number.substr(number.size() - 3) != "bpw") {
    throw InputError(field, shape, got);
  }
  number.remove_suffix(3);
  const size_t dot = number.find('.');
  const std::optional<int> whole = parse_int(number.substr(0, dot));
  const std::string_view decimals = dot == std::string_view::npos ? "" : number.substr(dot + 1);
  const std::optional<int> fraction =
      decimals.empty() ? std::optional<int>(0) : parse_int(decimals);
  if (!whole || !fraction || decimals.size() > 2 || *whole < 0 || *fraction < 0 ||
      (dot != std::string_view::npos && decimals.empty())) {
    throw InputError(field, shape, got);
  }
  const double bits = *whole + *fraction / (decimals.size() == 2 ? 100.0 : 10.0);
  const double least = family == "exl2" ? 2.0 : 1.0;
  if (bits < least || bits > 8.0) {
    throw InputError(field, Message{"error.exl_bits", json_object({{"min", least}})}, got);
  }
  WeightFormat f;
  f.id = id;
  f.family = "exllama";
  f.scheme = S::exl;
  f.average_bits = bits;
  f.bits = static_cast<int>(bits);
  f.head_bits = 6;
  f.compute = P::fp16;
  f.name = {family == "exl2" ? MessageCode("format.exl2") : MessageCode("format.exl3"),
            json_object({{"bits", bits}})};
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
  if (starts_with(id, "mlx-")) return parse_grouped(id, "mlx", field);
  if (starts_with(id, "hqq-")) return parse_grouped(id, "hqq", field);
  if (starts_with(id, "exl2-")) return parse_exl(id, "exl2", field);
  if (starts_with(id, "exl3-")) return parse_exl(id, "exl3", field);
  size_t more = 0;
  Json shown = known_ids_shown(more);
  throw InputError(
      field,
      {"error.weight_format",
       json_object({{"ids", std::move(shown)}, {"more", more}, {"pattern", kGroupPattern}})},
      describe_value(Json(std::string(id))));
}

std::vector<std::string> ik_llama_format_ids() {
  std::vector<std::string> ids;
  for (size_t i = 0; i < kGgufFtypeCount; ++i) {
    const auto ftype = static_cast<GgufFtype>(i);
    if (gguf_ftype_is_ik_llama(ftype)) ids.emplace_back(gguf_ftype_info(ftype).id);
  }
  return ids;
}

std::vector<std::string> weight_format_ids() {
  std::vector<std::string> ids;
  for (const auto& fixed : kFixed) ids.emplace_back(fixed.id);
  for (GgufFtype ftype : kGgufOrder) ids.emplace_back(gguf_ftype_info(ftype).id);
  for (std::string_view id : kCommonGroupIds) ids.emplace_back(id);
  return ids;
}

}  // namespace llm_sizer
