#include "answer_text.hpp"

namespace llm_sizer {

Json error_json(const std::string& message, const std::string& field, const std::string& allowed,
                const std::string& got) {
  return {{"error", {{"message", message}, {"field", field}, {"allowed", allowed}, {"got", got}}}};
}

}  // namespace llm_sizer
