#pragma once

#include "catalog/catalog.hpp"

namespace llm_sizer {

// What `llm-sizer presets` prints and the WASM presets() returns: the catalog as shipped, the
// model_types the parameter counter knows, the config.json fields it reads, and the values every
// enumerated scenario field accepts, so no front end re-declares them.
Json presets_json(const Catalog& catalog);

// The part of it the page's first view reads (its pickers and config editor): the catalog, the
// model types and the config.json fields. Without the rest (the sections' choices, each model
// type's fields), whose code the first view's module then leaves out.
Json catalog_presets_json(const Catalog& catalog);

}  // namespace llm_sizer
