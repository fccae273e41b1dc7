#pragma once

#include <optional>
#include <string>

#include "bench_types.hpp"
#include "field_reader.hpp"

namespace llm_sizer::bench {

// One timed operation, as a rate, beside the rate the core predicts for it.
struct Measurement {
  std::string kind;  // "bandwidth", "gemm", "gemv", "decode_step"
  std::string name;  // what was run, for the table: "llama-3-8b qkv 6144x4096 bf16 m=512"
  Json shape;        // the same as fields: model, matrix, precision, batch, tokens, ...
  Timing timing;
  double work = 0;                    // per run, in the unit's numerator: bytes, FLOP or tokens
  std::string unit;                   // "bytes/s", "FLOP/s", "tokens/s"
  std::optional<double> predicted{};  // the core's rate for the same work
  Json core{};                        // the core's figures behind the prediction

  double measured() const { return work / timing.median_s; }
  // Above 1: the core promises more than the device delivered.
  std::optional<double> ratio() const {
    if (!predicted) return std::nullopt;
    return *predicted / measured();
  }
};

}  // namespace llm_sizer::bench
