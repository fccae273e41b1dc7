#!/usr/bin/env bash
# Runs every test suite: Catch2 through CTest (the CPU twin's kernel checks included), the node
# tests of the CLI, the WASM module and the kernel bench, the browser tests in Debian's Chromium,
# and beside them the sanitized build of the suites and the CLI, then a bounded fuzzing run
# (scripts/sanitize.sh, scripts/fuzz.sh; FUZZ_SECONDS per fuzz target, 45 by default). Builds
# gpu-bench where nvcc exists. Prints each step's seconds at the end. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/steps.sh

step setup scripts/setup.sh
step build scripts/build.sh

# gpu-bench (left out of the default build: here it must compile and link; nothing can run it
# without a GPU, tests/gpu/run_device_bench.sh does on a GPU machine) and the hardening checks
# (the sanitized build and its suites) need nothing the suites below make: they run at the lowest
# priority beside them, on what those leave idle (the browser mostly waits on its pages). Their
# output is shown when they end; the fuzzing runs last, alone.
run_beside() {
  if grep -q '^LLM_SIZER_GPU_BENCH_ENABLED:INTERNAL=ON' build/native/CMakeCache.txt; then
    cmake --build build/native --target gpu-bench --parallel "$(nproc)"
  else
    echo "gpu-bench: skipped, no CUDA toolkit (nvcc) found"
  fi
  scripts/sanitize.sh --without-fuzz
}
mkdir -p build
# In a process group of its own, so that a failing suite stops it too.
setsid nice -n 19 bash -c "set -euo pipefail; $(declare -f run_beside); run_beside" \
  >build/beside.log 2>&1 &
beside=$!
stop_beside() {
  kill -- "-$beside" 2>/dev/null || true
  print_step_timings
}
trap stop_beside EXIT
# Shown when the checks beside failed; the run stops there.
beside_failed() {
  tail -n 80 build/beside.log >&2
  return 1
}

step ctest ctest --test-dir build/native --output-on-failure --parallel "$(nproc)"
# Node runs one test file at a time unless told: they are independent, and mostly one core each.
step node node --test --test-concurrency="$(nproc)" tests/node/*.test.mjs
step browser node --test --test-concurrency=1 tests/browser/*.test.mjs
step "gpu-bench and hardening checks (what was left of them)" wait "$beside" || beside_failed
grep -v '^\[[0-9]*/[0-9]*\]' build/beside.log || true
step fuzz scripts/fuzz.sh
