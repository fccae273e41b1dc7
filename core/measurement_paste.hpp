#pragma once

#include <string_view>

#include "field_reader.hpp"

namespace llm_sizer {

// Reads a measurement the user pasted into the fields of inference.measured: llama-bench's output
// (markdown table, CSV or JSON/JSONL), llama.cpp's timing lines (llama-cli, llama-server), vLLM's
// benchmark summary (bench serve), or one tokens/s figure. Returns {"measured": {...}, "format":
// ...}; text it cannot read is refused with the line at fault (field "paste").
Json read_measurement_paste(std::string_view text);

}  // namespace llm_sizer
