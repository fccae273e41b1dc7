#include "inference/measured_input.hpp"

#include "error.hpp"
#include "json_object.hpp"
#include "limits.hpp"

namespace llm_sizer {

namespace {

constexpr int64_t kLlamaBenchPromptTokens = 512;

}  // namespace

MeasuredInput parse_measured(const FieldReader& r, int64_t decode_context) {
  r.reject_unknown({"decode_tokens_per_s", "decode_batch", "decode_context_tokens",
                    "prefill_tokens_per_s", "prefill_tokens", "gpu_layers", "source"});
  MeasuredInput m;
  m.decode_tokens_per_s = r.optional_number("decode_tokens_per_s", limits::kMeasuredTokensPerS);
  m.prefill_tokens_per_s = r.optional_number("prefill_tokens_per_s", limits::kMeasuredTokensPerS);
  if (!m.decode_tokens_per_s && !m.prefill_tokens_per_s) {
    throw InputError(r.path(), {"error.measured_empty"}, describe_value(r.json()));
  }
  // The measured shape need not be the scenario's: llama-bench measures at its own lengths.
  const IntRange context{0, limits::kSequenceTokens.max, limits::kSequenceTokens.reason};
  m.decode_batch = r.int_or("decode_batch", 1, limits::kSequences);
  m.decode_context_tokens = r.int_or("decode_context_tokens", decode_context, context);
  // llama-bench's default prompt test is pp512; a fixed default keeps a link's measurement from
  // changing meaning when the scenario's prompt does.
  m.prefill_tokens = r.int_or("prefill_tokens", kLlamaBenchPromptTokens, limits::kSequenceTokens);
  m.gpu_layers =
      r.optional_int("gpu_layers", IntRange{0, limits::kLayers.max + 1, limits::kLayers.reason});
  m.source = r.optional_string("source").value_or("");
  return m;
}

Json measured_input_to_json(const MeasuredInput& m) {
  Json out = json_object({{"decode_batch", m.decode_batch},
                          {"decode_context_tokens", m.decode_context_tokens},
                          {"prefill_tokens", m.prefill_tokens}});
  if (m.decode_tokens_per_s) out["decode_tokens_per_s"] = *m.decode_tokens_per_s;
  if (m.prefill_tokens_per_s) out["prefill_tokens_per_s"] = *m.prefill_tokens_per_s;
  if (m.gpu_layers) out["gpu_layers"] = *m.gpu_layers;
  if (!m.source.empty()) out["source"] = m.source;
  return out;
}

}  // namespace llm_sizer
