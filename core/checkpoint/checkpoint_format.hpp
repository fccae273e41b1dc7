#pragma once

#include <optional>
#include <string>

#include "field_reader.hpp"

namespace llm_sizer {

// How a checkpoint says it is quantized, read from config.json's quantization_config (or
// compression_config) and, where it has none, from the dtype holding most of its bytes.
struct CheckpointFormat {
  std::string method;                  // quant_method as written, or "none"
  std::optional<std::string> weights;  // the calculator's weight format id, when it has one
  std::string detail;                  // what decided it: "weight_block_size 128x128", "BF16"
};

// `config` is the config.json object (may be null); `main_dtype` the safetensors dtype holding
// the most bytes. A quantization_config whose method the calculator does not size leaves
// `weights` empty rather than guessing.
CheckpointFormat detect_checkpoint_format(const Json& config, const std::string& main_dtype);

}  // namespace llm_sizer
