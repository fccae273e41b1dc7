#pragma once

#include "field_reader.hpp"
#include "serving/serving_load.hpp"

namespace llm_sizer {

// The "serving" block of the result: the pool, the throughput and the latency percentiles.
Json serving_to_json(const ServingLoadResult& result);

}  // namespace llm_sizer
