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

}  // namespace llm_sizer
