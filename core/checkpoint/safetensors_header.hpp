#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace llm_sizer {

// One tensor a safetensors file stores, as its header describes it.
struct StoredTensor {
  std::string name;
  std::string dtype;  // the header's own name: "BF16", "F8_E4M3", "I32", "U8", "F4", ...
  int64_t elements = 0;
  int64_t bytes = 0;  // data_offsets' end - begin, checked against dtype x shape
};

// Reads the JSON header of a safetensors file (the text after its 8-byte length): every tensor's
// dtype, shape and data offsets, checked as the format's specification requires (known dtypes,
// offsets that match dtype x shape, no two tensors sharing bytes, huggingface/safetensors README,
// "Format"). `field` names the file in errors. Throws InputError for anything else.
std::vector<StoredTensor> read_safetensors_header(std::string_view header_text,
                                                  const std::string& field);

}  // namespace llm_sizer
