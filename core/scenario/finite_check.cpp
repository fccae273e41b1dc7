#include "scenario/finite_check.hpp"

#include <cmath>
#include <string>

#include "error.hpp"

namespace llm_sizer {
namespace {

// Fills `path` with the location of the first non-finite number below `value`, if any.
bool find_non_finite(const Json& value, std::string& path) {
  if (value.is_number_float()) return !std::isfinite(value.get<double>());
  if (value.is_object()) {
    for (const auto& [key, item] : value.items()) {
      if (find_non_finite(item, path)) {
        path = path.empty() ? key : key + (path.front() == '[' ? "" : ".") + path;
        return true;
      }
    }
  } else if (value.is_array()) {
    for (size_t i = 0; i < value.size(); ++i) {
      if (find_non_finite(value[i], path)) {
        path =
            "[" + std::to_string(i) + "]" + (path.empty() || path.front() == '[' ? "" : ".") + path;
        return true;
      }
    }
  }
  return false;
}

}  // namespace

void check_finite(const Json& result) {
  std::string path;
  if (find_non_finite(result, path)) {
    throw InputError("result." + path, {"error.result_not_finite"}, "");
  }
}

}  // namespace llm_sizer
