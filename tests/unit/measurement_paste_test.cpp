// Pasted measurements read into inference.measured: llama-bench's three outputs, llama.cpp's
// timing lines, vLLM's benchmark summary and a bare figure, and the line named when one is wrong.
#include <catch2/catch.hpp>

#include <string>

#include "measurement_paste.hpp"

using llm_sizer::Json;
using llm_sizer::read_measurement_paste;

TEST_CASE("llama-bench's markdown table, with the device lines and build line around it") {
  const Json read = read_measurement_paste(
      "ggml_cuda_init: found 1 CUDA devices:\n"
      "| model                  |     size | params | backend | ngl |          test |            "
      "t/s |\n"
      "| ---------------------- | -------: | -----: | ------- | --: | ------------: | "
      "-------------: |\n"
      "| llama 8B Q4_K - Medium | 4.58 GiB | 8.03 B | CUDA    |  99 |         pp512 | 7138.99 ± "
      "9.1 |\n"
      "| llama 8B Q4_K - Medium | 4.58 GiB | 8.03 B | CUDA    |  99 | tg128 @ d4096 |  120.5 ± 0.2 "
      "|\n"
      "\nbuild: 8d5d2b4 (4156)\n");
  const Json& m = read["measured"];
  CHECK(read["format"] == "llama-bench");
  CHECK(m["prefill_tokens_per_s"] == 7138.99);
  CHECK(m["prefill_tokens"] == 512);
  CHECK(m["decode_tokens_per_s"] == 120.5);
  CHECK(m["decode_context_tokens"] == 4096 + 64);  // a tg128 from depth 4096: its middle
}

TEST_CASE("llama-bench's CSV and JSON, and JSONL") {
  const Json csv = read_measurement_paste(
      "build_commit,model_type,n_prompt,n_gen,n_depth,avg_ts,stddev_ts\n"
      "\"8d5d2b4\",\"llama 8B Q4_K - Medium\",512,0,0,\"7138.99\",\"9.1\"\n"
      "\"8d5d2b4\",\"llama 8B Q4_K - Medium\",0,128,0,\"130.58\",\"0.2\"\n");
  CHECK(csv["measured"]["prefill_tokens_per_s"] == 7138.99);
  CHECK(csv["measured"]["decode_tokens_per_s"] == 130.58);
  CHECK(csv["measured"]["decode_context_tokens"] == 64);
  const Json json = read_measurement_paste(
      R"([{"n_prompt": 512, "n_gen": 0, "avg_ts": 100.5}, {"n_prompt": 0, "n_gen": 128, "avg_ts": 20}])");
  CHECK(json["measured"]["prefill_tokens_per_s"] == 100.5);
  CHECK(json["measured"]["decode_tokens_per_s"] == 20);
  const Json jsonl = read_measurement_paste(
      "{\"n_prompt\": 0, \"n_gen\": 256, \"n_depth\": 0, \"avg_ts\": 33.5}\n");
  CHECK(jsonl["measured"]["decode_tokens_per_s"] == 33.5);
  CHECK(jsonl["measured"]["decode_context_tokens"] == 128);
}

TEST_CASE("llama.cpp's timing lines, vLLM's summary and a bare figure") {
  const Json timings = read_measurement_paste(
      "llama_perf_context_print: prompt eval time =     123.45 ms /   512 tokens (    0.24 ms per "
      "token,  4147.50 tokens per second)\n"
      "llama_perf_context_print:        eval time =    1500.00 ms /   127 runs   (   11.81 ms per "
      "token,    84.67 tokens per second)\n");
  CHECK(timings["format"] == "llama.cpp");
  CHECK(timings["measured"]["prefill_tokens_per_s"] == 4147.5);
  CHECK(timings["measured"]["decode_tokens_per_s"] == 84.67);
  CHECK_FALSE(timings["measured"].contains("decode_context_tokens"));  // the scenario's
  const Json vllm = read_measurement_paste(
      "============ Serving Benchmark Result ============\n"
      "Successful requests:                     100\n"
      "Maximum request concurrency:             8\n"
      "Mean TTFT (ms):                          35.10\n"
      "Mean TPOT (ms):                          12.50\n");
  CHECK(vllm["format"] == "vllm bench serve");
  CHECK(vllm["measured"]["decode_tokens_per_s"] == 80.0);
  CHECK(vllm["measured"]["decode_batch"] == 8);
  CHECK(read_measurement_paste("42.5 tok/s")["measured"]["decode_tokens_per_s"] == 42.5);
  CHECK(read_measurement_paste(" 17 ")["measured"]["decode_tokens_per_s"] == 17);
}

TEST_CASE("a paste that cannot be read names the line at fault") {
  CHECK_THROWS_WITH(read_measurement_paste("| test | t/s |\n|---|---|\n| tg128 | fast |\n"),
                    Catch::StartsWith("paste: line 3: the speed is not a tokens/s figure"));
  CHECK_THROWS_WITH(read_measurement_paste("| test | t/s |\n| tg128 | 1 | 2 |\n"),
                    Catch::StartsWith("paste: line 2: has 3 cells, the header 2"));
  CHECK_THROWS_WITH(read_measurement_paste("| model | speed |\n| x | 1 |\n"),
                    Catch::StartsWith("paste: line 1: a llama-bench table's header"));
  CHECK_THROWS_WITH(read_measurement_paste("n_prompt,avg_ts\n512,100\n"),
                    Catch::StartsWith("paste: line 1: a llama-bench CSV header"));
  CHECK_THROWS_WITH(read_measurement_paste("n_prompt,n_gen,avg_ts\n512,-1,100\n"),
                    Catch::StartsWith("paste: line 2: n_gen is not a count"));
  CHECK_THROWS_WITH(read_measurement_paste("{\"n_gen\": 128}\n"),
                    Catch::StartsWith("paste: line 1: llama-bench's JSON"));
  CHECK_THROWS_WITH(read_measurement_paste("Mean TPOT (ms): 0\n"),
                    Catch::StartsWith("paste: line 1: the speed is not"));
  CHECK_THROWS_WITH(read_measurement_paste("  \n\n"), Catch::StartsWith("paste: is empty"));
  CHECK_THROWS_WITH(read_measurement_paste("it felt fast"),
                    Catch::StartsWith("paste: must be llama-bench's output"));
  CHECK_THROWS_WITH(read_measurement_paste(std::string(70'000, '1')),
                    Catch::StartsWith("paste: must be a string of at most"));
}
