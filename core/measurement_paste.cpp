#include "measurement_paste.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "error.hpp"
#include "json_object.hpp"
#include "json_text.hpp"
#include "limits.hpp"

namespace llm_sizer {
namespace {

constexpr const char* kField = "paste";

struct Line {
  int number = 0;  // 1-based, as an editor counts
  std::string text;
};

std::string trim(std::string_view s) {
  const auto space = [](unsigned char c) { return std::isspace(c) != 0; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return std::string(s);
}

std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> out;
  int number = 0;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size());
    ++number;
    std::string line = trim(text.substr(start, end - start));
    if (!line.empty()) out.push_back({number, line});
    start = end + 1;
  }
  return out;
}

// What is wrong with one line: a message of the core's table, its line number among its params.
[[noreturn]] void refuse(const Line& line, Message why) {
  why.params["line"] = line.number;
  throw InputError(kField, std::move(why), "\"" + line.text.substr(0, 120) + "\"");
}

// The first number of a cell ("145.01 ± 0.39" is 145.01).
std::optional<double> leading_number(const std::string& cell) {
  const char* begin = cell.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (end == begin || !std::isfinite(value)) return std::nullopt;
  return value;
}

// What the rows say, the first of each kind kept.
struct Found {
  std::optional<double> decode_tokens_per_s;
  int64_t decode_context_tokens = -1;
  std::optional<double> prefill_tokens_per_s;
  int64_t prefill_tokens = -1;
  int64_t decode_batch = -1;
};

void add_test(Found& found, int64_t prompt, int64_t generated, int64_t depth, double speed,
              const Line& line) {
  if (!limits::kMeasuredTokensPerS.contains(speed)) refuse(line, {"error.paste_speed"});
  if (prompt > 0 && generated == 0 && !found.prefill_tokens_per_s) {
    found.prefill_tokens_per_s = speed;
    found.prefill_tokens = prompt;
  } else if (generated > 0 && prompt == 0 && !found.decode_tokens_per_s) {
    found.decode_tokens_per_s = speed;
    // A tg test starts at `depth` tokens of context and ends `generated` later.
    found.decode_context_tokens = depth + generated / 2;
  }
}

std::vector<std::string> split_cells(const std::string& row, char separator) {
  std::vector<std::string> cells;
  std::string cell;
  bool quoted = false;
  for (const char c : row) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == separator && !quoted) {
      cells.push_back(trim(cell));
      cell.clear();
    } else {
      cell += c;
    }
  }
  cells.push_back(trim(cell));
  return cells;
}

// llama-bench -o md: | model | size | params | backend | ngl | test | t/s |, a test named
// pp512, tg128 or "tg128 @ d4096" (at a depth of context), t/s "145.01 ± 0.39".
void read_markdown(const std::vector<Line>& lines, Found& found) {
  std::vector<std::string> header;
  size_t test = 0, speed = 0;
  static const std::regex kTest(R"(^(pp|tg)(\d+)(?:\s*@\s*d(\d+))?$)");
  for (const Line& line : lines) {
    if (line.text.front() != '|') continue;
    std::string row = line.text.substr(1);
    if (!row.empty() && row.back() == '|') row.pop_back();
    const std::vector<std::string> cells = split_cells(row, '|');
    if (header.empty()) {
      header = cells;
      const auto at = [&](const char* name) {
        return size_t(std::find(header.begin(), header.end(), name) - header.begin());
      };
      test = at("test");
      speed = at("t/s");
      if (test == header.size() || speed == header.size()) {
        refuse(line, {"error.paste_markdown_header"});
      }
      continue;
    }
    if (std::all_of(row.begin(), row.end(),
                    [](char c) { return c == '-' || c == ':' || c == '|' || c == ' '; })) {
      continue;
    }
    if (cells.size() != header.size()) {
      refuse(line, {"error.paste_cells",
                    json_object({{"cells", cells.size()}, {"header", header.size()}})});
    }
    std::smatch m;
    if (!std::regex_match(cells[test], m, kTest)) continue;  // pp512+tg128 and other mixes
    const auto value = leading_number(cells[speed]);
    if (!value) refuse(line, {"error.paste_speed"});
    const int64_t tokens = std::stoll(m[2].str().substr(0, 9));
    const int64_t depth = m[3].matched ? std::stoll(m[3].str().substr(0, 9)) : 0;
    const bool prompt = m[1] == "pp";
    add_test(found, prompt ? tokens : 0, prompt ? 0 : tokens, depth, *value, line);
  }
}

// llama-bench -o csv: a header naming n_prompt, n_gen, avg_ts (and n_depth in newer builds).
void read_csv(const std::vector<Line>& lines, Found& found) {
  const std::vector<std::string> header = split_cells(lines.front().text, ',');
  const auto at = [&](const char* name) {
    const auto it = std::find(header.begin(), header.end(), name);
    return it == header.end() ? std::optional<size_t>() : size_t(it - header.begin());
  };
  const auto prompt = at("n_prompt"), generated = at("n_gen"), speed = at("avg_ts");
  const auto depth = at("n_depth");
  if (!prompt || !generated || !speed) {
    refuse(lines.front(), {"error.paste_csv_header"});
  }
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::vector<std::string> cells = split_cells(lines[i].text, ',');
    if (cells.size() != header.size()) {
      refuse(lines[i], {"error.paste_cells",
                        json_object({{"cells", cells.size()}, {"header", header.size()}})});
    }
    const auto number = [&](size_t column) {
      const auto value = leading_number(cells[column]);
      if (!value || *value < 0 || *value > 1e9)
        refuse(lines[i], {"error.paste_count", json_object({{"name", header[column]}})});
      return *value;
    };
    add_test(found, int64_t(number(*prompt)), int64_t(number(*generated)),
             depth ? int64_t(number(*depth)) : 0, number(*speed), lines[i]);
  }
}

// llama-bench -o json (an array) or -o jsonl (one object a line).
void read_json(const std::vector<Line>& lines, std::string_view text, Found& found) {
  std::vector<std::pair<Json, Line>> rows;
  if (lines.front().text.front() == '[') {
    const Json all = parse_json_text(text);
    if (!all.is_array()) refuse(lines.front(), {"error.paste_json_test"});
    for (const Json& row : all) rows.emplace_back(row, lines.front());
  } else {
    for (const Line& line : lines) rows.emplace_back(parse_json_text(line.text), line);
  }
  for (const auto& [row, line] : rows) {
    const auto count = [&, &row = row, &line = line](const char* key) -> double {
      const auto it = row.is_object() ? row.find(key) : row.end();
      if (it == row.end()) return 0;
      if (!it->is_number() || it->get<double>() < 0 || it->get<double>() > 1e9) {
        refuse(line, {"error.paste_count", json_object({{"name", key}})});
      }
      return it->get<double>();
    };
    if (!row.is_object() || !row.contains("avg_ts")) {
      refuse(line, {"error.paste_json_test"});
    }
    add_test(found, int64_t(count("n_prompt")), int64_t(count("n_gen")), int64_t(count("n_depth")),
             count("avg_ts"), line);
  }
}

// llama.cpp's timings (llama-cli, llama-server): "prompt eval time = 123.4 ms / 512 tokens (...
// 4147.50 tokens per second)" and "eval time = ... / 127 runs (... 85.12 tokens per second)";
// vLLM bench serve: "Mean TPOT (ms): 12.3" and "Maximum request concurrency: 8".
bool read_summary(const std::vector<Line>& lines, Found& found) {
  static const std::regex kTimings(
      R"((prompt eval|eval) time\s*=\s*[0-9.]+\s*ms\s*/\s*(\d+)\s*(tokens|runs).*?([0-9.]+)\s*tokens per second)");
  static const std::regex kTpot(R"(^Mean TPOT \(ms\):\s*([0-9.eE+-]+))");
  static const std::regex kConcurrency(R"(^Maximum request concurrency:\s*(\d+))");
  bool read = false;
  for (const Line& line : lines) {
    std::smatch m;
    if (std::regex_search(line.text, m, kTimings)) {
      const auto speed = leading_number(m[4].str());
      if (!speed) refuse(line, {"error.paste_speed"});
      const int64_t tokens = std::stoll(m[2].str().substr(0, 9));
      if (m[1] == "prompt eval") {
        add_test(found, std::max<int64_t>(tokens, 1), 0, 0, *speed, line);
      } else {
        add_test(found, 0, std::max<int64_t>(tokens, 1), 0, *speed, line);
        found.decode_context_tokens = -1;  // the prompt before it is not said: the scenario's
      }
      read = true;
    } else if (std::regex_search(line.text, m, kTpot)) {
      const double tpot_ms = leading_number(m[1].str()).value_or(0);
      if (!(tpot_ms > 0)) refuse(line, {"error.paste_speed"});
      add_test(found, 0, 1, 0, 1000 / tpot_ms, line);
      found.decode_context_tokens = -1;
      read = true;
    } else if (std::regex_search(line.text, m, kConcurrency)) {
      found.decode_batch = std::stoll(m[1].str().substr(0, 9));
      if (found.decode_batch < 1) refuse(line, {"error.paste_concurrency"});
    }
  }
  return read;
}

// One figure: "42", "42.5 tok/s", "42 tokens/s", "42 t/s".
bool read_figure(const std::vector<Line>& lines, Found& found) {
  static const std::regex kFigure(
      R"(^([0-9]+(?:\.[0-9]+)?)\s*(?:tok(?:en)?s?/s|t/s|tps|tokens per second)?$)",
      std::regex::icase);
  std::smatch m;
  if (lines.size() != 1 || !std::regex_match(lines.front().text, m, kFigure)) return false;
  add_test(found, 0, 1, 0, leading_number(m[1].str()).value_or(0), lines.front());
  found.decode_context_tokens = -1;
  return true;
}

}  // namespace

Json read_measurement_paste(std::string_view text) {
  if (text.size() > limits::kPasteBytes) {
    throw InputError(kField,
                     {"error.string_at_most", json_object({{"bytes", limits::kPasteBytes}})},
                     std::to_string(text.size()) + " bytes");
  }
  const std::vector<Line> lines = lines_of(text);
  if (lines.empty()) throw InputError(kField, {"error.paste_empty"}, "\"\"");
  Found found;
  std::string format;
  // What the tool printed may come with other lines around it (device lists, a build line):
  // the table's rows start with '|', JSON rows with '{', a CSV at its header.
  const auto starting = [&](char c) {
    std::vector<Line> out;
    std::copy_if(lines.begin(), lines.end(), std::back_inserter(out),
                 [c](const Line& line) { return line.text.front() == c; });
    return out;
  };
  const auto csv_header = std::find_if(lines.begin(), lines.end(), [](const Line& line) {
    return line.text.find("avg_ts") != std::string::npos &&
           line.text.find(',') != std::string::npos;
  });
  if (lines.front().text.front() == '[') {
    read_json(lines, text, found);
    format = "llama-bench";
  } else if (const std::vector<Line> rows = starting('|'); !rows.empty()) {
    read_markdown(rows, found);
    format = "llama-bench";
  } else if (const std::vector<Line> objects = starting('{'); !objects.empty()) {
    read_json(objects, text, found);
    format = "llama-bench";
  } else if (csv_header != lines.end()) {
    read_csv(std::vector<Line>(csv_header, lines.end()), found);
    format = "llama-bench";
  } else if (read_summary(lines, found)) {
    const bool timings = std::any_of(lines.begin(), lines.end(), [](const Line& line) {
      return line.text.find("eval time") != std::string::npos;
    });
    format = timings ? "llama.cpp" : "vllm bench serve";
  } else if (read_figure(lines, found)) {
    format = "figure";
  }
  if (!found.decode_tokens_per_s && !found.prefill_tokens_per_s) {
    throw InputError(kField, {"error.paste_unknown"},
                     "\"" + lines.front().text.substr(0, 120) + "\"");
  }
  Json measured = Json::object();
  if (found.decode_tokens_per_s) {
    measured["decode_tokens_per_s"] = *found.decode_tokens_per_s;
    if (found.decode_context_tokens >= 0)
      measured["decode_context_tokens"] = found.decode_context_tokens;
    if (found.decode_batch > 0) measured["decode_batch"] = found.decode_batch;
  }
  if (found.prefill_tokens_per_s) {
    measured["prefill_tokens_per_s"] = *found.prefill_tokens_per_s;
    measured["prefill_tokens"] = found.prefill_tokens;
  }
  measured["source"] = format;
  return json_object({{"measured", measured}, {"format", format}});
}

}  // namespace llm_sizer
