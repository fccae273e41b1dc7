#include "scenario/result_json.hpp"

#include <algorithm>
#include <set>

#include "explain/references.hpp"
#include "launch/launch_command.hpp"
#include "model/families.hpp"
#include "post_training/rl_json.hpp"
#include "scenario/result.hpp"
#include "scenario/scenario.hpp"
#include "serving/serving_json.hpp"
#include "training/training_json.hpp"

namespace llm_sizer {
namespace {

const char* attention_kind_name(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::full:
      return "full";
    case AttentionKind::sliding:
      return "sliding";
    case AttentionKind::linear:
      return "linear";
    case AttentionKind::state_space:
      return "state_space";
    case AttentionKind::cross_only:
      return "cross_only";
    case AttentionKind::none:
      return "none";
  }
  return "full";
}

const char* vision_kind_name(VisionKind kind) {
  switch (kind) {
    case VisionKind::clip_llava:
      return "clip";
    case VisionKind::qwen2_vl:
      return "qwen2_vl";
    case VisionKind::qwen2_5_vl:
      return "qwen2_5_vl";
    case VisionKind::mllama:
      return "mllama";
    case VisionKind::qwen3_vl:
      return "qwen3_vl";
    case VisionKind::moonvit:
      return "moonvit";
    case VisionKind::mobilenet_v5:
      return "mobilenet_v5";
    case VisionKind::siglip_gemma3:
      break;
  }
  return "siglip";
}

// The parts of the architecture beyond a decoder's attention and MLP.
void add_architecture_extras(const ModelSpec& m, Json& a) {
  if (m.stacks == Stacks::encoder_decoder) {
    const auto encoder = std::count_if(m.layers.begin(), m.layers.end(),
                                       [](const LayerSpec& l) { return l.encoder; });
    a["encoder_layers"] = encoder;
    a["decoder_layers"] = int64_t(m.layers.size()) - encoder;
  }
  if (a["attention_layers"]["state_space"].get<int64_t>() > 0) {
    const SsmSpec& s = m.ssm;
    a["ssm"] = json_object({{"version", s.version},
                            {"inner_size", s.inner_size},
                            {"state_size", s.state_size},
                            {"conv_kernel", s.conv_kernel},
                            {"dt_rank", s.dt_rank},
                            {"num_heads", s.num_heads},
                            {"n_groups", s.n_groups}});
  }
  if (m.vision) {
    const VisionSpec& v = *m.vision;
    a["vision"] = json_object({{"kind", vision_kind_name(v.kind)},
                               {"hidden_size", v.hidden_size},
                               {"num_hidden_layers", v.num_layers + v.global_layers},
                               {"intermediate_size", v.intermediate_size},
                               {"patch_size", v.patch_size}});
  }
  if (m.audio) {
    a["audio"] = json_object({{"kind", "conformer"},
                              {"hidden_size", m.audio->hidden_size},
                              {"num_hidden_layers", m.audio->num_layers}});
  }
  if (m.gemma3n) {
    const int64_t shared = std::count_if(m.layers.begin(), m.layers.end(),
                                         [](const LayerSpec& l) { return l.kv_shared; });
    a["per_layer_input_width"] = m.gemma3n->per_layer_width;
    a["altup_inputs"] = m.gemma3n->altup_inputs;
    a["laurel_rank"] = m.gemma3n->laurel_rank;
    a["kv_shared_layers"] = shared;
  }
}

Json architecture_json(const ModelSpec& m) {
  Json a = json_object({{"model_type", m.model_type},
                        {"shape", m.shape},
                        {"stacks", stacks_name(m.stacks)},
                        {"hidden_size", m.hidden_size},
                        {"num_hidden_layers", m.num_layers},
                        {"num_attention_heads", m.num_heads},
                        {"num_key_value_heads", m.num_kv_heads},
                        {"head_dim", m.head_dim},
                        {"intermediate_size", m.intermediate_size},
                        {"vocab_size", m.vocab_size},
                        {"tie_word_embeddings", m.tie_word_embeddings},
                        {"max_position_embeddings", m.max_position_embeddings},
                        {"sliding_window", m.sliding_window},
                        {"gated_mlp", m.gated_mlp}});
  Json layer_kinds = {
      {"full", 0}, {"sliding", 0}, {"linear", 0}, {"state_space", 0}, {"cross_only", 0}};
  // "none" (a block without a token mixer) is listed only by the models that have one.
  for (const auto& layer : m.layers) {
    auto& slot = layer_kinds[attention_kind_name(layer.attention)];
    slot = (slot.is_null() ? 0 : slot.get<int64_t>()) + 1;
  }
  a["attention_layers"] = layer_kinds;
  if (m.is_moe()) {
    const auto moe_layers = std::count_if(m.layers.begin(), m.layers.end(),
                                          [](const LayerSpec& l) { return l.ffn == FfnKind::moe; });
    a["moe"] = json_object({{"num_experts", m.moe.num_experts},
                            {"num_experts_per_tok", m.moe.experts_per_token},
                            {"moe_intermediate_size", m.moe.expert_intermediate_size},
                            {"num_shared_experts", m.moe.num_shared_experts},
                            {"shared_intermediate_size", m.moe.shared_intermediate_size},
                            {"moe_layers", moe_layers}});
  }
  if (m.mla) {
    a["mla"] = json_object({{"q_lora_rank", m.mla->q_lora_rank},
                            {"kv_lora_rank", m.mla->kv_lora_rank},
                            {"qk_rope_head_dim", m.mla->qk_rope_head_dim},
                            {"qk_nope_head_dim", m.mla->qk_nope_head_dim},
                            {"v_head_dim", m.mla->v_head_dim}});
  }
  if (m.indexer) {
    a["sparse_indexer"] = json_object({{"index_n_heads", m.indexer->num_heads},
                                       {"index_head_dim", m.indexer->head_dim},
                                       {"index_topk", m.indexer->top_k}});
  }
  if (m.mtp_layers > 0) a["num_nextn_predict_layers"] = m.mtp_layers;
  add_architecture_extras(m, a);
  return a;
}

Json model_json(const Scenario& scenario, const ModelResult& model) {
  const ParamBreakdown& p = model.params;
  Json out = json_object({{"params_total", p.total},
                          {"params_active", p.active},
                          {"params_embedding", p.embedding_params()},
                          {"params_mtp", p.mtp},
                          {"params_vision", p.vision},
                          {"params_audio", p.audio},
                          {"breakdown", json_object({{"embedding", p.embedding},
                                                     {"position_embedding", p.position_embedding},
                                                     {"attention", p.attention},
                                                     {"mlp", p.mlp},
                                                     {"experts", p.experts},
                                                     {"shared_experts", p.shared_experts},
                                                     {"router", p.router},
                                                     {"norms", p.norms},
                                                     {"lm_head", p.lm_head},
                                                     {"vision", p.vision},
                                                     {"audio", p.audio}})},
                          {"architecture", architecture_json(scenario.model.parsed.spec)}});
  if (const ModelPreset* preset = scenario.model.preset) {
    out["preset"] = json_object({{"id", preset->id},
                                 {"name", preset->name},
                                 {"hf_id", preset->hf_id},
                                 {"official_params", preset->official_params},
                                 {"official_params_precision", preset->official_params_precision},
                                 {"context_length", preset->context_length},
                                 {"recognised", scenario.model.recognised}});
    if (!preset->source.empty()) out["preset"]["source"] = preset->source;
    if (preset->official_params_active) {
      out["preset"]["official_params_active"] = *preset->official_params_active;
      out["preset"]["official_params_active_excludes_embedding"] =
          preset->official_active_excludes_embedding;
    }
  }
  return out;
}

}  // namespace

namespace {

Json peaks_json(const std::array<std::optional<double>, kPrecisionNames.size()>& peaks) {
  Json out = Json::object();
  for (size_t i = 0; i < kPrecisionNames.size(); ++i) {
    if (peaks[i]) out[std::string(kPrecisionNames[i])] = *peaks[i];
  }
  return out;
}

Json host_to_json(const HostSpec& h, const HostLink& link) {
  Json out = {
      {"id", h.id},
      {"name", h.name},
      {"vendor", h.vendor},
      {"category", h.category},
      {"cores", h.cores},
      {"sockets", h.sockets},
      {"memory_type", h.memory_type},
      {"memory_mt_per_s", h.memory_mt_per_s},
      {"memory_bus_width_bits", h.memory_bus_width_bits},
      {"memory_bytes", h.memory_bytes},
      {"memory_bandwidth_bytes_per_s", h.memory_bandwidth_bytes_per_s},
      {"dense_flops_per_s", peaks_json(h.dense_flops_per_s)},
      {"host_link",
       json_object({{"id", link.id}, {"name", link.name}, {"bytes_per_s", link.bytes_per_s}})}};
  if (!h.source.empty()) out["source"] = h.source;
  if (h.modified) out["modified"] = true;
  return out;
}

}  // namespace

Json accelerator_to_json(const AcceleratorSpec& a) {
  const Json peaks = peaks_json(a.dense_flops_per_s);
  Json out = json_object({{"id", a.id},
                          {"name", a.name},
                          {"vendor", a.vendor},
                          {"category", a.category},
                          {"memory_bytes", a.memory_bytes},
                          {"memory_bandwidth_bytes_per_s", a.memory_bandwidth_bytes_per_s},
                          {"dense_flops_per_s", peaks},
                          {"interconnect_bytes_per_s", a.interconnect_bytes_per_s},
                          {"unified_memory", a.unified_memory}});
  if (a.tdp_w) out["tdp_w"] = *a.tdp_w;
  if (a.gpu_working_set_fraction) out["gpu_working_set_fraction"] = *a.gpu_working_set_fraction;
  if (!a.source.empty()) out["source"] = a.source;
  if (a.modified) out["modified"] = true;
  return out;
}

Json explanations_json(const Explanations& explanations, Json& references) {
  Json out = Json::object();
  for (const auto& [path, e] : explanations) {
    Json terms = Json::array();
    for (const auto& term : e.terms) {
      Json item = json_object({{"name", term.name},
                               {"value", term.value},
                               {"unit", english(term.unit, term.unit_params)}});
      put_message_codes(item, "unit", {term.unit, term.unit_params});
      terms.push_back(std::move(item));
    }
    out[path] = json_object({{"formula", e.formula}, {"terms", terms}, {"ref", e.ref}});
    if (!e.source.empty()) out[path]["source"] = e.source;
    if (const Reference* reference = find_reference(e.ref)) {
      references[std::string(reference->id)] =
          json_object({{"citation", reference->citation}, {"url", reference->url}});
    }
  }
  return out;
}

Json warnings_json(const Warnings& list) {
  Json warnings = Json::array();
  for (const auto& w : list) {
    Json warning = json_object({{"field", w.field}, {"message", english(w.message)}});
    put_message_codes(warning, "", w.message);
    warnings.push_back(std::move(warning));
  }
  return warnings;
}

Json model_result_to_json(const Scenario& scenario, const Result& result) {
  const Json warnings = warnings_json(result.warnings);
  Json references = Json::object();
  Json explain = explanations_json(result.explanations, references);
  Json out = json_object(
      {{"result_version", kResultVersion},
       {"scenario", scenario.normalized},
       {"model", model_json(scenario, result.model)},
       {"hardware",
        json_object({{"accelerator", accelerator_to_json(scenario.hardware.accelerator)},
                     {"count", scenario.hardware.count},
                     {"cluster", cluster_to_json(scenario.hardware.cluster)}})},
       {"warnings", warnings},
       {"explain", explain},
       {"references", references}});
  if (scenario.hardware.host) {
    out["hardware"]["host"] = host_to_json(*scenario.hardware.host, *scenario.hardware.host_link);
  }
  return out;
}

Json result_to_json(const Scenario& scenario, const Result& result) {
  Json out = model_result_to_json(scenario, result);
  if (result.training)
    out["training"] = training_result_to_json(*scenario.training, *result.training);
  if (result.rl) out["training"]["rl"] = rl_step_to_json(*result.rl);
  if (result.inference) {
    out["inference"] = inference_to_json(*scenario.inference, *result.inference);
    if (!result.launch.empty())
      out["inference"]["command"] = launch_commands_to_json(result.launch);
  }
  if (result.quantization) out["quantization"] = tradeoff_to_json(*result.quantization);
  if (result.serving) out["serving"] = serving_to_json(*result.serving);
  return out;
}

}  // namespace llm_sizer
