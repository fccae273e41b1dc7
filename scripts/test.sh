#!/usr/bin/env bash
# Runs every test suite: Catch2 through CTest (the CPU twin's kernel checks included), the node
# tests of the CLI, the WASM module and the kernel bench, the browser tests in Debian's Chromium,
# then the sanitized build of the suites and the CLI with a bounded fuzzing run
# (scripts/sanitize.sh; FUZZ_SECONDS per fuzz target, 45 by default). Builds gpu-bench where nvcc
# exists. Prints each step's seconds at the end. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/steps.sh

step setup scripts/setup.sh
step build scripts/build.sh

# gpu-bench is left out of the default build; here it must compile and link (nothing can run it
# without a GPU: tests/gpu/run_device_bench.sh does on a GPU machine).
if grep -q '^LLM_SIZER_GPU_BENCH_ENABLED:INTERNAL=ON' build/native/CMakeCache.txt; then
  step gpu-bench cmake --build build/native --target gpu-bench --parallel "$(nproc)"
else
  echo "gpu-bench: skipped, no CUDA toolkit (nvcc) found"
fi

step ctest ctest --test-dir build/native --output-on-failure --parallel "$(nproc)"
# Node runs one test file at a time unless told: they are independent, and mostly one core each.
step node node --test --test-concurrency="$(nproc)" tests/node/*.test.mjs
step browser node --test --test-concurrency=1 tests/browser/*.test.mjs
# The sanitized build takes the whole machine: run beside the browser suite (which leaves about
# 0.6 of a core idle) it slowed that suite as much as it gained, three runs out of three.
step sanitize scripts/sanitize.sh
