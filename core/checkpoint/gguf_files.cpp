#include "checkpoint/gguf_files.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>

#include "quantization/gguf_ftypes.hpp"

namespace llm_sizer {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// A file type id the calculator sizes as a GGUF file: llama.cpp's names, and "mxfp4" for the
// MXFP4_MOE files ggml-org publishes as "...-mxfp4.gguf".
std::optional<std::string> ftype_id(const std::string& token) {
  const std::string id = lower(token);
  if (id == "mxfp4") return "mxfp4_moe";
  if (find_gguf_ftype(id)) return id;
  return std::nullopt;
}

struct Quant {
  std::string written;
  std::optional<std::string> weights;
  bool mixed = false;
};

// The file type in a file's name: the last "-" or "." separated token that is one, or an "_XL"
// or "_L" variant of one (Q4_K_XL: Q4_K_M's recipe with larger types for some tensors; Q8_K_XL:
// Q8_0's), "UD-" marking Unsloth's dynamic mixes.
Quant quant_in_name(const std::string& stem) {
  std::vector<std::string> tokens;
  std::string token;
  for (char c : stem) {
    if (c == '-' || c == '.' || c == ' ') {
      if (!token.empty()) tokens.push_back(token);
      token.clear();
    } else {
      token += c;
    }
  }
  if (!token.empty()) tokens.push_back(token);
  for (size_t i = tokens.size(); i-- > 0;) {
    const std::string& t = tokens[i];
    const bool dynamic = i > 0 && lower(tokens[i - 1]) == "ud";
    const std::string written = dynamic ? "UD-" + t : t;
    if (const auto id = ftype_id(t)) return {written, id, dynamic};
    const std::string l = lower(t);
    for (const std::string suffix : {"_xl", "_l"}) {
      if (!ends_with(l, suffix)) continue;
      const std::string base = l.substr(0, l.size() - suffix.size());
      std::vector<std::string> candidates{base + "_m", base};
      if (ends_with(base, "_k")) candidates.push_back(base.substr(0, base.size() - 2) + "_0");
      for (const std::string& candidate : candidates) {
        if (const auto id = ftype_id(candidate)) return {written, id, true};
      }
    }
  }
  return {"", std::nullopt, false};
}

std::string base_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::vector<GgufModelFile> gguf_model_files(const std::vector<GgufListedFile>& listed) {
  // gguf-split's names: <prefix>-00001-of-00003.gguf (examples/gguf-split in llama.cpp).
  static const std::regex split(R"(^(.*)-(\d{5})-of-(\d{5})\.gguf$)", std::regex::icase);
  std::map<std::string, GgufModelFile> groups;
  for (const GgufListedFile& f : listed) {
    if (!ends_with(lower(f.path), ".gguf")) continue;
    std::smatch m;
    std::string key = f.path.substr(0, f.path.size() - 5);
    int64_t part = 1;
    int64_t of = 1;
    if (std::regex_match(f.path, m, split)) {
      key = m[1].str();
      part = std::stoll(m[2].str());
      of = std::stoll(m[3].str());
    }
    auto [it, fresh] = groups.try_emplace(key);
    GgufModelFile& g = it->second;
    if (fresh) {
      const Quant q = quant_in_name(base_name(key));
      g.quant = q.written;
      g.weights = q.weights;
      g.mixed = q.mixed;
      g.projector = lower(base_name(key)).find("mmproj") != std::string::npos;
      g.parts = 0;
      g.of = of;
      g.path = f.path;
    }
    ++g.parts;
    g.bytes += f.bytes;
    if (part == 1) g.path = f.path;
  }
  std::vector<GgufModelFile> out;
  for (auto& [key, g] : groups) out.push_back(std::move(g));
  std::stable_sort(out.begin(), out.end(), [](const GgufModelFile& a, const GgufModelFile& b) {
    return a.bytes < b.bytes;
  });
  return out;
}

}  // namespace llm_sizer
