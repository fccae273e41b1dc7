#pragma once

#include <string>
#include <string_view>

#include "catalog/catalog.hpp"
#include "scenario/result.hpp"
#include "scenario/scenario.hpp"

namespace llm_sizer {

// The core: a validated scenario in, every number the calculator shows out. Pure.
Result estimate(const Scenario& scenario);

// The model's part of the estimate (parameters and their explanations), which estimate() extends
// with the scenario's sections.
Result estimate_model(const Scenario& scenario);

// Scenario JSON in, result JSON out: what the CLI prints and the WASM API returns. Every number
// in it is finite. Throws InputError for invalid input.
Json estimate_json(const Json& input, const Catalog& catalog);

// Scenario text in, compact result text out, or the {"error": ...} value (answer_text.hpp).
std::string estimate_text(std::string_view scenario_text, const Catalog& catalog);

// The same for a scenario without sections, built from the model's part alone: the page's first
// view computes with a module that holds only this (a section is an InputError there).
Json estimate_model_json(const Json& input, const Catalog& catalog);
std::string estimate_model_text(std::string_view scenario_text, const Catalog& catalog);

}  // namespace llm_sizer
