#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string_view>
#include <utility>

namespace llm_sizer {

// A JSON object from its fields: json_object({{"key", value}, ...}). nlohmann's own
// {{"key", value}, ...} first builds each field as a two-element array and compiles to several
// times the code (about 80 bytes gzip a field in the WASM), which every page visit downloads.
nlohmann::json json_object(
    std::initializer_list<std::pair<std::string_view, nlohmann::json>> fields);

}  // namespace llm_sizer
