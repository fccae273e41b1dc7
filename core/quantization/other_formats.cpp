#include "quantization/other_formats.hpp"

// Storage of the checkpoint formats other than GGUF, per weight matrix of K input channels
// (TensorSpec::row_length) and N output channels (TensorSpec::rows). Stacked experts are separate
// Linear modules in these checkpoints, so every expert matrix carries its own scales.
//
// Which tensors stay 16-bit (embeddings, output head, norms, biases, the MoE router):
// - GPTQ: AutoGPTQ quantizes only `inside_layer_modules` (q/k/v/o, gate/up/down projections);
//   embed_tokens, norms and lm_head stay fp16 (auto_gptq/modeling/llama.py, commit 058fd80a). The
//   GPTQ paper (Frantar et al. 2022, sec. 5) keeps "the embeddings and the output layer ... in full
//   FP16 precision".
// - AWQ: AutoAWQ quantizes the decoder layers' linears; embeddings and lm_head untouched
//   (awq/models, commit 030fe2a1).
// - bitsandbytes: transformers replaces every nn.Linear except the output head
//   (integrations/bitsandbytes.py, get_keys_to_not_convert: "keep the lm_head in full precision");
//   embeddings and norms are not Linear. So the router and a vision tower's linears are quantized.
// - FP8: vLLM quantizes "all Linear modules (except for the final lm_head)" (docs, fp8);
// DeepSeek-V3
//   keeps "the embedding module, the output head, MoE gating modules, normalization operators" in
//   BF16/FP32 (arXiv 2412.19437, sec. 3.3.1).
// - INT8/INT4 weight-only, W8A8, W4A8, MXFP4, NVFP4, MXFP8, MXFP6: the same set as FP8 (decoder
//   linears only).
// - HQQ: transformers' HqqConfig quantizes every Linear but lm_head (skip_modules default).
// - MLX: mlx.nn.quantize quantizes "all layers that define a to_quantized method ... Both Linear
//   and Embedding layers" (mlx docs, mlx.nn.quantize), so embeddings, the head and the router
//   too; mlx-lm loads the language model only, so a vision tower stays 16-bit.
// - EXL2/EXL3: the decoder linears at the target average, the head at its own bits (6 by
//   default), the embeddings 16-bit (ExLlamaV2 doc/convert.md).
// A vision tower stays 16-bit except under bitsandbytes (the quantizers above walk the decoder
// layers only).

namespace llm_sizer {
namespace {

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

bool is_decoder_linear(const TensorSpec& t) {
  switch (t.component) {
    case Component::attention:
    case Component::mlp:
    case Component::experts:
    case Component::shared_experts:
    case Component::mtp:
      return true;
    default:
      return false;
  }
}

// Linear layers inside a vision tower (SigLIP attention and MLP); the patch embedding is a
// convolution, the positions an embedding and Gemma 3's projector a bare parameter.
bool is_vision_linear(const TensorSpec& t) {
  return is_media_encoder(t.component) && t.kind != "v.patch_embd" && t.kind != "v.position_embd" &&
         t.kind != "mm.input_projection";
}

// One matrix (one expert of a stacked tensor) in each format.
int64_t matrix_bytes(const WeightFormat& f, int64_t k, int64_t n) {
  const int64_t elements = k * n;
  switch (f.scheme) {
    case WeightScheme::fp8_tensor:
      // One byte per E4M3 weight and one fp32 weight_scale per tensor (vLLM docs, "FP8 W8A8").
      return elements + 4;
    case WeightScheme::fp8_block:
      // weight_scale_inv: one fp32 per 128x128 block, partial blocks at the edges included
      // (deepseek-ai/DeepSeek-V3 README_WEIGHTS.md, commit 0b39205a).
      return elements + 4 * ceil_div(k, 128) * ceil_div(n, 128);
    case WeightScheme::int_weight_only:
      // W8A16 / W4A16 with per-channel scaling (TensorRT-LLM docs, "Numerical Precision"): one
      // scale per output channel. Its width is not in the docs; assumed 16-bit like the
      // activations (fp32 would add 16/K bits per weight: 0.004 at K = 4096).
      return ceil_div(elements * f.bits, 8) + 2 * n;
    case WeightScheme::w8a8:
      // SmoothQuant W8A8 (TensorRT-LLM "Numerical Precision", INT8 SmoothQuant): int8 weights
      // and one per-channel scale, assumed fp32 (its width is not documented; 16-bit would save
      // 16/K bits per weight); activation scales are per token, computed at run time.
      return elements + 4 * n;
    case WeightScheme::llm_int8:
      // LLM.int8(): int8 matrix CB and one fp32 row-wise absmax SCB per output row
      // (bitsandbytes functional.int8_vectorwise_quant). Outliers are not stored apart.
      return elements + 4 * n;
    case WeightScheme::bnb_4bit: {
      // quantize_4bit (bitsandbytes/functional.py): two 4-bit codes per byte, blocksize 64, one
      // fp32 absmax per block. Double quantization (QLoRA, arXiv 2305.14314, sec. 3) stores the
      // absmax as 8-bit codes with one fp32 scale per 256 of them, one fp32 offset, and a
      // 256-entry fp32 code table per tensor: 8/64 + 32/(64*256) = 0.127 bits per weight.
      const int64_t blocks = ceil_div(elements, 64);
      const int64_t codes = ceil_div(elements, 2);
      if (!f.double_quant) return codes + 4 * blocks;
      return codes + blocks + 4 * ceil_div(blocks, 256) + 4 + 4 * 256;
    }
    case WeightScheme::gptq: {
      // AutoGPTQ QuantLinear (auto_gptq/nn_modules/qlinear/qlinear_cuda.py, commit 058fd80a):
      // qweight int32 [K*b/32, N], qzeros int32 [groups, N*b/32], scales fp16 [groups, N], g_idx
      // int32 [K] (always stored). group_size -1 is one group spanning all K inputs.
      const int64_t groups = f.group_size > 0 ? ceil_div(k, f.group_size) : 1;
      const int64_t qweight = 4 * ceil_div(k * f.bits, 32) * n;
      const int64_t qzeros = 4 * groups * ceil_div(n * f.bits, 32);
      return qweight + qzeros + 2 * groups * n + 4 * k;
    }
    case WeightScheme::awq: {
      // AutoAWQ WQLinear_GEMM (awq/modules/linear/gemm.py, commit 030fe2a1): qweight int32
      // [K, N/8], qzeros int32 [K/g, N/8], scales fp16 [K/g, N]; no g_idx. 4-bit only.
      const int64_t groups = f.group_size > 0 ? ceil_div(k, f.group_size) : 1;
      return 4 * k * ceil_div(n, 8) + 4 * groups * ceil_div(n, 8) + 2 * groups * n;
    }
    case WeightScheme::mxfp4:
      // OCP Microscaling Formats v1.0: 32 E2M1 elements (16 bytes) share one E8M0 scale byte.
      return n * ceil_div(k, 32) * (16 + 1);
    case WeightScheme::nvfp4:
      // NVFP4 (NVIDIA, "Introducing NVFP4", 2025): 16 E2M1 elements (8 bytes) share one E4M3
      // scale byte, plus one fp32 scale per tensor.
      return n * ceil_div(k, 16) * (8 + 1) + 4;
    case WeightScheme::mxfp8:
      // OCP Microscaling Formats v1.0: 32 E4M3 elements share one E8M0 scale byte.
      return n * ceil_div(k, 32) * (32 + 1);
    case WeightScheme::mxfp6:
      // OCP Microscaling Formats v1.0: 32 six-bit elements (24 bytes) share one E8M0 scale byte.
      return n * ceil_div(k, 32) * (24 + 1);
    case WeightScheme::mlx_affine:
      // mlx.core.quantize (affine): codes packed in uint32 along each row, a scale and a bias per
      // group "same as input" (16-bit for a 16-bit checkpoint).
      return n * 4 * ceil_div(k * f.bits, 32) + n * ceil_div(k, f.group_size) * 2 * 2;
    case WeightScheme::hqq:
      // HQQ with axis=1 (mobiusml/hqq): packed codes and an fp16 scale and zero per group
      // (quant_scale/quant_zero off, the library's default since 0.2).
      return ceil_div(elements * f.bits, 8) + n * ceil_div(k, f.group_size) * 2 * 2;
    case WeightScheme::w4a8:
      // TensorRT-LLM W4A8 AWQ (ModelOpt): INT4 weights, an fp16 scale per 128 input channels and
      // output channel, an fp16 pre-quantization scale per input channel.
      return ceil_div(elements, 2) + 2 * n * ceil_div(k, 128) + 2 * k;
    case WeightScheme::exl:
      // EXL2/EXL3: the converter meets the target average bits per weight over the layers.
      return static_cast<int64_t>(double(elements) * f.average_bits / 8.0 + 0.5);
    case WeightScheme::dense:
    case WeightScheme::gguf:
      break;
  }
  return 2 * elements;
}

}  // namespace

bool quantizes_tensor(const TensorSpec& t, const WeightFormat& f) {
  if (f.scheme == WeightScheme::dense || f.scheme == WeightScheme::gguf) return false;
  // 1-D tensors, and Linear layers with one output (Qwen2-MoE's shared-expert gate), are left.
  if (t.vector || t.rows == 1) return false;
  if (f.scheme == WeightScheme::llm_int8 || f.scheme == WeightScheme::bnb_4bit) {
    return is_decoder_linear(t) || t.component == Component::router || is_vision_linear(t);
  }
  if (f.scheme == WeightScheme::mlx_affine) {
    return is_decoder_linear(t) || t.component == Component::router ||
           t.component == Component::embedding || t.component == Component::position_embedding ||
           t.component == Component::lm_head;
  }
  if (f.scheme == WeightScheme::hqq)
    return is_decoder_linear(t) || t.component == Component::router;
  return is_decoder_linear(t);
}

int64_t checkpoint_tensor_bytes(const TensorSpec& t, const WeightFormat& f) {
  if (f.scheme == WeightScheme::dense) return t.params() * f.dense_bytes;
  if (f.scheme == WeightScheme::exl && t.component == Component::lm_head && !t.vector) {
    return ceil_div(t.params() * f.head_bits, 8);  // the head at its own bits
  }
  if (!quantizes_tensor(t, f)) return t.params() * 2;
  return t.matrices * matrix_bytes(f, t.row_length, t.rows);
}

}  // namespace llm_sizer
