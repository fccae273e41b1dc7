#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fleet_search/replica_search.hpp"
#include "hardware/accelerator.hpp"
#include "inference/inference_input.hpp"
#include "model/tensors.hpp"
#include "quantization/weight_format.hpp"
#include "serving/serving_input.hpp"

namespace llm_sizer {

// One tensor-parallel size of a device, as a pool's replicas would run it: the inference section
// at that size, the traffic and targets, and the link a prefill GPU sends its KV cache over.
struct PoolSetup {
  int64_t tp = 1;
  AcceleratorSpec device;
  InferenceInput instance;
  ServingInput serving;
  double link_bytes_per_s = 0;  // per GPU, between the pools (the inter-node link)
};

// A pool of replicas of one size: the fewest that meet its share of the targets.
struct Pool {
  int64_t tp = 1;
  FleetPoint point;
};

// Prefill on one pool, decode on another (DistServe, Zhong et al. 2024): each pool sized alone.
struct DisaggregatedLayout {
  std::optional<Pool> prefill;
  std::optional<Pool> decode;
  double kv_transfer_s = 0;  // the p99 prompt's KV cache from a prefill replica to a decode one
  std::optional<FleetPoint> point;  // both pools together, when both meet their targets
  std::vector<std::string> unmet;   // the targets no pool size meets
  int64_t simulations = 0;
  int64_t estimates = 0;  // pool sizes priced by the steady-state formulas
};

// The cheapest disaggregated fleet over these sizes of one device. The decode pool first: the
// fewest replicas (over every size) whose TPOT p99 meets its target, and whose wait for a request's
// first step a fifth of the TTFT target, while they keep up, each prompt's KV cache arriving from
// the prefill pool. Then the prefill pool, each request making
// only its first token, with what is left of the TTFT target after the KV transfer and the decode
// replica's own first step and wait (their p99s added: an upper bound). A request's first token
// comes from the decode replica, as vLLM's and SGLang's disaggregated serving return it.
DisaggregatedLayout search_disaggregated(const ModelSpec& model,
                                         const std::vector<TensorSpec>& tensors,
                                         const std::vector<PoolSetup>& sizes, int64_t max_gpus);

}  // namespace llm_sizer
