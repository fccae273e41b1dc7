#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llm_sizer {

// One file of a GGUF repository, as its file listing gives it.
struct GgufListedFile {
  std::string path;  // "Qwen3-30B-A3B-Q4_K_M.gguf", "BF16/Qwen3-30B-A3B-BF16-00001-of-00002.gguf"
  int64_t bytes = 0;
};

// One model file of the repository: a .gguf file, or the parts llama.cpp's gguf-split wrote
// ("-00001-of-00003.gguf", loaded by naming the first).
struct GgufModelFile {
  std::string path;        // the file llama.cpp is given: the only file, or the first part
  std::string quant;       // the file type its name gives, as written: "Q4_K_M", "UD-Q4_K_XL"
  int64_t parts = 1;       // files present
  int64_t of = 1;          // files the split names
  int64_t bytes = 0;       // all parts together
  bool projector = false;  // a multimodal projector (mmproj), loaded beside a model file
  // The llama.cpp file type whose recipe the file follows, as a weight format id ("q4_k_m"), or
  // the nearest one for mixes llama-quantize has no name for (Unsloth's dynamic "UD-" files,
  // "_XL"/"_L" files with larger embedding and output types): `mixed` says so. Empty when the
  // name gives none.
  std::optional<std::string> weights;
  bool mixed = false;
};

// Groups split parts, picks out the projectors and reads each file's type from its name. Files
// that are not .gguf are left out. Sorted by bytes, smallest first.
std::vector<GgufModelFile> gguf_model_files(const std::vector<GgufListedFile>& listed);

}  // namespace llm_sizer
