#pragma once

// The vocabulary shared by the kernel bench's harness and its two back ends (the CUDA gpu-bench
// and the C++ cpu-bench): weight storage, GEMM precisions, matrix shapes and timings.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace llm_sizer::bench {

// Weights of the decode kernels: 16-bit floats, or the bench's own integer layouts with a scale
// and a zero point per 128 inputs (AWQ/GPTQ-like), dequantized inside the matrix-vector kernel.
enum class WeightType { bf16, int8, int4 };
inline constexpr std::array kWeightTypes = {WeightType::bf16, WeightType::int8, WeightType::int4};
inline constexpr int64_t kGroupSize = 128;

std::string_view weight_type_name(WeightType type);
int weight_bits(WeightType type);
// The core's id of the same storage, so predictions size the same bytes: bf16, gptq-8bit-g128,
// gptq-4bit-g128 (packed weights, a zero point and an fp16 scale per group).
std::string_view core_format_id(WeightType type);

// Dense GEMM input precisions: cuBLASLt's on a GPU, fp32 for the CPU twin's blocked GEMM.
enum class GemmPrecision { bf16, fp16, fp8, int8, fp32 };
inline constexpr std::array kGemmPrecisions = {GemmPrecision::bf16, GemmPrecision::fp16,
                                               GemmPrecision::fp8, GemmPrecision::int8,
                                               GemmPrecision::fp32};

std::string_view gemm_precision_name(GemmPrecision precision);
// The core's weight format whose matmuls run in this precision (its compute efficiency and peak).
std::string_view core_format_for(GemmPrecision precision);

// One linear layer, y[rows] = W[rows x cols] x[cols] (nn.Linear: out_features x in_features).
struct Matrix {
  std::string name;  // "qkv", "o", "gate_up", "down", "lm_head"
  int64_t rows = 0;
  int64_t cols = 0;
};

// Bytes one pass over the matrix reads: packed weights plus, for integer types, the fp16 scale
// and the packed zero point of each group.
double matrix_bytes(WeightType type, const Matrix& m);

// One decode attention problem: `batch` sequences, each with `heads` query heads grouped onto
// `kv_heads`, attending to `tokens` cached keys and values of `head_dim`. Queries are rows of
// query_stride() floats (head h at h * head_dim); a GPU splits the tokens over `splits` blocks.
struct AttentionShape {
  int batch = 1;
  int heads = 1;
  int kv_heads = 1;
  int head_dim = 128;
  int tokens = 1;
  int splits = 1;
  int q_stride = 0;  // 0: heads * head_dim, the queries alone
  int query_stride() const { return q_stride > 0 ? q_stride : heads * head_dim; }
};

// How often an operation is timed: warm-up runs, then at least min_reps timed runs and at least
// min_seconds in total (at most max_reps).
struct Repetitions {
  int warmup = 3;
  int min_reps = 10;
  double min_seconds = 0.1;
  int max_reps = 2000;
};

struct Timing {
  double median_s = 0;
  double min_s = 0;
  int reps = 0;
};

}  // namespace llm_sizer::bench
