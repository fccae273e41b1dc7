#include "validation/embedded_measurements.hpp"

#include "json_text.hpp"

namespace llm_sizer {

Json embedded_measurements() {
  Json files = Json::object();
  for (const auto& file : embedded_measurement_files()) {
    files[std::string(file.path)] = parse_json_text(file.text);
  }
  return files;
}

}  // namespace llm_sizer
