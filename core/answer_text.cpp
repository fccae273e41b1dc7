#include "answer_text.hpp"

namespace llm_sizer {

Json error_json(const std::string& message, const std::string& field, const Message& rule,
                const std::string& got) {
  Json error = json_object(
      {{"message", message}, {"field", field}, {"allowed", english(rule)}, {"got", got}});
  put_message_codes(error, "", rule);
  return json_object({{"error", error}});
}

}  // namespace llm_sizer
