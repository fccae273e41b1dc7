#!/usr/bin/env bash
# The edit loop: rebuilds only what changed (scripts/build.sh) and runs the Catch2 suites and the
# node tests (the CLI, the WASM modules, the data, the kernel bench's CPU twin, the layout of the
# rooms). No browser and no sanitized build: scripts/test.sh runs those too. Non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
ctest --test-dir build/native --output-on-failure --parallel "$(nproc)"
node --test --test-concurrency="$(nproc)" tests/node/*.test.mjs
