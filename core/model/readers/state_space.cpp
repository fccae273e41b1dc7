#include "error.hpp"
#include "limits.hpp"
#include "model/readers/readers.hpp"

namespace llm_sizer {
namespace {

// MambaConfig / JambaConfig: time_step_rank "auto" means ceil(hidden_size / 16).
int64_t read_dt_rank(const FieldReader& r, std::string_view key, int64_t hidden) {
  if (const Json* value = r.find(key); value != nullptr && value->is_string()) {
    if (value->get<std::string>() != "auto") {
      throw InputError(r.field(key), {"error.positive_integer_or_auto"}, describe_value(*value));
    }
    return (hidden + 15) / 16;
  }
  return r.optional_int(key, limits::kWidth).value_or((hidden + 15) / 16);
}

// Mamba-2 mixers sized by their heads: d_inner = heads x head width, a gated RMSNorm before
// out_proj. NemotronHConfig: mamba_num_heads, mamba_head_dim, ssm_state_size, n_groups,
// conv_kernel, use_conv_bias, use_bias; GraniteMoeHybridConfig: mamba_n_heads, mamba_d_head,
// mamba_d_state, mamba_n_groups, mamba_d_conv, mamba_conv_bias, mamba_proj_bias.
void read_mamba2_heads(const FieldReader& r, bool nemotron, SsmSpec& s) {
  s.version = 2;
  s.num_heads = r.required_int(nemotron ? "mamba_num_heads" : "mamba_n_heads", limits::kHeads);
  s.inner_size =
      s.num_heads * r.required_int(nemotron ? "mamba_head_dim" : "mamba_d_head", limits::kHeadDim);
  s.state_size = r.required_int(nemotron ? "ssm_state_size" : "mamba_d_state", limits::kStateSize);
  s.n_groups = r.int_or(nemotron ? "n_groups" : "mamba_n_groups", 1, 1, s.num_heads);
  s.conv_kernel = r.int_or(nemotron ? "conv_kernel" : "mamba_d_conv", 4, limits::kConvKernel);
  s.conv_bias = r.bool_or(nemotron ? "use_conv_bias" : "mamba_conv_bias", true);
  s.proj_bias = r.bool_or(nemotron ? "use_bias" : "mamba_proj_bias", false);
  s.inner_norm = true;
}

}  // namespace

void read_state_space(const FieldReader& r, const FamilyTraits& family, ModelSpec& m) {
  SsmSpec& s = m.ssm;
  const int64_t h = m.hidden_size;
  if (family.shape == "jamba") {
    // JambaConfig's mamba_* fields; Jamba normalises dt, B and C (JambaMambaMixer).
    s.inner_size = r.int_or("mamba_expand", 2, limits::kWidthRatio) * h;
    s.state_size = r.int_or("mamba_d_state", 16, limits::kStateSize);
    s.conv_kernel = r.int_or("mamba_d_conv", 4, limits::kConvKernel);
    s.dt_rank = read_dt_rank(r, "mamba_dt_rank", h);
    s.conv_bias = r.bool_or("mamba_conv_bias", true);
    s.proj_bias = r.bool_or("mamba_proj_bias", false);
    s.dt_norms = true;
    return;
  }
  if (family.shape == "nemotron_h" || family.shape == "granite_hybrid") {
    read_mamba2_heads(r, family.shape == "nemotron_h", s);
    return;
  }
  s.state_size = r.required_int("state_size", limits::kStateSize);
  s.conv_kernel = r.required_int("conv_kernel", limits::kConvKernel);
  s.conv_bias = r.bool_or("use_conv_bias", true);
  s.proj_bias = r.bool_or("use_bias", false);
  if (family.shape == "mamba2") {
    // Mamba2Config: d_inner = expand * hidden_size, split into num_heads heads of head_dim.
    s.version = 2;
    s.inner_size = r.int_or("expand", 2, limits::kWidthRatio) * h;
    s.num_heads = r.required_int("num_heads", limits::kHeads);
    const int64_t head_dim = r.required_int("head_dim", limits::kHeadDim);
    if (s.num_heads * head_dim != s.inner_size) {
      throw InputError(r.field("num_heads"),
                       Message{"error.ssm_heads_times_head_dim",
                               json_object({{"head_dim", head_dim}, {"inner_size", s.inner_size}})},
                       std::to_string(s.num_heads));
    }
    s.n_groups = r.int_or("n_groups", 1, 1, s.num_heads);
    s.inner_norm = true;
    return;
  }
  // MambaConfig (and FalconMambaConfig, whose B/C/dt RMSNorms have no weights).
  s.inner_size = r.optional_int("intermediate_size", limits::kWidth)
                     .value_or(r.int_or("expand", 2, limits::kWidthRatio) * h);
  s.dt_rank = read_dt_rank(r, "time_step_rank", h);
}

}  // namespace llm_sizer
