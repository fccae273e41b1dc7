#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "field_reader.hpp"
#include "model/model_spec.hpp"

namespace llm_sizer {

struct Catalog;

// Where the draft tokens come from: a small model of the same tokenizer (Leviathan et al. 2023),
// the checkpoint's own multi-token-prediction modules (DeepSeek-V3), or an EAGLE head, one
// decoder layer over the target's features (Li et al. 2024).
enum class SpeculativeMethod { draft_model, mtp, eagle };

// inference.speculative: {method, draft_model, acceptance_rate, draft_tokens}.
struct SpeculativeInput {
  SpeculativeMethod method = SpeculativeMethod::draft_model;
  std::string draft_id;            // the draft model's preset (draft_model only)
  std::optional<ModelSpec> draft;  // its architecture
  double acceptance_rate = 0.7;    // each draft token's chance to be accepted
  int64_t draft_tokens = 4;        // tokens drafted per step (vLLM num_speculative_tokens)
};

std::string_view speculative_method_name(SpeculativeMethod method);

// Reads inference.speculative; the target model decides whether MTP is available.
SpeculativeInput parse_speculative(const FieldReader& r, const ModelSpec& target,
                                   const Catalog& catalog);

Json speculative_input_to_json(const SpeculativeInput& input);

}  // namespace llm_sizer
