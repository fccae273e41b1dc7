#pragma once

#include <optional>

namespace llm_sizer {

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
