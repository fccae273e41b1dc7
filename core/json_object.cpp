#include "json_object.hpp"

#include <string>

namespace llm_sizer {

nlohmann::json json_object(
    std::initializer_list<std::pair<std::string_view, nlohmann::json>> fields) {
  nlohmann::json object = nlohmann::json::object();
  for (const auto& [key, value] : fields) object[std::string(key)] = value;
  return object;
}

}  // namespace llm_sizer
