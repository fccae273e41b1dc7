#pragma once

// What the embind modules share: the catalog compiled into the build, parsed once, and the rule
// that errors become {"error": {...}} values here (JS Errors in core_api.mjs), so no C++ exception
// or JS exception crosses the boundary.
#include <string>

#include "catalog/catalog.hpp"
#include "error.hpp"

namespace llm_sizer::wasm {

inline const Catalog& catalog() {
  static const Catalog loaded = load_builtin_catalog();
  return loaded;
}

inline std::string error_json(const std::string& message, const std::string& field,
                              const std::string& allowed, const std::string& got) {
  return Json{
      {"error", {{"message", message}, {"field", field}, {"allowed", allowed}, {"got", got}}}}
      .dump();
}

template <typename Compute>
std::string guarded(Compute compute) {
  try {
    return compute();
  } catch (const InputError& e) {
    return error_json(e.what(), e.field(), e.allowed(), e.got());
  } catch (const std::exception& e) {
    return error_json(std::string("internal error: ") + e.what(), "", "", "");
  }
}

}  // namespace llm_sizer::wasm
