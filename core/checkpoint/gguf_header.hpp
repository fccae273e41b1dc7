#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checkpoint/safetensors_header.hpp"
#include "quantization/ggml_types.hpp"

namespace llm_sizer {

// What a GGUF file's header says (ggml/docs/gguf.md, "File Structure"; versions 2 and 3): the
// metadata the calculator reads and every tensor's ggml type, shape and bytes.
struct GgufHeader {
  int64_t version = 0;
  std::string architecture;                 // general.architecture: "llama", "qwen3moe", ...
  std::string model_name;                   // general.name, when given
  std::optional<int64_t> file_type;         // general.file_type: llama.cpp's llama_ftype number
  std::optional<int64_t> block_count;       // <architecture>.block_count: the decoder layers
  int64_t alignment = kGgufAlignmentBytes;  // general.alignment
  int64_t data_offset = 0;                  // where the tensor data starts: the header's length
  std::vector<StoredTensor> tensors;        // dtype: the ggml type's name ("Q4_K", "F32")
};

// Reads the header at the start of a GGUF file: `bytes` is its first bytes, as many as hold the
// header (the metadata, the tokenizer's vocabulary and the tensor list: a few MB); the tensor
// data after it is not needed. Checks what llama.cpp's loader checks (gguf.cpp): the magic, the
// version, known value and tensor types, rows that are whole blocks, and each tensor's offset
// following the previous one at the file's alignment. `field` names the file in errors. Throws
// InputError, error.gguf_truncated when the bytes end inside the header.
GgufHeader read_gguf_header(std::string_view bytes, const std::string& field);

// llama_ftype (include/llama.h) as a weight format id: 15 (LLAMA_FTYPE_MOSTLY_Q4_K_M) ->
// "q4_k_m". Empty for numbers no current llama.cpp writes.
std::optional<std::string> llama_ftype_id(int64_t file_type);

}  // namespace llm_sizer
