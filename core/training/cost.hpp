#pragma once

#include <optional>
#include <string_view>

#include "field_reader.hpp"

namespace llm_sizer {

struct Catalog;

// A price per GPU-hour and where it came from.
struct GpuPrice {
  double usd_per_gpu_hour = 0;
  Json source;  // {"kind": "catalog", "id", "provider", "instance", "as_of", ...} or {"kind": ...}
};

// The documented rule when the scenario gives no price: among the catalog's dated on-demand
// entries (data/cloud-prices.json, pricing "on-demand") for this accelerator, the lower median by
// price per GPU-hour, so one expensive or cheap provider does not set the figure. nullopt when
// the catalog has none (the cost is then left out, with a warning).
std::optional<GpuPrice> catalog_gpu_price(const Catalog& catalog, std::string_view accelerator_id);

struct TrainingCost {
  std::optional<double> cost_usd;         // absent without a price
  std::optional<double> energy_kwh;       // absent when the device has no TDP
  std::optional<double> energy_cost_usd;  // absent without a price per kWh
};

struct CostInputs {
  double gpu_hours = 0;
  std::optional<double> usd_per_gpu_hour;
  double discount = 0;  // reserved or spot, as a fraction off the price
  std::optional<double> tdp_w;
  double pue = 1;
  std::optional<double> usd_per_kwh;
};

// cost = GPU-hours x price x (1 - discount); energy = TDP x GPU-hours x PUE (the bookkeeping of
// the Llama model cards and Luccioni et al. 2022: nameplate power, not metered).
TrainingCost training_cost(const CostInputs& inputs);

}  // namespace llm_sizer
