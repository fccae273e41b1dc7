#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "catalog/catalog.hpp"
#include "field_reader.hpp"

namespace llm_sizer {

// The fleet search's answer for a scenario (what `llm-sizer fleet` prints and the WASM fleet()
// returns): for each accelerator of the fleet section and each tensor-parallel size, the fewest
// replicas whose simulated p99 TTFT and TPOT meet serving.targets while they keep up with
// serving.workload's traffic (layouts[]); the cheapest of them per hour (best), or, when none
// meets, the closest and the targets it misses (closest); every replica count simulated, with
// the Pareto frontier of tokens/s per GPU against tokens/s per user (points[]). The serving and
// inference sections apply to every layout; hardware.count, inference.tp and serving.replicas are
// what the search chooses. Throws InputError; every number in it is finite.
// progress(done, total), when given, is called after each layout is searched (the page's worker
// posts it while the search runs).
using FleetProgress = std::function<void(int64_t done, int64_t total)>;
Json fleet_json(const Json& input, const Catalog& catalog, const FleetProgress& progress = {});

// Scenario text in, compact fleet text out, or the {"error": ...} value (answer_text.hpp): what
// the WASM fleet() returns.
std::string fleet_text(std::string_view scenario_text, const Catalog& catalog,
                       const FleetProgress& progress = {});

}  // namespace llm_sizer
