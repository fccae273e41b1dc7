#pragma once

#include "catalog/catalog.hpp"

namespace llm_sizer {

// What `llm-sizer presets` prints and the WASM presets() returns: the catalog as shipped, the
// model_types the parameter counter knows, the config.json fields it reads, and the values every
// enumerated scenario field accepts, so no front end re-declares them.
Json presets_json(const Catalog& catalog);

}  // namespace llm_sizer
