#include "answer_text.hpp"

namespace llm_sizer {

Json error_json(const std::string& message, const std::string& field, const Message& rule,
                const std::string& got) {
  Json error = {{"message", message}, {"field", field}, {"allowed", english(rule)}, {"got", got}};
  put_message_codes(error, "", rule);
  return {{"error", error}};
}

}  // namespace llm_sizer
