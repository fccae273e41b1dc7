#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "field_reader.hpp"

namespace llm_sizer {

// inference.measured: speeds the user saw on their own setup (llama-bench's tg and pp rows, a
// serving benchmark's time per output token, or a figure), and the shape they were measured at.
// The core derives the efficiency that makes its estimate match (inference/measured_fit.hpp).
struct MeasuredInput {
  std::optional<double> decode_tokens_per_s;  // per sequence
  int64_t decode_batch = 1;                   // sequences decoded together
  int64_t decode_context_tokens = 0;          // the context a measured decode step sees
  std::optional<double> prefill_tokens_per_s;
  int64_t prefill_tokens = 512;  // prompt tokens of the measured prefill (one sequence)
  // llama.cpp's -ngl of the measured run, where it differs from the scenario's: up to this many
  // of the last layers on the GPU (99 puts them all there, as llama-bench's default does).
  std::optional<int64_t> gpu_layers;
  std::string source;  // what the figures came from, as the user names it
};

// `decode_context` is the scenario's decode context, the default of the measured one (a figure
// seen in use); the measured prefill defaults to llama-bench's 512 tokens.
MeasuredInput parse_measured(const FieldReader& r, int64_t decode_context);

Json measured_input_to_json(const MeasuredInput& input);

}  // namespace llm_sizer
