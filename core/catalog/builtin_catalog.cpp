// Compiled with each embedded data set (core/CMakeLists.txt, embed_catalog), so the data and the
// function that reads it always come together.
#include "catalog/catalog.hpp"

namespace llm_sizer {

Catalog load_builtin_catalog() {
#ifdef LLM_SIZER_CATALOG_WITHOUT_SOURCES
  return load_catalog(embedded_data_files(), Sources::left_out);
#else
  return load_catalog(embedded_data_files());
#endif
}

}  // namespace llm_sizer
