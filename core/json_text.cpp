#include "json_text.hpp"

#include <algorithm>

#include "error.hpp"

namespace llm_sizer {

Json parse_json_text(std::string_view text) {
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::parse_error& e) {
    // nlohmann reports the 1-based byte offset at which parsing stopped.
    const size_t offset = std::min(e.byte > 0 ? e.byte - 1 : 0, text.size());
    const auto before = text.substr(0, offset);
    const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
    const size_t line_start = before.rfind('\n');
    const size_t column = offset - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
    std::string reason = e.what();
    if (const auto colon = reason.rfind(": "); colon != std::string::npos) {
      reason = reason.substr(colon + 2);
    }
    throw InputError(
        "", {"error.json_syntax", {{"line", line}, {"column", column}, {"reason", reason}}}, "");
  }
}

}  // namespace llm_sizer
