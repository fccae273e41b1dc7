#pragma once

namespace llm_sizer {

// Logarithm, exponential and the normal quantile from + - * / and exact scaling by powers of two
// only. std::log and std::exp come from each platform's libm (glibc natively, musl in WASM) and
// may differ in the last bit; the serving simulation's arrival times and request lengths go
// through these, so the CLI and the page simulate the same requests to the bit.
double portable_log(double x);
double portable_exp(double x);

// The standard normal distribution's quantile at probability p in (0, 1) (Acklam's rational
// approximation, relative error below 1.2e-9; Wichura 1988 gives the same to double precision).
double normal_quantile(double p);

}  // namespace llm_sizer
