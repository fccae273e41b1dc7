#include "catalog/gpu_price.hpp"

#include <algorithm>
#include <vector>

#include "catalog/catalog.hpp"
#include "message.hpp"

namespace llm_sizer {

std::optional<GpuPrice> catalog_gpu_price(const Catalog& catalog, std::string_view accelerator_id) {
  if (accelerator_id.empty() || !catalog.listing.contains("cloud_prices")) return std::nullopt;
  std::vector<const Json*> on_demand;
  for (const auto& entry : catalog.listing["cloud_prices"]) {
    if (entry.value("accelerator", "") == accelerator_id &&
        entry.value("pricing", "") == "on-demand" && entry.contains("price_per_gpu_hour_usd")) {
      on_demand.push_back(&entry);
    }
  }
  if (on_demand.empty()) return std::nullopt;
  std::sort(on_demand.begin(), on_demand.end(), [](const Json* a, const Json* b) {
    const double pa = (*a)["price_per_gpu_hour_usd"].get<double>();
    const double pb = (*b)["price_per_gpu_hour_usd"].get<double>();
    return pa != pb ? pa < pb : (*a)["id"].get<std::string>() < (*b)["id"].get<std::string>();
  });
  const Json& chosen = *on_demand[(on_demand.size() - 1) / 2];
  GpuPrice price;
  price.usd_per_gpu_hour = chosen["price_per_gpu_hour_usd"].get<double>();
  const Message rule{"price.lower_median",
                     json_object({{"count", on_demand.size()}, {"accelerator", accelerator_id}})};
  price.source = json_object({{"kind", "catalog"},
                              {"rule", english(rule)},
                              {"id", chosen.value("id", "")},
                              {"provider", chosen.value("provider", "")},
                              {"instance", chosen.value("instance", "")},
                              {"region", chosen.value("region", "")},
                              {"as_of", chosen.value("as_of", "")},
                              {"source", chosen.value("source", "")}});
  put_message_codes(price.source, "rule", rule);
  return price;
}

}  // namespace llm_sizer
