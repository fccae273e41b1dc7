#include "entry_points.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "answer_text.hpp"
#include "catalog/catalog.hpp"
#include "checkpoint_read.hpp"
#include "error.hpp"
#include "estimate.hpp"
#include "fleet.hpp"
#include "json_text.hpp"
#include "measurement_paste.hpp"
#include "model/hf_config.hpp"
#include "model/param_count.hpp"
#include "plan.hpp"
#include "quantization/weight_format.hpp"

namespace llm_sizer::fuzz {
namespace {

const Catalog& catalog() {
  static const Catalog loaded = load_builtin_catalog();
  return loaded;
}

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "FUZZ FINDING: %s\n", what.c_str());
  std::abort();
}

// Bad input must be refused with one line of valid UTF-8, never by the finite-result check: that
// is the last line of defence, and the bounds should have refused the input before.
void check_refusal(const InputError& e) {
  const std::string message = e.what();
  if (message.find('\n') != std::string::npos) finding("an error message spans lines: " + message);
  // The finite-result check names the result's path; an input key may also start "result.".
  if (e.field().rfind("result.", 0) == 0 && e.allowed().rfind("is not a finite number", 0) == 0) {
    finding("a non-finite result: " + message);
  }
  error_json(message, e.field(), e.rule(), e.got()).dump();  // throws on invalid UTF-8
}

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Sizes, times, rates, counts and money are never negative (D5, D6 gave negative memory).
bool must_be_non_negative(std::string_view key) {
  for (const auto suffix : {"_bytes", "_s", "_flops", "_per_s", "_usd", "_kwh", "_days", "params",
                            "_hours", "tokens", "batch", "devices", "gpus", "steps"}) {
    if (ends_with(key, suffix)) return true;
  }
  return key.rfind("params_", 0) == 0;
}

void check_signs(const Json& value, std::string_view key, const std::string& path) {
  if (value.is_number()) {
    if (must_be_non_negative(key) && value.get<double>() < 0) {
      finding("a negative " + path + ": " + value.dump());
    }
  } else if (value.is_object()) {
    for (const auto& [name, item] : value.items()) check_signs(item, name, path + "." + name);
  } else if (value.is_array()) {
    for (const auto& item : value) check_signs(item, key, path + "[]");
  }
}

// Runs an answer of the core (a finite-checked result JSON) and checks its signs, or the refusal.
template <typename Answer>
void run_answer(std::string_view text, Answer answer) {
  try {
    const Json result = answer(parse_json_text(text), catalog());
    // scenario echoes the input, where negative numbers are the user's business.
    for (const auto& [name, section] : result.items()) {
      if (name != "scenario") check_signs(section, name, name);
    }
  } catch (const InputError& e) {
    check_refusal(e);
  }
}

}  // namespace

void run_estimate(std::string_view text) {
  run_answer(text, estimate_json);
}

void run_plan(std::string_view text) {
  run_answer(text, plan_json);
}

// The fleet search: every layout's scenario, the queueing formulas and simulations within its
// budget (limits::kFleetSimulatedTokens bounds the time).
void run_fleet(std::string_view text) {
  run_answer(text, [](const Json& input, const Catalog& c) { return fleet_json(input, c); });
}

// A pasted measurement is read into inference.measured fields, which a scenario then accepts.
void run_measurement(std::string_view text) {
  try {
    const Json read = read_measurement_paste(text);
    const Json scenario = {
        {"model", "llama-3-8b"},
        {"hardware", {{"accelerator", "rtx-4090"}}},
        {"inference",
         {{"runtime", "llama.cpp"}, {"weights", "q4_k_m"}, {"measured", read["measured"]}}}};
    run_answer(scenario.dump(), estimate_json);
  } catch (const InputError& e) {
    check_refusal(e);
  }
}

// A safetensors header as a file of a Llama checkpoint: the header is the text a Hub download
// hands the reader, so the bytes are mutated as they are.
void run_checkpoint(std::string_view text) {
  try {
    const Json input = {
        {"config",
         {{"model_type", "llama"},
          {"hidden_size", 64},
          {"intermediate_size", 128},
          {"num_attention_heads", 4},
          {"num_hidden_layers", 2},
          {"vocab_size", 256}}},
        {"files", Json::array({{{"name", "model.safetensors"}, {"header", std::string(text)}}})}};
    read_checkpoint(input).dump();  // throws on invalid UTF-8
  } catch (const InputError& e) {
    check_refusal(e);
  }
}

// The first bytes of a GGUF file, as the CLI and the page hand them to the reader.
void run_gguf(std::string_view bytes) {
  try {
    read_gguf_file(bytes, "model.gguf").dump();  // throws on invalid UTF-8
  } catch (const InputError& e) {
    check_refusal(e);
  }
}

const EntryPoint& entry_point(std::string_view name) {
  for (const auto& entry : kEntryPoints) {
    if (entry.name == name) return entry;
  }
  finding("no fuzz entry point " + std::string(name));
}

void run_config(std::string_view text) {
  try {
    const ParsedModel parsed = parse_hf_config(parse_json_text(text), "model");
    const auto tensors = list_tensors(parsed.spec);
    const ParamBreakdown params = count_parameters(parsed.spec, tensors);
    if (params.total <= 0 || params.active <= 0 || params.active > params.total) {
      finding("parameter counts total " + std::to_string(params.total) + ", active " +
              std::to_string(params.active));
    }
    const WeightsSizer sizer(parsed.spec, tensors);
    for (const char* id : {"q4_k_m", "iq2_xs", "nf4", "gptq-4bit-g128", "fp8-block128"}) {
      const WeightsSize size = sizer(parse_weight_format(id, "inference.weights"));
      if (!std::isfinite(size.bytes) || size.bytes <= 0) finding(std::string(id) + " size");
    }
  } catch (const InputError& e) {
    check_refusal(e);
  }
}

}  // namespace llm_sizer::fuzz
