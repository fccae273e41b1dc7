#include "launch/shell_words.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace llm_sizer {
namespace {

// Characters that mean nothing to a POSIX shell anywhere in a word (no expansion, globbing,
// redirection, separation or quoting); '~' and '=' are left out: they expand or assign at the
// start of a word.
bool plain(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.' || c == '/' || c == ':' || c == ',' || c == '+' || c == '@' ||
         c == '%';
}

}  // namespace

std::string shell_quote(std::string_view word) {
  if (!word.empty() && std::all_of(word.begin(), word.end(), plain)) return std::string(word);
  std::string out = "'";
  for (const char c : word) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string command_line(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& word : words) {
    if (!out.empty()) out += ' ';
    // A word of the form name=value (an option's value such as exps=CPU) is plain unless its name
    // would make it an assignment, which only a command's first word can be.
    const bool assignment_like =
        !out.empty() && word.find('=') != std::string::npos &&
        std::all_of(word.begin(), word.end(), [](char c) { return c == '=' || plain(c); });
    out += assignment_like ? word : shell_quote(word);
  }
  return out;
}

std::string number_text(double value) {
  char buffer[32];
  if (std::fabs(value) < 1e15 && value == std::floor(value)) {
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(value));
  } else {
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
  }
  return buffer;
}

}  // namespace llm_sizer
