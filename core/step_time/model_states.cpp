#include "step_time/model_states.hpp"

namespace llm_sizer {
namespace {

constexpr double kMin8bitElements = 4096;  // bitsandbytes Optimizer2State(min_8bit_size=4096)

}  // namespace

PrecisionBytes precision_bytes(const TrainingInput& in) {
  PrecisionBytes b;
  const bool wide = in.precision == Precision::fp32 || in.precision == Precision::tf32;
  b.weight = wide ? 4 : 2;
  b.gradient = b.weight;
  b.master = in.master_weights ? kFp32Bytes : 0;
  b.state_element = wide || in.master_weights ? kFp32Bytes : b.weight;
  b.frozen_weight = b.weight;
  return b;
}

double optimizer_state_bytes(Optimizer optimizer, double state_element, int64_t rows,
                             int64_t row_length, int64_t matrices, bool vector) {
  const double elements = double(rows) * double(row_length) * double(matrices);
  switch (optimizer) {
    case Optimizer::adamw:
      return 2 * state_element * elements;
    case Optimizer::paged_adamw_32bit:
      return 2 * kFp32Bytes * elements;
    case Optimizer::adamw_8bit:
    case Optimizer::paged_adamw_8bit:
      return 2 * (elements < kMin8bitElements ? kFp32Bytes : 1.0) * elements;
    case Optimizer::sgd_momentum:
      return state_element * elements;
    case Optimizer::adafactor:
      if (vector) return state_element * elements;
      return state_element * double(rows + row_length) * double(matrices);
  }
  return 0;
}

}  // namespace llm_sizer
