#pragma once

// What the embind modules share: the catalog compiled into the build, parsed once, and the rule
// that errors become {"error": {...}} values (answer_text.hpp; JS Errors in core_api.mjs), so no
// C++ exception or JS exception crosses the boundary.
#include <string>

#include "answer_text.hpp"
#include "catalog/catalog.hpp"

namespace llm_sizer::wasm {

inline const Catalog& catalog() {
  static const Catalog loaded = load_builtin_catalog();
  return loaded;
}

}  // namespace llm_sizer::wasm
