// MoE expert offload against a llama.cpp load log. The published offload speeds (CPU-only,
// partial offload, experts in host RAM, prefill) are rows of data/measurements/offload-speed.json,
// checked with their tolerances by `llm-sizer validate` and reference/published_rows_test.cpp.
#include <catch2/catch.hpp>

#include "test_support.hpp"
#include "units.hpp"

using llm_sizer::Json;
using llm_sizer::units::GiB;
using llm_sizer::units::MiB;

TEST_CASE("llama.cpp with DeepSeek-R1's experts on the CPU: the GPU's share of the weights") {
  // llama.cpp PR 11397 (override tensor buffers), comment of 2025-03-04: DeepSeek R1 671B with
  // every routed expert on the CPU and all 62 layers offloaded: "CUDA0 model buffer size =
  // 9460.52 MiB" (attention, shared experts, the dense layers, the output layer). The file's type
  // is not named; Q4_K_M is assumed (its CPU buffers add up to the Q4_K_M size).
  const Json r =
      llm_sizer::test::run({{"model", "deepseek-r1"},
                            {"hardware",
                             {{"accelerator", "rtx-4090"},
                              {"host", {{"preset", "epyc-9654"}, {"memory_bytes", 768 * GiB}}}}},
                            {"inference",
                             {{"runtime", "llama.cpp"},
                              {"weights", "q4_k_m"},
                              {"offload_experts", true},
                              {"gpu_layers", 62}}}})["inference"];
  CHECK(r["placement"]["per_device"]["weights_bytes"].get<double>() ==
        Approx(9460.52 * MiB).epsilon(0.05));
}
