#include "checkpoint/safetensors_header.hpp"

#include <algorithm>
#include <array>

#include "error.hpp"
#include "json_text.hpp"
#include "limits.hpp"

namespace llm_sizer {
namespace {

struct DtypeBits {
  std::string_view name;
  int bits;
};
// The dtypes safetensors defines, with their widths (huggingface/safetensors, safetensors/src/
// tensor.rs, enum Dtype: the 4- and 6-bit floats pack densely, as in their bit sizes).
constexpr std::array kDtypes = {
    DtypeBits{"BOOL", 8},    DtypeBits{"U8", 8},      DtypeBits{"I8", 8},
    DtypeBits{"F8_E5M2", 8}, DtypeBits{"F8_E4M3", 8}, DtypeBits{"F8_E8M0", 8},
    DtypeBits{"I16", 16},    DtypeBits{"U16", 16},    DtypeBits{"F16", 16},
    DtypeBits{"BF16", 16},   DtypeBits{"I32", 32},    DtypeBits{"U32", 32},
    DtypeBits{"F32", 32},    DtypeBits{"F64", 64},    DtypeBits{"I64", 64},
    DtypeBits{"U64", 64},    DtypeBits{"F4", 4},      DtypeBits{"F6_E2M3", 6},
    DtypeBits{"F6_E3M2", 6}, DtypeBits{"C64", 64},
};

int bits_of(std::string_view dtype) {
  for (const auto& d : kDtypes) {
    if (d.name == dtype) return d.bits;
  }
  return 0;
}

std::string dtype_names() {
  std::string names;
  for (const auto& d : kDtypes) names += (names.empty() ? "" : ", ") + std::string(d.name);
  return names;
}

[[noreturn]] void refuse(const std::string& field, Message rule, const Json& got) {
  throw InputError(field, std::move(rule), describe_value(got));
}

struct Span {
  int64_t begin = 0;
  int64_t end = 0;
  size_t index = 0;
};

StoredTensor read_tensor(const std::string& name, const Json& entry, const std::string& field,
                         Span& span) {
  if (!entry.is_object()) refuse(field, {"error.object"}, entry);
  FieldReader r(entry, field);
  r.reject_unknown({"dtype", "shape", "data_offsets"});
  StoredTensor t;
  t.name = name;
  const auto dtype = r.optional_string("dtype");
  if (!dtype) throw InputError(r.field("dtype"), {"error.required"}, "nothing");
  const int bits = bits_of(*dtype);
  if (bits == 0) {
    throw InputError(r.field("dtype"), {"error.checkpoint_dtype", {{"dtypes", dtype_names()}}},
                     *dtype);
  }
  t.dtype = *dtype;
  // Every tensor entry has all three keys (safetensors README, "Format").
  for (const char* key : {"shape", "data_offsets"}) {
    if (!entry.contains(key)) throw InputError(r.field(key), {"error.required"}, "nothing");
  }
  const std::vector<int64_t> shape = r.int_list("shape", limits::kTensorDim, limits::kTensorRank);
  // Elements and bytes stay below 2^53: each dimension is at most 2^40 and the product is checked
  // as it grows.
  double elements = 1;
  for (const int64_t d : shape) {
    elements *= double(d);
    if (elements > double(limits::kTensorElements.max)) {
      throw InputError(r.field("shape"), limits::kTensorElements.describe(),
                       describe_value(entry["shape"]));
    }
  }
  t.elements = int64_t(elements);
  const std::vector<int64_t> offsets =
      r.int_list("data_offsets", {0, kMaxExactInteger, limits::kTensorElements.reason}, 3);
  if (offsets.size() != 2 || offsets[1] < offsets[0]) {
    refuse(r.field("data_offsets"), {"error.checkpoint_offsets"}, entry["data_offsets"]);
  }
  t.bytes = offsets[1] - offsets[0];
  const int64_t expected = (t.elements * bits + 7) / 8;
  if (t.bytes != expected) {
    throw InputError(r.field("data_offsets"),
                     {"error.checkpoint_tensor_bytes",
                      {{"dtype", t.dtype}, {"elements", t.elements}, {"bytes", expected}}},
                     std::to_string(t.bytes));
  }
  span.begin = offsets[0];
  span.end = offsets[1];
  return t;
}

}  // namespace

std::vector<StoredTensor> read_safetensors_header(std::string_view header_text,
                                                  const std::string& field) {
  if (header_text.size() > limits::kSafetensorsHeaderBytes) {
    throw InputError(
        field,
        {"error.checkpoint_header_size", {{"max", int64_t(limits::kSafetensorsHeaderBytes)}}},
        std::to_string(header_text.size()) + " bytes");
  }
  Json header;
  try {
    header = parse_json_text(header_text);
  } catch (const InputError& e) {
    // A header cut short (a truncated download, a range that ended early) lands here too.
    throw InputError(field, {"error.checkpoint_header_json", {{"reason", e.allowed()}}}, e.got());
  }
  if (!header.is_object()) refuse(field, {"error.object"}, header);
  std::vector<StoredTensor> tensors;
  std::vector<Span> spans;
  for (const auto& [name, entry] : header.items()) {
    if (name == "__metadata__") continue;  // free-form strings, such as {"format": "pt"}
    if (tensors.size() >= size_t(limits::kCheckpointTensors.max)) {
      throw InputError(field, limits::kCheckpointTensors.describe(),
                       std::to_string(header.size()) + " tensors");
    }
    Span span;
    tensors.push_back(read_tensor(name, entry, field + "." + shorten(name, 200), span));
    span.index = tensors.size() - 1;
    spans.push_back(span);
  }
  // The byte buffer is indexed entirely and without holes: sorted by offset, each tensor starts
  // where the previous ends (safetensors README, "Format"). Zero-size tensors take no bytes.
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  int64_t at = 0;
  for (const Span& s : spans) {
    if (s.begin != at) {
      const StoredTensor& t = tensors[s.index];
      throw InputError(field + "." + shorten(t.name, 200) + ".data_offsets",
                       {"error.checkpoint_layout", {{"offset", at}}},
                       "[" + std::to_string(s.begin) + ", " + std::to_string(s.end) + "]");
    }
    at = s.end;
  }
  return tensors;
}

}  // namespace llm_sizer
