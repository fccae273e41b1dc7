#include "message.hpp"

#include <cmath>
#include <cstdio>

namespace llm_sizer {
namespace {

std::string param_text(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return value.dump();
  if (value.is_number()) {
    const double number = value.get<double>();
    if (std::floor(number) == number && std::fabs(number) < 9.0e15) {
      return std::to_string(static_cast<int64_t>(number));
    }
    char text[32];
    std::snprintf(text, sizeof text, "%g", number);
    return text;
  }
  if (value.is_array()) {
    std::string joined;
    for (const auto& item : value) {
      if (!joined.empty()) joined += ", ";
      joined += param_text(item);
    }
    return joined;
  }
  return value.dump();
}

}  // namespace

std::string english(MessageCode code, const nlohmann::json& params) {
  const std::string_view text = code.english();
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t open = text.find('{', i);
    const size_t close = open == std::string_view::npos ? open : text.find('}', open);
    if (close == std::string_view::npos) break;
    out.append(text.substr(i, open - i));
    const std::string name(text.substr(open + 1, close - open - 1));
    const auto value = params.find(name);
    out += value != params.end() ? param_text(*value) : "{" + name + "}";
    i = close + 1;
  }
  out.append(text.substr(std::min(i, text.size())));
  return out;
}

Message plain_text(std::string english_text) {
  return {"text.plain", json_object({{"text", std::move(english_text)}})};
}

std::string english(const Message& message) {
  return english(message.code, message.params);
}

void put_message_codes(nlohmann::json& out, std::string_view key, const Message& message) {
  if (message.code.empty()) return;
  const std::string prefix = key.empty() ? "" : std::string(key) + "_";
  out[prefix + "code"] = message.code.code();
  if (!message.params.empty()) out[prefix + "params"] = message.params;
}

nlohmann::json message_table_json() {
  nlohmann::json table = nlohmann::json::object();
  for (const auto& entry : kMessageTable) {
    if (!entry.code.empty()) table[std::string(entry.code)] = entry.english;
  }
  return table;
}

}  // namespace llm_sizer
