#pragma once

// The core's entry points under fuzzing. A fuzz target is built for each folder of corpus/, and
// runs the entry point of that name from kEntryPoints: adding one is a line in the table, a
// function, and a folder of seed inputs.

#include <string_view>

namespace llm_sizer::fuzz {

// What the mutator should treat the document as: a whole scenario, a config.json on its own, or
// text that is not JSON or is read as text or bytes (a pasted measurement, a safetensors header, a
// GGUF file's header: libFuzzer's byte mutators only).
enum class Document { scenario, config, text };

struct EntryPoint {
  std::string_view name;
  Document document;
  void (*run)(std::string_view text);
};

void run_estimate(std::string_view text);
void run_config(std::string_view text);
void run_plan(std::string_view text);
void run_fleet(std::string_view text);
void run_measurement(std::string_view text);
void run_checkpoint(std::string_view text);
void run_gguf(std::string_view bytes);

inline constexpr EntryPoint kEntryPoints[] = {
    {"estimate", Document::scenario, run_estimate},
    {"config", Document::config, run_config},
    {"plan", Document::scenario, run_plan},
    {"fleet", Document::scenario, run_fleet},
    {"measurement", Document::text, run_measurement},
    {"checkpoint", Document::text, run_checkpoint},
    {"gguf", Document::text, run_gguf},
};

const EntryPoint& entry_point(std::string_view name);

}  // namespace llm_sizer::fuzz
