#pragma once

#include "field_reader.hpp"

namespace llm_sizer {

// Reads a checkpoint from what its repository publishes: {"repo": "org/name", "config": the
// config.json object (optional), "files": [{"name": "model-00001-of-00002.safetensors", "header":
// the JSON text of the file's safetensors header}]}. Returns the exact bytes and tensors by dtype
// and by file, the format the config and dtypes name (and the calculator's weight format id for
// it), and the bytes config.json's model would take in that format, with a warning where the two
// disagree. Throws InputError naming the file and tensor at fault.
Json read_checkpoint(const Json& input);

// The same, from JSON text, for the CLI and the WASM module.
Json read_checkpoint_text(std::string_view text);

// A GGUF file from its first bytes (its header; not the tensor data): the architecture, the
// layers, the file type its metadata names, and the tensors and bytes by ggml type. `name` names
// the file in errors.
Json read_gguf_file(std::string_view bytes, const std::string& name);

// Whether bytes start as a GGUF file does ("GGUF").
bool looks_like_gguf(std::string_view bytes);

}  // namespace llm_sizer
