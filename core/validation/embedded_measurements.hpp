#pragma once

#include <span>

#include "catalog/embedded_data.hpp"
#include "field_reader.hpp"

namespace llm_sizer {

// data/measurements/ as compiled into the CLI and the tests (not into the page's WASM, which
// fetches the rows on the validation page only). Paths are file names ("inference-speed.json").
std::span<const EmbeddedFile> embedded_measurement_files();

// The files as validate_measurements() takes them: {"<file name>": [rows], ...}.
Json embedded_measurements();

}  // namespace llm_sizer
