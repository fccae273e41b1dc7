#pragma once

#include <span>
#include <string_view>

namespace llm_sizer {

// One catalog file from data/, compiled into the core at build time.
struct EmbeddedFile {
  std::string_view path;  // relative to data/, e.g. "models/llama.json"
  std::string_view text;
};

std::span<const EmbeddedFile> embedded_data_files();

}  // namespace llm_sizer
