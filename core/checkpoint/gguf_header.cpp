#include "checkpoint/gguf_header.hpp"

#include <array>
#include <cstring>
#include <iterator>
#include <utility>
#include <vector>

#include "error.hpp"
#include "json_object.hpp"
#include "limits.hpp"
#include "quantization/ggml_types.hpp"
#include "quantization/gguf_ftypes.hpp"

namespace llm_sizer {
namespace {

// ggml_type numbers (ggml/include/ggml.h): a block of `block_weights` weights takes `block_bytes`
// (ggml_type_traits in ggml.c); the numbers left out were removed from ggml (Q4_2, Q4_3, the
// Q4_0_4_4 ARM repacks) and no current llama.cpp reads them. ik_llama.cpp's types add a header to
// every row for some (`row_meta_size` in its type_traits: a row takes row_meta_bytes + its blocks).
struct GgmlTypeId {
  int64_t id;
  std::string_view name;
  int64_t block_weights;
  int64_t block_bytes;
  int64_t row_meta_bytes = 0;
};

// ik_llama.cpp's own types (ggml/include/ggml.h and ggml/src/ggml-common.h at 8337e4cd, 2026-08),
// numbered apart from mainline's (133 and up; 41, Q1_0_G128, has mainline Q1_0's layout): those
// its file types write are in ggml_types (ggml_type_ids below); here the BitNet types and the
// row-interleaved _R4/_R8 types, which store 4 or 8 rows together (a row's share is its base
// type's).
constexpr GgmlTypeId kIkLlamaOtherTypes[] = {
    {134, "IQ1_BN", 64, 13, 2},  // ql[12] + extra; an fp16 row header
    {135, "IQ2_BN", 64, 16, 4},  // qs[16]; a float row header
    {202, "Q4_0_R8", 32, 18},        {206, "Q5_0_R4", 32, 22},
    {208, "Q8_0_R8", 32, 34},        {210, "Q2_K_R4", 256, 84},
    {211, "Q3_K_R4", 256, 110},      {212, "Q4_K_R4", 256, 144},
    {213, "Q5_K_R4", 256, 176},      {214, "Q6_K_R4", 256, 210},
    {216, "IQ2_XXS_R4", 256, 66},    {217, "IQ2_XS_R4", 256, 74},
    {218, "IQ3_XXS_R4", 256, 98},    {219, "IQ1_S_R4", 32, 6, 2},  // 24 bytes per 32 x 4 rows
    {220, "IQ4_NL_R4", 32, 18},      {221, "IQ3_S_R4", 256, 110},
    {222, "IQ2_S_R4", 256, 82},      {223, "IQ4_XS_R8", 256, 136},
    {229, "IQ1_M_R4", 32, 7, 2},  // 28 bytes per 32 x 4 rows
    {230, "BF16_R16", 1, 2},         {233, "Q6_0_R4", 32, 26},
    {335, "IQ2_BN_R4", 64, 16, 4},   {337, "IQ2_K_R4", 256, 76},
    {338, "IQ3_K_R4", 256, 110},     {339, "IQ4_K_R4", 256, 144},
    {340, "IQ5_K_R4", 256, 176},     {344, "IQ4_KS_R4", 256, 136, 4},
    {352, "IQ5_KS_R4", 256, 168, 4}, {353, "MXFP4_R8", 32, 17},
};

std::vector<GgmlTypeId> ggml_type_ids() {
  const auto known = [](int64_t id, GgmlType type) {
    const GgmlTypeLayout& l = ggml_layout(type);
    return GgmlTypeId{id, l.name, l.block_weights, l.block_bytes, l.row_meta_bytes};
  };
  using T = GgmlType;
  return {
      known(0, T::f32),       known(1, T::f16),
      known(2, T::q4_0),      known(3, T::q4_1),
      known(6, T::q5_0),      known(7, T::q5_1),
      known(8, T::q8_0),      {9, "Q8_1", 32, 36},  // d, s (4) + qs[32]
      known(10, T::q2_k),     known(11, T::q3_k),
      known(12, T::q4_k),     known(13, T::q5_k),
      known(14, T::q6_k),     {15, "Q8_K", 256, 292},  // d (4, float) + qs[256] + bsums int16[16]
      known(16, T::iq2_xxs),  known(17, T::iq2_xs),
      known(18, T::iq3_xxs),  known(19, T::iq1_s),
      known(20, T::iq4_nl),   known(21, T::iq3_s),
      known(22, T::iq2_s),    known(23, T::iq4_xs),
      {24, "I8", 1, 1},       {25, "I16", 1, 2},
      {26, "I32", 1, 4},      {27, "I64", 1, 8},
      {28, "F64", 1, 8},      known(29, T::iq1_m),
      known(30, T::bf16),     known(34, T::tq1_0),
      known(35, T::tq2_0),    known(39, T::mxfp4),
      {40, "NVFP4", 64, 36},  // d[4] (an E4M3 scale per 16) + qs[32] (E2M1 nibbles)
      {41, "Q1_0", 128, 18},  // d (f16) + qs[16]: a sign bit a weight (ggml-common.h, 2026)
      {42, "Q2_0", 64, 18},   // d (f16) + qs[16]: two bits a weight
      known(133, T::q6_0),    known(137, T::iq2_k),
      known(138, T::iq3_k),   known(139, T::iq4_k),
      known(140, T::iq5_k),   known(141, T::iq6_k),
      known(144, T::iq4_ks),  known(145, T::iq2_ks),
      known(146, T::iq4_kss), known(152, T::iq5_ks),
      known(153, T::iq2_kt),  known(154, T::iq3_kt),
      known(155, T::iq4_kt),  known(156, T::iq3_ks),
      known(157, T::iq2_kl),  known(158, T::iq1_kt)};
}

const GgmlTypeId* find_type(int64_t id) {
  static const std::vector<GgmlTypeId> ids = [] {
    std::vector<GgmlTypeId> all = ggml_type_ids();
    all.insert(all.end(), std::begin(kIkLlamaOtherTypes), std::end(kIkLlamaOtherTypes));
    return all;
  }();
  for (const GgmlTypeId& t : ids)
    if (t.id == id) return &t;
  return nullptr;
}

// gguf_type (ggml/include/gguf.h): the metadata value types; sizes of the fixed-width ones.
enum ValueType : uint32_t {
  u8 = 0,
  i8,
  u16,
  i16,
  u32,
  i32,
  f32,
  boolean,
  string,
  array,
  u64,
  i64,
  f64
};

int64_t fixed_size(uint32_t type) {
  switch (type) {
    case u8:
    case i8:
    case boolean:
      return 1;
    case u16:
    case i16:
      return 2;
    case u32:
    case i32:
    case f32:
      return 4;
    case u64:
    case i64:
    case f64:
      return 8;
    default:
      return 0;
  }
}

class Cursor {
 public:
  Cursor(std::string_view bytes, const std::string& field) : bytes_(bytes), field_(field) {}

  uint64_t u(int64_t width) {
    need(width);
    uint64_t value = 0;
    for (int64_t i = width - 1; i >= 0; --i)
      value = (value << 8) | static_cast<unsigned char>(bytes_[size_t(at_ + i)]);
    at_ += width;
    return value;
  }
  std::string_view text() {
    const uint64_t length = u(8);
    if (length > limits::kSafetensorsHeaderBytes) fail_truncated();
    need(int64_t(length));
    const std::string_view s = bytes_.substr(size_t(at_), size_t(length));
    at_ += int64_t(length);
    return s;
  }
  void skip(int64_t count, int64_t width) {
    // Each element takes at least one byte: a count beyond what is left ends the bytes.
    if (count < 0 || width <= 0 || count > remaining() / width) fail_truncated();
    at_ += count * width;
  }
  int64_t at() const { return at_; }
  int64_t remaining() const { return int64_t(bytes_.size()) - at_; }
  [[noreturn]] void fail_truncated() const {
    throw InputError(field_,
                     {"error.gguf_truncated", json_object({{"offset", int64_t(bytes_.size())}})},
                     std::to_string(bytes_.size()) + " bytes");
  }

 private:
  void need(int64_t n) const {
    if (n < 0 || n > remaining()) fail_truncated();
  }
  std::string_view bytes_;
  const std::string& field_;
  int64_t at_ = 0;
};

// One metadata value: the scalars the calculator reads are returned, the rest skipped.
std::optional<int64_t> read_value(Cursor& c, uint32_t type, std::string* text,
                                  const std::string& field) {
  if (type == string) {
    const std::string_view s = c.text();
    if (text) *text = std::string(s);
    return std::nullopt;
  }
  if (type == array) {
    const uint32_t element = uint32_t(c.u(4));
    const uint64_t count = c.u(8);
    if (element == string) {
      if (count > uint64_t(c.remaining() / 8)) c.fail_truncated();
      for (uint64_t i = 0; i < count; ++i) c.text();
    } else if (const int64_t width = fixed_size(element)) {
      if (count > uint64_t(c.remaining())) c.fail_truncated();
      c.skip(int64_t(count), width);
    } else {
      throw InputError(field, {"error.gguf_value_type", json_object({{"type", int64_t(element)}})},
                       std::to_string(element));
    }
    return std::nullopt;
  }
  const int64_t width = fixed_size(type);
  if (width == 0) {
    throw InputError(field, {"error.gguf_value_type", json_object({{"type", int64_t(type)}})},
                     std::to_string(type));
  }
  const uint64_t raw = c.u(width);
  if (type == f32 || type == f64) return std::nullopt;
  // Signed types: sign-extend from their width.
  if (type == i8 || type == i16 || type == i32) {
    const int shift = int(64 - 8 * width);
    return int64_t(raw << shift) >> shift;
  }
  return raw > uint64_t(limits::kTensorElements.max) ? std::nullopt : std::optional(int64_t(raw));
}

// n rounded up to a multiple of the file's alignment (gguf.md: GGML_PAD).
int64_t aligned(int64_t n, int64_t alignment) {
  return (n + alignment - 1) / alignment * alignment;
}

// A name the file holds, as results and messages may show it: escaped (the bytes are anybody's)
// and at most 200 bytes.
std::string shown(std::string_view text) {
  return escape_for_message(shorten(text, 200));
}

}  // namespace

GgufHeader read_gguf_header(std::string_view bytes, const std::string& field) {
  Cursor c(bytes, field);
  if (bytes.size() < 4 || std::memcmp(bytes.data(), "GGUF", 4) != 0) {
    throw InputError(
        field, {"error.gguf_magic"},
        bytes.size() < 4 ? "a file of " + std::to_string(bytes.size()) + " bytes" : "another file");
  }
  c.u(4);
  GgufHeader h;
  h.version = int64_t(c.u(4));
  if (h.version != 2 && h.version != 3) {
    throw InputError(field, {"error.gguf_version"}, std::to_string(h.version));
  }
  const uint64_t tensor_count = c.u(8);
  const uint64_t kv_count = c.u(8);
  if (tensor_count > uint64_t(limits::kCheckpointTensors.max) ||
      kv_count > uint64_t(limits::kCheckpointTensors.max)) {
    throw InputError(
        field, {"error.gguf_counts", json_object({{"max", limits::kCheckpointTensors.max}})},
        std::to_string(tensor_count) + " tensors, " + std::to_string(kv_count) + " metadata keys");
  }
  std::vector<std::pair<std::string, int64_t>> integers;
  for (uint64_t i = 0; i < kv_count; ++i) {
    const std::string key(c.text());
    const uint32_t type = uint32_t(c.u(4));
    std::string text;
    const std::optional<int64_t> number = read_value(c, type, &text, field);
    if (key == "general.architecture") h.architecture = text;
    if (key == "general.name") h.model_name = shown(text);
    if (number) {
      if (key == "general.file_type") h.file_type = number;
      if (key == "general.alignment") h.alignment = *number;
      integers.emplace_back(key, *number);
    }
  }
  for (const auto& [key, value] : integers)
    if (key == h.architecture + ".block_count") h.block_count = value;
  h.architecture = shown(h.architecture);
  if (h.alignment <= 0 || h.alignment > 1'048'576 || (h.alignment & (h.alignment - 1)) != 0) {
    throw InputError(field, {"error.gguf_alignment"}, std::to_string(h.alignment));
  }
  int64_t expected_offset = 0;
  for (uint64_t i = 0; i < tensor_count; ++i) {
    StoredTensor t;
    t.name = shown(c.text());
    const uint32_t dims = uint32_t(c.u(4));
    if (dims < 1 || dims > 4) {  // GGML_MAX_DIMS
      throw InputError(field, {"error.gguf_tensor_dims", json_object({{"tensor", t.name}})},
                       std::to_string(dims));
    }
    std::array<int64_t, 4> ne{1, 1, 1, 1};
    t.elements = 1;
    for (uint32_t d = 0; d < dims; ++d) {
      const uint64_t n = c.u(8);
      if (n > uint64_t(limits::kTensorDim.max)) {
        throw InputError(field, {"error.gguf_tensor_dims", json_object({{"tensor", t.name}})},
                         std::to_string(n));
      }
      ne[d] = int64_t(n);
      if (ne[d] != 0 && t.elements > limits::kTensorElements.max / ne[d]) {
        throw InputError(field, {"error.gguf_tensor_dims", json_object({{"tensor", t.name}})},
                         "more than 2^50 elements");
      }
      t.elements *= ne[d];
    }
    const int64_t type_id = int64_t(c.u(4));
    const GgmlTypeId* type = find_type(type_id);
    if (!type) {
      throw InputError(field, {"error.gguf_tensor_type", json_object({{"tensor", t.name}})},
                       std::to_string(type_id));
    }
    if (ne[0] % type->block_weights != 0) {
      throw InputError(field,
                       {"error.gguf_tensor_row", json_object({{"tensor", t.name},
                                                              {"type", std::string(type->name)},
                                                              {"block", type->block_weights}})},
                       std::to_string(ne[0]));
    }
    t.dtype = std::string(type->name);
    // ggml_row_size x rows (ik_llama.cpp adds each row's header).
    const int64_t rows = ne[0] > 0 ? t.elements / ne[0] : 0;
    t.bytes = rows * (type->row_meta_bytes + ne[0] / type->block_weights * type->block_bytes);
    const int64_t offset = int64_t(c.u(8));
    if (offset != expected_offset) {
      throw InputError(field,
                       {"error.gguf_tensor_offset", json_object({{"tensor", t.name},
                                                                 {"expected", expected_offset},
                                                                 {"alignment", h.alignment}})},
                       std::to_string(offset));
    }
    expected_offset = offset + aligned(t.bytes, h.alignment);
    h.tensors.push_back(std::move(t));
  }
  h.data_offset = aligned(c.at(), h.alignment);
  return h;
}

std::optional<std::string> llama_ftype_id(int64_t file_type) {
  // enum llama_ftype in include/llama.h (LLAMA_FTYPE_MOSTLY_*): the numbers of the file types
  // llama-quantize writes today; 4-6 and 33-35 were removed from llama.cpp.
  using F = GgufFtype;
  static constexpr std::pair<int64_t, GgufFtype> kNumbers[] = {
      {0, F::f32},
      {1, F::f16},
      {2, F::q4_0},
      {3, F::q4_1},
      {7, F::q8_0},
      {8, F::q5_0},
      {9, F::q5_1},
      {10, F::q2_k},
      {11, F::q3_k_s},
      {12, F::q3_k_m},
      {13, F::q3_k_l},
      {14, F::q4_k_s},
      {15, F::q4_k_m},
      {16, F::q5_k_s},
      {17, F::q5_k_m},
      {18, F::q6_k},
      {19, F::iq2_xxs},
      {20, F::iq2_xs},
      {21, F::q2_k_s},
      {22, F::iq3_xs},
      {23, F::iq3_xxs},
      {24, F::iq1_s},
      {25, F::iq4_nl},
      {26, F::iq3_s},
      {27, F::iq3_m},
      {28, F::iq2_s},
      {29, F::iq2_m},
      {30, F::iq4_xs},
      {31, F::iq1_m},
      {32, F::bf16},
      {36, F::tq1_0},
      {37, F::tq2_0},
      {38, F::mxfp4_moe},
      // ik_llama.cpp's include/llama.h at 7671335a.
      {138, F::iq2_k},
      {139, F::iq3_k},
      {140, F::iq4_k},
      {141, F::iq5_k},
      {142, F::iq6_k},
      {145, F::iq4_ks},
      {146, F::iq3_kl},
      {147, F::iq2_ks},
      {148, F::iq4_kss},
      {150, F::iq5_ks},
      {151, F::iq2_kt},
      {152, F::iq3_kt},
      {153, F::iq4_kt},
      {154, F::iq3_ks},
      {155, F::iq2_kl},
      {156, F::iq1_kt}};
  static_assert(std::size(kNumbers) == kGgufFtypeCount, "every file type has its number");
  for (const auto& [number, ftype] : kNumbers)
    if (number == file_type) return std::string(gguf_ftype_info(ftype).id);
  return std::nullopt;
}

}  // namespace llm_sizer
