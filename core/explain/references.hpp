#pragma once

#include <string_view>

namespace llm_sizer {

// A citable source of a formula or a default: a paper (with the equation or table) or a document.
struct Reference {
  std::string_view id;
  std::string_view citation;
  std::string_view url;
};

// nullptr for an unknown id; tests check that every id the core emits is known.
const Reference* find_reference(std::string_view id);

}  // namespace llm_sizer
