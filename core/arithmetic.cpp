#include "arithmetic.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "error.hpp"

namespace llm_sizer {
namespace {

bool is_name_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool is_path_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '[' ||
         c == ']';
}

// Recursive descent over the text, evaluating as it goes.
class Parser {
 public:
  Parser(std::string_view text, const std::function<double(const std::string&)>& value_of,
         const std::string& field)
      : text_(text), value_of_(value_of), field_(field) {}

  double parse() {
    const double value = sum();
    skip_spaces();
    if (pos_ != text_.size()) fail("an operator (+ - * /) or the end");
    return value;
  }

 private:
  double sum() {
    double value = product();
    for (;;) {
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
      if (accept('*')) {
        value *= factor();
      } else if (accept('/')) {
        const double divisor = factor();
        if (divisor == 0) throw InputError(field_, {"error.divide_by_zero"}, std::string(text_));
        value /= divisor;
      } else {
        return value;
      }
    }
  }

  double factor() {
    skip_spaces();
    if (accept('(')) {
      const double value = sum();
      expect(')', "a closing parenthesis");
      return value;
    }
    if (accept('-')) return -factor();
    if (accept('{')) {
      const size_t end = text_.find('}', pos_);
      if (end == std::string_view::npos) fail("a closing brace");
      const std::string name(text_.substr(pos_, end - pos_));
      pos_ = end + 1;
      return value_of_(name);
    }
    if (pos_ < text_.size() && is_name_start(text_[pos_])) return name_or_call();
    return number();
  }

  // max(a, b), min(a, b), exp(x), or a path.
  double name_or_call() {
    const size_t start = pos_;
    while (pos_ < text_.size() && is_path_char(text_[pos_])) ++pos_;
    const std::string name(text_.substr(start, pos_ - start));
    if ((name == "max" || name == "min") && accept('(')) {
      const double a = sum();
      expect(',', "a comma between the arguments");
      const double b = sum();
      expect(')', "a closing parenthesis");
      return name == "max" ? std::max(a, b) : std::min(a, b);
    }
    if (name == "exp" && accept('(')) {
      const double x = sum();
      expect(')', "a closing parenthesis");
      return std::exp(x);
    }
    return value_of_(name);
  }

  double number() {
    const std::string rest(text_.substr(pos_));
    char* end = nullptr;
    const double value = std::strtod(rest.c_str(), &end);
    if (end == rest.c_str()) fail("a number, a name or a parenthesis");
    pos_ += size_t(end - rest.c_str());
    return value;
  }

  void expect(char c, const std::string& what) {
    if (!accept(c)) fail(what);
  }

  bool accept(char c) {
    skip_spaces();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void skip_spaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  [[noreturn]] void fail(const std::string& expected) {
    throw InputError(
        field_,
        Message{"error.arithmetic", json_object({{"expected", expected}, {"position", pos_ + 1}})},
        std::string(text_));
  }

  std::string_view text_;
  const std::function<double(const std::string&)>& value_of_;
  const std::string& field_;
  size_t pos_ = 0;
};

}  // namespace

double evaluate_arithmetic(std::string_view text,
                           const std::function<double(const std::string& name)>& value_of,
                           const std::string& field) {
  return Parser(text, value_of, field).parse();
}

}  // namespace llm_sizer
