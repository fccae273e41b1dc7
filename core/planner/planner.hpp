#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "hardware/accelerator.hpp"
#include "hardware/cluster.hpp"
#include "model/tensors.hpp"
#include "planner/search.hpp"
#include "step_time/efficiency.hpp"
#include "step_time/training_profile.hpp"
#include "step_time/training_settings.hpp"
#include "warning.hpp"

namespace llm_sizer {

// A model, its training settings and the machines, prepared once for any number of searches.
class Planner {
 public:
  Planner(const ModelSpec& model, const std::vector<TensorSpec>& tensors, double params_active,
          const TrainingInput& settings, const AcceleratorSpec& accelerator,
          const ClusterSpec& cluster);
  Planner(const Planner&) = delete;
  Planner& operator=(const Planner&) = delete;

  SearchResult search(int64_t gpus, const SearchSpace& space, size_t keep) const;
  const TrainingEfficiency& efficiency() const { return efficiency_; }
  double global_batch_tokens() const { return context_.global_sequences * profile_.seq_len; }
  double model_flops_per_token() const { return context_.model_flops_per_token; }

 private:
  std::vector<LoraAdapter> adapters_;
  TrainingProfile profile_;
  TrainingEfficiency efficiency_;
  PlannerContext context_;
};

// With no plan in the scenario (TrainingInput::plan_from_planner), puts the fastest plan that
// fits hardware.count into `settings`; when none fits, keeps the default plan and says so.
void choose_plan(const ModelSpec& model, const std::vector<TensorSpec>& tensors,
                 double params_active, const AcceleratorSpec& accelerator,
                 const ClusterSpec& cluster, int64_t gpus, TrainingInput& settings,
                 Warnings& warnings);

}  // namespace llm_sizer
