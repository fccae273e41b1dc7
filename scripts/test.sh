#!/usr/bin/env bash
# Runs every test suite: Catch2 through CTest, the node tests of the CLI and the WASM module, the
# browser tests in Debian's Chromium, then the sanitized build of the suites and the CLI with a
# bounded fuzzing run (scripts/sanitize.sh; FUZZ_SECONDS per fuzz target, 45 by default). Exits
# non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh

ctest --test-dir build/native --output-on-failure --parallel "$(nproc)"
node --test tests/node/*.test.mjs
node --test --test-concurrency=1 tests/browser/*.test.mjs
scripts/sanitize.sh
