#!/usr/bin/env bash
# The hardening checks (issue 17), in their own build (build/sanitize, clang): the core, the
# Catch2 suites, the CLI and the libFuzzer targets, all with AddressSanitizer and
# UndefinedBehaviorSanitizer, where the first report aborts. Runs the suites, the node tests that
# drive the CLI, and every fuzz target for FUZZ_SECONDS (scripts/fuzz.sh). Prints each step's
# seconds. Non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh
# -O1 with line tables: the sanitizers' usual build (full stack traces with file and line), which
# compiles in about half the time of -O2 -g.
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" -DCMAKE_CXX_COMPILER=clang++ \
  -DLLM_SIZER_SANITIZE=ON -DLLM_SIZER_BUILD_FUZZ=ON -DLLM_SIZER_BUILD_GPU_BENCH=OFF >/dev/null
step build cmake --build build/sanitize --parallel "$(nproc)"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
step ctest ctest --test-dir build/sanitize --output-on-failure --parallel "$(nproc)"
LLM_SIZER_CLI=build/sanitize/core/cli/llm-sizer step node node --test tests/node/cli.test.mjs \
  tests/node/hostile_input.test.mjs tests/node/properties.test.mjs
step fuzz scripts/fuzz.sh
