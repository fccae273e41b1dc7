#include "inference/speculative_input.hpp"

#include <array>

#include "catalog/catalog.hpp"
#include "error.hpp"
#include "json_object.hpp"
#include "limits.hpp"
#include "model/hf_config.hpp"

namespace llm_sizer {
namespace {

constexpr std::array<std::string_view, 3> kMethodNames = {"draft_model", "mtp", "eagle"};

}  // namespace

std::string_view speculative_method_name(SpeculativeMethod method) {
  return kMethodNames[size_t(method)];
}

SpeculativeInput parse_speculative(const FieldReader& r, const ModelSpec& target,
                                   const Catalog& catalog) {
  r.reject_unknown({"method", "draft_model", "acceptance_rate", "draft_tokens"});
  SpeculativeInput in;
  const std::string method =
      r.choice_or("method", r.has("draft_model") ? "draft_model" : "eagle",
                  std::vector<std::string_view>(kMethodNames.begin(), kMethodNames.end()));
  in.method = SpeculativeMethod(std::find(kMethodNames.begin(), kMethodNames.end(), method) -
                                kMethodNames.begin());
  in.acceptance_rate = r.number_or("acceptance_rate", 0.7, limits::kAcceptanceRate);
  in.draft_tokens =
      r.int_or("draft_tokens", in.method == SpeculativeMethod::mtp ? 1 : 4, limits::kDraftTokens);
  if (in.method == SpeculativeMethod::draft_model) {
    const auto id = r.optional_string("draft_model");
    if (!id) throw InputError(r.field("draft_model"), {"error.draft_required"}, "");
    const ModelPreset* preset = catalog.find_model(*id);
    if (preset == nullptr) {
      throw InputError(r.field("draft_model"), {"error.model_preset"}, "\"" + *id + "\"");
    }
    in.draft_id = *id;
    in.draft = parse_hf_config(preset->config, r.field("draft_model")).spec;
    if (!in.draft->generates()) {
      throw InputError(
          r.field("draft_model"),
          {"error.serving_encoder", json_object({{"model_type", in.draft->model_type}})},
          "\"" + *id + "\"");
    }
  } else if (r.has("draft_model")) {
    throw InputError(r.field("draft_model"), {"error.draft_only_for_model"}, "\"" + method + "\"");
  }
  if (in.method == SpeculativeMethod::mtp && target.mtp_layers == 0) {
    throw InputError(r.field("method"), {"error.mtp_absent"}, "\"mtp\"");
  }
  return in;
}

Json speculative_input_to_json(const SpeculativeInput& in) {
  Json out = json_object({{"method", speculative_method_name(in.method)},
                          {"acceptance_rate", in.acceptance_rate},
                          {"draft_tokens", in.draft_tokens}});
  if (!in.draft_id.empty()) out["draft_model"] = in.draft_id;
  return out;
}

}  // namespace llm_sizer
