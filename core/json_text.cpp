#include "json_text.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "error.hpp"
#include "limits.hpp"

namespace llm_sizer {
namespace {

// nlohmann's error id for a number that does not fit a double (1e400).
constexpr int kNumberOverflow = 406;

// Builds the document from nlohmann's SAX events, which arrive without recursion, so nesting is
// counted before anything recurses over it (copying, printing or destroying a value all recurse),
// and an error can name the field being read.
class DocumentBuilder {
 public:
  explicit DocumentBuilder(std::string_view text) : text_(text) {}

  Json take() { return std::move(root_); }

  bool null() { return put(Json()); }
  bool boolean(bool value) { return put(Json(value)); }
  bool number_integer(Json::number_integer_t value) { return put(Json(value)); }
  bool number_unsigned(Json::number_unsigned_t value) { return put(Json(value)); }
  bool number_float(Json::number_float_t value, const std::string&) { return put(Json(value)); }
  bool string(std::string& value) { return put(Json(std::move(value))); }
  bool binary(Json::binary_t& value) { return put(Json(std::move(value))); }
  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& name) {
    key_ = std::move(name);
    return true;
  }

  bool parse_error(std::size_t position, const std::string& token, const Json::exception& e) {
    if (e.id == kNumberOverflow) {
      throw InputError(path_of_next(), {"error.finite_json_number"}, token);
    }
    const auto [line, column] = where(position);
    throw InputError("",
                     {"error.json_syntax",
                      json_object({{"line", line}, {"column", column}, {"reason", reason(e)}})},
                     "");
  }

 private:
  struct Open {
    Json* container;
    std::string name;  // the field path of the container
  };

  // The path of the value about to be added: "model.text_config.hidden_size", "layer_types[3]".
  std::string path_of_next() const {
    if (stack_.empty()) return "";
    const Open& top = stack_.back();
    if (top.container->is_array()) {
      return top.name + "[" + std::to_string(top.container->size()) + "]";
    }
    return top.name.empty() ? key_ : top.name + "." + key_;
  }

  Json* add(Json value) {
    if (stack_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Json& container = *stack_.back().container;
    if (container.is_array()) {
      container.push_back(std::move(value));
      return &container.back();
    }
    Json& slot = container[key_];
    slot = std::move(value);
    return &slot;
  }

  bool put(Json value) {
    add(std::move(value));
    return true;
  }

  bool open(Json empty) {
    std::string name = path_of_next();
    if (stack_.size() >= size_t(limits::kJsonDepth)) {
      // Named by its top-level field ("model"): the full path would be 64 segments long.
      throw InputError(name.substr(0, name.find_first_of(".[")),
                       {"error.json_depth", json_object({{"levels", limits::kJsonDepth}})}, "");
    }
    Json* container = add(std::move(empty));
    stack_.push_back({container, std::move(name)});
    return true;
  }

  bool close() {
    stack_.pop_back();
    return true;
  }

  // nlohmann counts the bytes read; the error sits at the last one. {line, column}, from 1.
  std::pair<size_t, size_t> where(std::size_t position) const {
    const size_t offset = std::min(position > 0 ? position - 1 : 0, text_.size());
    const auto before = text_.substr(0, offset);
    const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
    const size_t line_start = before.rfind('\n');
    const size_t column = offset - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
    return {line, column};
  }

  static std::string reason(const Json::exception& e) {
    std::string text = e.what();
    if (const auto colon = text.rfind(": "); colon != std::string::npos) {
      text = text.substr(colon + 2);
    }
    return text;
  }

  std::string_view text_;
  Json root_;
  std::vector<Open> stack_;
  std::string key_;
};

}  // namespace

Json parse_json_text(std::string_view text) {
  DocumentBuilder builder(text);
  Json::sax_parse(text.begin(), text.end(), &builder);
  return builder.take();
}

}  // namespace llm_sizer
