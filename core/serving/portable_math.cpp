#include "serving/portable_math.hpp"

#include <cmath>

namespace llm_sizer {
namespace {

constexpr double kLn2 = 0.693147180559945309417232121458176568;
// ln 2 in two parts (fdlibm's e_exp.c): k x the high part is exact for every |k| < 2^11, so the
// reduced argument keeps its precision at large |x|.
constexpr double kLn2High = 6.93147180369123816490e-01;
constexpr double kLn2Low = 1.90821492927058770002e-10;
constexpr double kSqrtHalf = 0.707106781186547524400844362104849039;

}  // namespace

double portable_log(double x) {
  // x = m 2^e with m in [sqrt(1/2), sqrt(2)); log m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <
  // 0.172, whose series converges below 1e-17 by its 12th term.
  int exponent = 0;
  double m = std::frexp(x, &exponent);
  if (m < kSqrtHalf) {
    m *= 2;
    exponent -= 1;
  }
  const double s = (m - 1) / (m + 1);
  const double s2 = s * s;
  double term = s;
  double sum = 0;
  for (int k = 1; k <= 25; k += 2) {
    sum += term / k;
    term *= s2;
  }
  return 2 * sum + exponent * kLn2;
}

double portable_exp(double x) {
  // e^x = 2^k e^r with k = round(x / ln 2), |r| <= ln(2) / 2; Taylor series of e^r to the 20th
  // term (error below 1e-19).
  const double k = std::floor(x / kLn2 + 0.5);
  const double r = (x - k * kLn2High) - k * kLn2Low;
  double term = 1;
  double sum = 1;
  for (int n = 1; n <= 20; ++n) {
    term *= r / n;
    sum += term;
  }
  return std::ldexp(sum, int(k));
}

double normal_quantile(double p) {
  // Acklam 2003, "An algorithm for computing the inverse normal cumulative distribution
  // function": rational approximations in the centre and in each tail.
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  constexpr double low = 0.02425;
  const auto tail = [&](double q) {
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
           ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  };
  if (p < low) return tail(std::sqrt(-2 * portable_log(p)));
  if (p > 1 - low) return -tail(std::sqrt(-2 * portable_log(1 - p)));
  const double q = p - 0.5;
  const double r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
         (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

}  // namespace llm_sizer
