#pragma once

#include "explain/explanation.hpp"
#include "field_reader.hpp"
#include "warning.hpp"

namespace llm_sizer {

struct Scenario;
struct Result;
struct AcceleratorSpec;

inline constexpr int kResultVersion = 1;

// The result's stable field names live here and nowhere else.
Json result_to_json(const Scenario& scenario, const Result& result);
// The model's part of a result (what every result holds): scenario, model, hardware, warnings,
// explanations and references.
Json model_result_to_json(const Scenario& scenario, const Result& result);
Json accelerator_to_json(const AcceleratorSpec& accelerator);
// {path: {formula, terms, ref}}, adding each reference used to `references`.
Json explanations_json(const Explanations& explanations, Json& references);
Json warnings_json(const Warnings& warnings);

}  // namespace llm_sizer
