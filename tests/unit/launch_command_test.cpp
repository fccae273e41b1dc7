// The commands that realise an inference answer (launch/): each runtime's flags for realistic
// scenarios, the benchmark line mirroring the placement, quoting, and the new inputs' checks.
#include <catch2/catch.hpp>

#include <string>

#include "launch/shell_words.hpp"
#include "test_support.hpp"

using Catch::Contains;
using llm_sizer::Json;
using llm_sizer::test::run;

namespace {

constexpr double kLaunchGiB = 1024.0 * 1024.0 * 1024.0;

Json command(const Json& scenario) {
  return run(scenario)["inference"]["command"];
}

Json section(const std::string& runtime, const std::string& weights, Json extra = Json::object()) {
  Json s = {{"runtime", runtime}, {"weights", weights}};
  s.update(extra);
  return s;
}

// A laptop RTX 3060 with 6 GB beside a Ryzen 9 7950X with 64 GiB of RAM.
Json laptop_3060(Json inference) {
  return {{"model", "qwen3-30b-a3b"},
          {"hardware",
           {{"accelerator", {{"preset", "rtx-3060-12gb"}, {"memory_bytes", 6 * kLaunchGiB}}},
            {"host", {{"preset", "ryzen-9-7950x"}, {"memory_bytes", 64 * kLaunchGiB}}}}},
          {"inference", std::move(inference)}};
}

std::string note_codes(const Json& c) {
  std::string codes;
  for (const auto& note : c["notes"]) codes += note["code"].get<std::string>() + " ";
  return codes;
}

}  // namespace

TEST_CASE("shell words: plain words as they are, others single-quoted") {
  using llm_sizer::shell_quote;
  CHECK(shell_quote("Qwen/Qwen3-30B-A3B:Q4_K_M") == "Qwen/Qwen3-30B-A3B:Q4_K_M");
  CHECK(shell_quote("") == "''");
  CHECK(shell_quote("my model.gguf") == "'my model.gguf'");
  CHECK(shell_quote("it's") == "'it'\\''s'");
  CHECK(shell_quote("$HOME") == "'$HOME'");
  CHECK(shell_quote("~/m.gguf") == "'~/m.gguf'");
  CHECK(llm_sizer::command_line({"llama-server", "-ot", "exps=CPU", "a b"}) ==
        "llama-server -ot exps=CPU 'a b'");
  CHECK(llm_sizer::number_text(0.9) == "0.9");
  CHECK(llm_sizer::number_text(4) == "4");
}

TEST_CASE("Qwen3-30B-A3B Q4_K_M on a 6 GB RTX 3060: experts in host memory, -ngl, threads") {
  const Json result = run(laptop_3060(section("llama.cpp", "q4_k_m", {{"context_tokens", 8192}})));
  const Json& placement = result["inference"]["placement"];
  REQUIRE(placement["verdict"] == "fits_with_offload");
  const int64_t experts = placement["offload_experts"].get<int64_t>();
  REQUIRE(experts > 0);
  const Json& c = result["inference"]["command"];
  CHECK(c["runtime"] == "llama.cpp");
  const std::string run_line = c["run"];
  const std::string ngl = "-ngl " + std::to_string(placement["gpu_layers"].get<int64_t>());
  CHECK_THAT(run_line, Catch::StartsWith("llama-server -m Qwen3-30B-A3B-Q4_K_M.gguf -c 8192"));
  CHECK_THAT(run_line, Contains(ngl));
  // Qwen3-30B-A3B has MoE in every layer, so the first N MoE layers are layers [0, N).
  const bool all = experts == placement["moe_layers"].get<int64_t>();
  const std::string experts_flag = all ? "-ot exps=CPU" : "--n-cpu-moe " + std::to_string(experts);
  CHECK_THAT(run_line, Contains(experts_flag));
  CHECK_THAT(run_line, Contains("-fa on"));
  CHECK_THAT(run_line, Contains("-t 16"));  // the 7950X's 16 cores run the experts
  CHECK_THAT(run_line, !Contains("-ctk"));  // f16 KV cache is the default
  // The benchmark mirrors the placement with the request shape.
  const std::string bench = c["measure"];
  CHECK_THAT(bench, Catch::StartsWith("llama-bench -m Qwen3-30B-A3B-Q4_K_M.gguf -p 1024 -n 256 "));
  CHECK_THAT(bench, Contains(ngl));
  CHECK_THAT(bench, Contains(experts_flag));
  CHECK_THAT(bench, Contains("-fa 1"));
  CHECK_THAT(note_codes(c), Contains("note.launch.model_file_assumed"));
  // The alternatives: llama-cli, and an Ollama Modelfile with the same context and GPU layers.
  REQUIRE(c["alternatives"].size() == 2);
  CHECK_THAT(c["alternatives"][0]["run"].get<std::string>(), Catch::StartsWith("llama-cli "));
  const Json& ollama = c["alternatives"][1];
  CHECK(ollama["runtime"] == "ollama");
  CHECK_THAT(ollama["modelfile"].get<std::string>(), Contains("PARAMETER num_ctx 8192\n"));
  CHECK_THAT(
      ollama["modelfile"].get<std::string>(),
      Contains("PARAMETER num_gpu " + std::to_string(placement["gpu_layers"].get<int64_t>())));
  CHECK(ollama["measure"] == "ollama run --verbose qwen3-30b-a3b-q4_k_m");
  CHECK_THAT(note_codes(ollama), Contains("note.launch.ollama_no_expert_offload"));
}

TEST_CASE("llama.cpp: the scenario's expert count, a GGUF repository, quantized KV, several GPUs") {
  Json s = laptop_3060(section("llama.cpp", "q4_k_m",
                               {{"offload_experts", 20},
                                {"gpu_layers", 49},
                                {"kv_cache", "q8_0"},
                                {"model_repo", "unsloth/Qwen3-30B-A3B-GGUF"}}));
  const Json c = command(s);
  CHECK(c["run"] ==
        "llama-server -hf unsloth/Qwen3-30B-A3B-GGUF:Q4_K_M -c 4096 -ngl 49 --n-cpu-moe 20 -fa on "
        "-ctk q8_0 -ctv q8_0 -t 16");
  CHECK(c["measure"] ==
        "llama-bench -hf unsloth/Qwen3-30B-A3B-GGUF:Q4_K_M -p 1024 -n 256 -ngl 49 --n-cpu-moe 20 "
        "-fa 1 -ctk q8_0 -ctv q8_0 -t 16");
  CHECK_THAT(note_codes(c), !Contains("note.launch.model_file_assumed"));
  CHECK_THAT(c["alternatives"][1]["modelfile"].get<std::string>(),
             Catch::StartsWith("FROM hf.co/unsloth/Qwen3-30B-A3B-GGUF:Q4_K_M\n"));

  // Two GPUs split the layers evenly; a batch is served by as many slots sharing -c.
  const Json two = command(
      {{"model", "llama-3-8b"},
       {"hardware", {{"accelerator", "rtx-4090"}, {"count", 2}}},
       {"inference",
        section("llama.cpp", "q8_0",
                {{"batch", 4}, {"flash_attention", false}, {"model_file", "/m/llama 3.gguf"}})}});
  CHECK(two["run"] == "llama-server -m '/m/llama 3.gguf' -c 16384 -np 4 -ngl 33 -fa off -ts 1,1");
  CHECK(two["measure"] == "llama-bench -m '/m/llama 3.gguf' -p 1024 -n 256 -ngl 33 -fa 0 -ts 1/1");
  CHECK_THAT(note_codes(two), Contains("note.launch.bench_one_sequence"));
}

TEST_CASE("Llama-3.1-70B FP8 on 4 x H100 with vLLM: TP 4 and an FP8 KV cache when asked") {
  const Json s = {{"model", "llama-3.1-70b"},
                  {"hardware", {{"accelerator", "h100-sxm"}, {"count", 4}}},
                  {"inference", section("vllm", "fp8", {{"kv_cache", "fp8"}, {"batch", 32}})}};
  const Json c = command(s);
  CHECK(c["runtime"] == "vllm");
  const std::string line = c["run"];
  CHECK_THAT(line, Catch::StartsWith("vllm serve meta-llama/Llama-3.1-70B "));
  CHECK_THAT(line, Contains("--tensor-parallel-size 4"));
  CHECK_THAT(line, Contains("--kv-cache-dtype fp8"));
  CHECK_THAT(line, Contains("--max-model-len 4096"));
  CHECK_THAT(line, Contains("--quantization fp8"));         // the repository holds BF16 weights
  CHECK_THAT(line, !Contains("--gpu-memory-utilization"));  // vLLM's own 0.9
  CHECK_THAT(note_codes(c), Contains("note.launch.online_quantization"));
  CHECK(c["measure"] ==
        "vllm bench serve --model meta-llama/Llama-3.1-70B --dataset-name random "
        "--random-input-len 1024 --random-output-len 256 --num-prompts 320 --max-concurrency 32 "
        "--ignore-eos");
  CHECK(c["alternatives"].empty());

  // A 16-bit KV cache leaves the flag out; a changed budget, step and offload are given.
  Json other = s;
  other["inference"] =
      section("vllm", "bf16",
              {{"gpu_memory_fraction", 0.95}, {"max_batched_tokens", 4096}, {"max_num_seqs", 128}});
  const std::string plain = command(other)["run"];
  CHECK_THAT(plain, !Contains("--kv-cache-dtype"));
  CHECK_THAT(plain, !Contains("--quantization"));
  CHECK_THAT(plain, Contains("--gpu-memory-utilization 0.95"));
  CHECK_THAT(plain, Contains("--max-num-batched-tokens 4096"));
  CHECK_THAT(plain, Contains("--max-num-seqs 128"));
  const Json offload = {{"model", "llama-3-8b"},
                        {"hardware", {{"accelerator", "rtx-4090"}, {"host", "ryzen-9-7950x"}}},
                        {"inference", section("vllm", "bf16", {{"cpu_offload_bytes", 4 * kLaunchGiB}})}};
  CHECK_THAT(command(offload)["run"].get<std::string>(), Contains("--cpu-offload-gb 4"));
}

TEST_CASE("SGLang and TensorRT-LLM: their spellings, and what they cannot say on the line") {
  const Json hardware = {{"accelerator", "h100-sxm"}, {"count", 8}};
  const Json sglang =
      command({{"model", "llama-3.1-70b"},
               {"hardware", hardware},
               {"inference", section("sglang", "bf16", {{"kv_cache", "fp8"}, {"tp", 4}})}});
  CHECK(sglang["run"] ==
        "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B --tp 4 "
        "--context-length 4096 --kv-cache-dtype fp8_e4m3");
  CHECK_THAT(sglang["measure"].get<std::string>(),
             Catch::StartsWith("python -m sglang.bench_serving --backend sglang --dataset-name "
                               "random --random-input-len 1024 --random-output-len 256"));
  CHECK_THAT(note_codes(sglang), Contains("note.launch.replicas"));

  const Json trt = command(
      {{"model", "llama-3.1-70b"},
       {"hardware", hardware},
       {"inference", section("tensorrt-llm", "bf16", {{"kv_cache", "fp8"}, {"batch", 16}})}});
  CHECK(trt["run"] ==
        "trtllm-serve meta-llama/Llama-3.1-70B --backend pytorch --tp_size 8 --max_batch_size 16 "
        "--max_num_tokens 8192 --max_seq_len 4096");
  CHECK_THAT(trt["measure"].get<std::string>(), Contains("prepare-dataset --output dataset.txt "
                                                         "token-norm-dist --num-requests 160"));
  CHECK_THAT(trt["measure"].get<std::string>(), Contains(" && trtllm-bench --model "
                                                         "meta-llama/Llama-3.1-70B throughput"));
  CHECK_THAT(note_codes(trt), Contains("note.launch.kv_cache_config"));
  // A format it cannot make as it loads needs a checkpoint stored in it.
  const Json gptq = command({{"model", "llama-3.1-70b"},
                             {"hardware", hardware},
                             {"inference", section("tensorrt-llm", "fp8")}});
  CHECK_THAT(note_codes(gptq), Contains("note.launch.checkpoint_needed"));
}

TEST_CASE("the generic runtime and a checkpoint stored quantized") {
  // DeepSeek-V3's repository stores FP8 weights: nothing to quantize.
  const Json v3 = command({{"model", "deepseek-v3"},
                           {"hardware", {{"accelerator", "h200"}, {"count", 8}}},
                           {"inference", section("generic", "fp8")}});
  CHECK(v3["runtime"] == "vllm");
  CHECK_THAT(v3["run"].get<std::string>(),
             Catch::StartsWith("vllm serve deepseek-ai/DeepSeek-V3 "));
  CHECK_THAT(v3["run"].get<std::string>(), !Contains("--quantization"));
  CHECK_THAT(note_codes(v3), Contains("note.launch.generic_runtime"));
}

TEST_CASE("model_repo and model_file are checked and echoed") {
  const auto with = [](Json extra) {
    return Json{{"model", "llama-3-8b"}, {"inference", section("vllm", "bf16", std::move(extra))}};
  };
  CHECK_THROWS_WITH(
      run(with({{"model_repo", "no-slash"}})),
      Catch::StartsWith("inference.model_repo: must be a Hugging Face repository id"));
  CHECK_THROWS_WITH(
      run(with({{"model_repo", "a/b c"}})),
      Catch::StartsWith("inference.model_repo: must be a Hugging Face repository id"));
  CHECK_THROWS_WITH(run(with({{"model_file", "a\nb"}})),
                    Catch::StartsWith("inference.model_file: must be a non-empty path"));
  CHECK_THROWS_WITH(run(with({{"model_file", ""}})),
                    Catch::StartsWith("inference.model_file: must be a non-empty path"));
  const Json result = run(with({{"model_repo", "my-org/Llama-3-8B.v2"}}));
  CHECK(result["scenario"]["inference"]["model_repo"] == "my-org/Llama-3-8B.v2");
  CHECK_THAT(result["inference"]["command"]["run"].get<std::string>(),
             Catch::StartsWith("vllm serve my-org/Llama-3-8B.v2 "));
  CHECK_FALSE(run(with(Json::object()))["scenario"]["inference"].contains("model_repo"));
}
