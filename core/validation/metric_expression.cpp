#include "validation/metric_expression.hpp"

#include <cctype>
#include <cstdlib>

#include "error.hpp"

namespace llm_sizer {
namespace {

// Recursive descent over the expression text, evaluating as it goes.
class MetricParser {
 public:
  MetricParser(std::string_view text, const Json& result, const std::string& field)
      : text_(text), result_(result), field_(field) {}

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
        if (divisor == 0) {
          throw InputError(field_, "divides by zero for this scenario", std::string(text_));
        }
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
      if (!accept(')')) fail("a closing parenthesis");
      return value;
    }
    if (accept('-')) return -factor();
    if (pos_ < text_.size() && (std::isdigit(uchar(text_[pos_])) || text_[pos_] == '.')) {
      return number();
    }
    return path();
  }

  double number() {
    const std::string rest(text_.substr(pos_));
    char* end = nullptr;
    const double value = std::strtod(rest.c_str(), &end);
    if (end == rest.c_str()) fail("a number");
    pos_ += size_t(end - rest.c_str());
    return value;
  }

  // A dotted result path with optional [index] steps, looked up as it is read.
  double path() {
    const size_t start = pos_;
    const Json* node = member(result_, name());
    for (;;) {
      if (pos_ < text_.size() && text_[pos_] == '.') {
        ++pos_;
        node = member(*node, name());
      } else if (pos_ < text_.size() && text_[pos_] == '[') {
        ++pos_;
        const double index = number();
        if (!accept(']')) fail("a closing bracket");
        if (!node->is_array() || index < 0 || size_t(index) >= node->size()) {
          missing();
        }
        node = &(*node)[size_t(index)];
      } else {
        break;
      }
    }
    const std::string path(text_.substr(start, pos_ - start));
    if (node->is_null()) {
      throw InputError(field_,
                       "has no value for this scenario (the core leaves " + path + " empty)",
                       std::string(text_));
    }
    if (!node->is_number()) {
      throw InputError(field_, "must name a numeric result (" + path + " is not a number)",
                       std::string(text_));
    }
    return node->get<double>();
  }

  std::string name() {
    const size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(uchar(text_[pos_])) || text_[pos_] == '_')) {
      ++pos_;
    }
    if (pos_ == start) fail("a result path, a number or a parenthesis");
    return std::string(text_.substr(start, pos_ - start));
  }

  const Json* member(const Json& node, const std::string& key) {
    if (!node.is_object() || !node.contains(key)) missing();
    return &node[key];
  }

  [[noreturn]] void missing() {
    size_t end = pos_;
    while (end < text_.size() && !std::isspace(uchar(text_[end])) &&
           std::string_view("+-*/()").find(text_[end]) == std::string_view::npos) {
      ++end;
    }
    throw InputError(field_,
                     "must name a field of the result; " + std::string(text_.substr(0, end)) +
                         " is not one (see `llm-sizer estimate` for the result of the row's "
                         "scenario)",
                     std::string(text_));
  }

  [[noreturn]] void fail(const std::string& expected) {
    throw InputError(field_,
                     "must be a result path or arithmetic over paths and numbers; expected " +
                         expected + " at character " + std::to_string(pos_ + 1),
                     std::string(text_));
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
    while (pos_ < text_.size() && std::isspace(uchar(text_[pos_]))) ++pos_;
  }

  static unsigned char uchar(char c) { return static_cast<unsigned char>(c); }

  std::string_view text_;
  const Json& result_;
  const std::string& field_;
  size_t pos_ = 0;
};

}  // namespace

double evaluate_metric(std::string_view expression, const Json& result, const std::string& field) {
  return MetricParser(expression, result, field).parse();
}

}  // namespace llm_sizer
