// A GGUF repository's file listing: gguf-split's parts grouped into one model file
// (examples/gguf-split in llama.cpp names them <prefix>-00001-of-00003.gguf), projectors apart,
// and each file's llama.cpp file type read from its name as the quantizers publish them
// (bartowski's and Unsloth's "<model>-<TYPE>.gguf", "UD-" for Unsloth Dynamic 2.0 mixes).
#include <catch2/catch.hpp>

#include "checkpoint/gguf_files.hpp"
#include "checkpoint_read.hpp"
#include "error.hpp"
#include "test_support.hpp"

using llm_sizer::GgufListedFile;
using llm_sizer::Json;

namespace {

const llm_sizer::GgufModelFile& listed_file(const std::vector<llm_sizer::GgufModelFile>& files,
                                            const std::string& quant) {
  for (const auto& f : files)
    if (f.quant == quant) return f;
  FAIL("no file of type " << quant);
  return files.front();
}

}  // namespace

TEST_CASE("split GGUF parts are one model file, loaded by naming the first part") {
  const auto files = llm_sizer::gguf_model_files({
      {"BF16/Qwen3-30B-A3B-BF16-00002-of-00002.gguf", 11'000},
      {"BF16/Qwen3-30B-A3B-BF16-00001-of-00002.gguf", 50'000},
      {"Qwen3-30B-A3B-Q4_K_M.gguf", 18'000},
      {"README.md", 5},
      {"imatrix_unsloth.dat", 7},
  });
  REQUIRE(files.size() == 2);
  CHECK(files[0].quant == "Q4_K_M");  // smallest first
  const auto& bf16 = listed_file(files, "BF16");
  CHECK(bf16.path == "BF16/Qwen3-30B-A3B-BF16-00001-of-00002.gguf");
  CHECK(bf16.parts == 2);
  CHECK(bf16.of == 2);
  CHECK(bf16.bytes == 61'000);
  CHECK(bf16.weights == "bf16");
}

TEST_CASE("file types come from the names quantizers publish, mixes marked as mixes") {
  const auto files = llm_sizer::gguf_model_files({
      {"Qwen3-30B-A3B-UD-Q4_K_XL.gguf", 1},
      {"Qwen3-30B-A3B-UD-IQ1_S.gguf", 2},
      {"Meta-Llama-3.1-8B-Instruct-Q2_K_L.gguf", 3},
      {"Qwen3-30B-A3B-UD-Q8_K_XL.gguf", 4},
      {"gpt-oss-120b-mxfp4-00001-of-00003.gguf", 5},
      {"Qwen3-30B-A3B-IQ4_XS.gguf", 6},
      {"mmproj-F16.gguf", 7},
      {"model-Q4_0_4_4.gguf", 8},
  });
  CHECK(listed_file(files, "UD-Q4_K_XL").weights == "q4_k_m");
  CHECK(listed_file(files, "UD-Q4_K_XL").mixed);
  CHECK(listed_file(files, "UD-IQ1_S").weights == "iq1_s");
  CHECK(listed_file(files, "UD-IQ1_S").mixed);
  CHECK(listed_file(files, "Q2_K_L").weights == "q2_k");
  CHECK(listed_file(files, "UD-Q8_K_XL").weights == "q8_0");
  CHECK(listed_file(files, "mxfp4").weights == "mxfp4_moe");
  CHECK(listed_file(files, "mxfp4").of == 3);
  CHECK(listed_file(files, "IQ4_XS").weights == "iq4_xs");
  CHECK_FALSE(listed_file(files, "IQ4_XS").mixed);
  CHECK(listed_file(files, "F16").projector);
  // An ARM repack type llama.cpp no longer writes: no file type, so no estimate is claimed.
  const auto unknown = std::find_if(files.begin(), files.end(),
                                    [](const auto& f) { return f.path == "model-Q4_0_4_4.gguf"; });
  REQUIRE(unknown != files.end());
  CHECK_FALSE(unknown->weights);
}

TEST_CASE("a GGUF listing with config.json gives each file beside the model's bytes in its type") {
  Json input = {
      {"repo", "unsloth/Meta-Llama-3-8B-GGUF"},
      {"config", llm_sizer::test::read_json("tests/reference/configs/meta-llama-3-8b.json")},
      {"gguf_files",
       {{{"name", "Meta-Llama-3-8B-Q4_K_M.gguf"}, {"bytes", 4'920'734'016}},
        {{"name", "Meta-Llama-3-8B-Q8_0-00001-of-00002.gguf"}, {"bytes", 4'000'000'000}},
        {{"name", "mmproj-model-f16.gguf"}, {"bytes", 600'000'000}}}}};
  const Json out = llm_sizer::read_checkpoint(input);
  CHECK(out["kind"] == "gguf");
  REQUIRE(out["gguf"].size() == 2);
  CHECK(out["projectors"].size() == 1);
  const Json& q4 = out["gguf"][1];
  CHECK(q4["quant"] == "Q4_K_M");
  // llama.cpp loads Meta-Llama-3-8B Q4_K_M as 4.58 GiB of tensors (its load log, in
  // data/measurements/inference-memory.json); the file adds a few MB of metadata and tokenizer.
  CHECK(q4["expected_bytes"].get<double>() == Approx(4.58 * 1024 * 1024 * 1024).epsilon(0.005));
  CHECK(std::abs(q4["difference"].get<double>()) < 0.01);
  // A split file with a part missing is named.
  REQUIRE(out["warnings"].size() == 1);
  CHECK(out["warnings"][0]["code"] == "warning.gguf_parts_missing");
}

TEST_CASE("a GGUF listing refuses what is no listing, naming the file") {
  const auto refused = [](Json input) {
    try {
      llm_sizer::read_checkpoint(input);
    } catch (const llm_sizer::InputError& e) {
      return e.field();
    }
    return std::string("accepted");
  };
  CHECK(refused({{"gguf_files", Json::array()}}) == "gguf_files");
  CHECK(refused({{"gguf_files", {{{"name", "README.md"}, {"bytes", 5}}}}}) == "gguf_files");
  CHECK(refused({{"gguf_files", {{{"name", "a.gguf"}, {"bytes", -1}}}}}) == "gguf_files[0].bytes");
  CHECK(refused({{"gguf_files", {{{"name", ""}, {"bytes", 1}}}}}) == "gguf_files[0].name");
  CHECK(refused({{"gguf_files", {{{"name", "a.gguf"}, {"bytes", 1}}}}, {"files", Json::array()}}) ==
        "files");
}
