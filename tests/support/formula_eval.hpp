#pragma once

// Evaluates an explanation's formula ("{L} * ({h} + 2 * {n_kv})") with its terms, so tests can
// check that every explanation the core emits adds up to the number it explains.
#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>
#include <string>

namespace llm_sizer::test {

class FormulaEvaluator {
 public:
  FormulaEvaluator(std::string formula, std::map<std::string, double> terms)
      : text_(std::move(formula)), terms_(std::move(terms)) {}

  double evaluate() {
    const double value = sum();
    skip_spaces();
    if (pos_ != text_.size()) fail("trailing text");
    return value;
  }

 private:
  double sum() {
    double value = product();
    for (;;) {
      skip_spaces();
      if (accept('+')) {
        value += product();
      } else if (accept('-')) {
        value -= product();
      } else {
        return value;
      }
    }
  }

  double product() {
    double value = factor();
    for (;;) {
      skip_spaces();
      if (accept('*')) {
        value *= factor();
      } else if (accept('/')) {
        value /= factor();
      } else {
        return value;
      }
    }
  }

  double factor() {
    skip_spaces();
    if (accept('(')) {
      const double value = sum();
      skip_spaces();
      if (!accept(')')) fail("missing )");
      return value;
    }
    if (accept('-')) return -factor();
    // max(a, b) and min(a, b), as the roofline formulas use them.
    for (const char* name : {"max", "min"}) {
      const size_t length = std::char_traits<char>::length(name);
      if (text_.compare(pos_, length, name) == 0) {
        pos_ += length;
        skip_spaces();
        if (!accept('(')) fail("missing ( after a function name");
        const double a = sum();
        skip_spaces();
        if (!accept(',')) fail("missing , in a function call");
        const double b = sum();
        skip_spaces();
        if (!accept(')')) fail("missing ) after a function call");
        return name[1] == 'a' ? std::max(a, b) : std::min(a, b);
      }
    }
    if (accept('{')) {
      const size_t end = text_.find('}', pos_);
      if (end == std::string::npos) fail("missing }");
      const std::string name = text_.substr(pos_, end - pos_);
      pos_ = end + 1;
      const auto it = terms_.find(name);
      if (it == terms_.end()) fail("no term named " + name);
      return it->second;
    }
    size_t used = 0;
    const double value = std::stod(text_.substr(pos_), &used);
    pos_ += used;
    return value;
  }

  bool accept(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void skip_spaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  [[noreturn]] void fail(const std::string& why) {
    throw std::runtime_error("formula \"" + text_ + "\": " + why);
  }

  std::string text_;
  std::map<std::string, double> terms_;
  size_t pos_ = 0;
};

}  // namespace llm_sizer::test
