// The GGUF header reader against the format's specification (ggml/docs/gguf.md, "File Structure"):
// little-endian counts, length-prefixed strings, typed metadata, tensor infos whose offsets follow
// each other at the file's alignment, and llama.cpp's file-type numbers.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "checkpoint/gguf_header.hpp"
#include "checkpoint_read.hpp"
#include "error.hpp"

namespace {

// Builds the start of a GGUF file, field by field, as gguf.md lays it out.
class GgufWriter {
 public:
  explicit GgufWriter(uint32_t version = 3) {
    bytes_ = "GGUF";
    u(version, 4);
  }
  void counts(uint64_t tensors, uint64_t keys) { u(tensors, 8), u(keys, 8); }
  void text(const std::string& s) { u(s.size(), 8), bytes_ += s; }
  void string_key(const std::string& key, const std::string& value) {
    text(key), u(8, 4), text(value);  // GGUF_TYPE_STRING
  }
  void u32_key(const std::string& key, uint32_t value) { text(key), u(4, 4), u(value, 4); }
  void tokens_key(int count) {
    text("tokenizer.ggml.tokens"), u(9, 4), u(8, 4), u(uint64_t(count), 8);  // ARRAY of STRING
    for (int i = 0; i < count; ++i) text("t" + std::to_string(i));
  }
  void tensor(const std::string& name, std::vector<uint64_t> dims, uint32_t type, uint64_t offset) {
    text(name);
    u(dims.size(), 4);
    for (const uint64_t d : dims) u(d, 8);
    u(type, 4), u(offset, 8);
  }
  const std::string& bytes() const { return bytes_; }

 private:
  void u(uint64_t value, int width) {
    for (int i = 0; i < width; ++i) bytes_ += char((value >> (8 * i)) & 0xff);
  }
  std::string bytes_;
};

constexpr uint32_t kF32 = 0, kQ4K = 12, kQ6K = 14;

// Two Llama layers of 256 wide, Q4_K_M: Q4_K attention and FFN, a Q6_K head, F32 norms.
GgufWriter two_layers() {
  GgufWriter w;
  w.counts(5, 6);
  w.string_key("general.architecture", "llama");
  w.string_key("general.name", "Tiny");
  w.u32_key("general.file_type", 15);  // LLAMA_FTYPE_MOSTLY_Q4_K_M
  w.u32_key("llama.block_count", 2);
  w.u32_key("general.alignment", 32);
  w.tokens_key(3);
  // Q4_K: 144 bytes a 256-block; Q6_K: 210; F32 norms: 256 x 4 = 1024.
  w.tensor("blk.0.attn_q.weight", {256, 256}, kQ4K, 0);
  w.tensor("blk.0.attn_norm.weight", {256}, kF32, 36864);
  w.tensor("blk.1.attn_q.weight", {256, 256}, kQ4K, 37888);
  w.tensor("blk.1.attn_norm.weight", {256}, kF32, 74752);
  w.tensor("output.weight", {256, 1000}, kQ6K, 75776);
  return w;
}

llm_sizer::Json read(const std::string& bytes) {
  return llm_sizer::read_gguf_file(bytes, "f.gguf");
}

}  // namespace

TEST_CASE("a GGUF header gives the file type, the layers and the bytes by ggml type") {
  const llm_sizer::Json out = read(two_layers().bytes());
  CHECK(out["architecture"] == "llama");
  CHECK(out["name"] == "Tiny");
  CHECK(out["file_type"] == 15);
  CHECK(out["weights"] == "q4_k_m");
  CHECK(out["layers"] == 2);
  CHECK(out["tensors"] == 5);
  CHECK(out["bytes"] == 2 * 36864 + 2 * 1024 + 1000 * 210);
  REQUIRE(out["types"].size() == 3);
  CHECK(out["types"][0]["type"] == "Q6_K");  // most bytes first
  CHECK(out["types"][1]["type"] == "Q4_K");
  CHECK(out["types"][1]["elements"] == 2 * 65536);
  CHECK(out["types"][2]["type"] == "F32");
  CHECK(out["warnings"].empty());
  // The header ends before the data, which starts at the next multiple of the alignment.
  CHECK(out["header_bytes"].get<int64_t>() % 32 == 0);
  CHECK(out["header_bytes"].get<int64_t>() >= int64_t(two_layers().bytes().size()));
}

TEST_CASE("a GGUF header cut short asks for more of the file, at any byte") {
  const std::string whole = two_layers().bytes();
  for (size_t end = 4; end < whole.size(); end += 7) {
    CHECK_THROWS_WITH(read(whole.substr(0, end)),
                      Catch::Contains("f.gguf: ends at byte " + std::to_string(end)));
  }
}

TEST_CASE("GGUF files the loader would refuse are refused, naming what is wrong") {
  CHECK_THROWS_WITH(read("PK\x03\x04"), Catch::Contains("must be a GGUF file"));
  CHECK_THROWS_WITH(
      read(GgufWriter(1).bytes() + std::string(16, '\0')),
      Catch::Contains(
          "must be GGUF version 2 or 3 (version 1 files are from before August 2023), got 1"));
  const auto one_tensor = [](std::vector<uint64_t> dims, uint32_t type, uint64_t offset) {
    GgufWriter w;
    w.counts(1, 0);
    w.tensor("blk.0.ffn_up.weight", std::move(dims), type, offset);
    return w.bytes();
  };
  // The 2026 low-bit types are read: Q1_0 keeps 128 weights in 18 bytes, NVFP4 64 in 36.
  CHECK(read(one_tensor({256, 8}, 41, 0))["bytes"] == 2 * 8 * 18);
  CHECK(read(one_tensor({128, 2}, 40, 0))["bytes"] == 2 * 2 * 36);
  // ik_llama.cpp's types (ggml-common.h at 8337e4cd): IQ4_K holds 256 weights in 144 bytes;
  // IQ4_KS 256 in 136 plus a float scale per row (row_meta_size 4); IQ2_KS an fp16 one.
  CHECK(read(one_tensor({4096, 2}, 139, 0))["bytes"] == 2 * 16 * 144);
  CHECK(read(one_tensor({4096, 2}, 144, 0))["bytes"] == 2 * (4 + 16 * 136));
  CHECK(read(one_tensor({4096, 3, 2}, 145, 0))["bytes"] == 6 * (2 + 16 * 70));
  CHECK(read(one_tensor({4096, 4}, 344, 0))["types"][0]["type"] == "IQ4_KS_R4");
  CHECK_THROWS_WITH(read(one_tensor({256, 8}, 4, 0)),
                    Catch::Contains("blk.0.ffn_up.weight in a ggml type no current llama.cpp"));
  CHECK_THROWS_WITH(read(one_tensor({100, 8}, kQ4K, 0)),
                    Catch::Contains("rows are not whole Q4_K blocks of 256 elements, got 100"));
  CHECK_THROWS_WITH(read(one_tensor({256, 8}, kQ4K, 64)),
                    Catch::Contains("at another offset than 0"));
  CHECK_THROWS_WITH(read(one_tensor({}, kF32, 0)), Catch::Contains("1 to 4 dimensions"));
}

TEST_CASE("GGUF names that are not UTF-8 are shown escaped, never break the answer") {
  GgufWriter w;
  w.counts(1, 1);
  w.string_key("general.architecture", "ll\xff\x01");
  w.tensor("blk.0.\xc3(", {32}, kF32, 0);
  const llm_sizer::Json out = read(w.bytes());
  CHECK(out["architecture"] == "ll\\xFF\\u0001");
  CHECK_NOTHROW(out.dump());
}

TEST_CASE("block_count that disagrees with the tensors' layers is warned about") {
  GgufWriter w;
  w.counts(1, 2);
  w.string_key("general.architecture", "qwen3");
  w.u32_key("qwen3.block_count", 4);
  w.tensor("blk.0.attn_norm.weight", {64}, kF32, 0);
  const llm_sizer::Json out = read(w.bytes());
  REQUIRE(out["warnings"].size() == 1);
  CHECK(out["warnings"][0]["code"] == "warning.gguf_layers");
}

TEST_CASE("llama.cpp's file-type numbers name the calculator's GGUF formats") {
  CHECK(llm_sizer::llama_ftype_id(7) == "q8_0");
  CHECK(llm_sizer::llama_ftype_id(30) == "iq4_xs");
  CHECK(llm_sizer::llama_ftype_id(38) == "mxfp4_moe");
  CHECK_FALSE(llm_sizer::llama_ftype_id(4).has_value());  // Q4_1_SOME_F16, removed
}
