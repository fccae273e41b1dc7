#!/usr/bin/env bash
# Builds the native core, CLI and tests (build/native), the WASM module (build/wasm), the static
# site (build/site) that serve.sh serves and the browser tests open, and the npm package
# (build/package).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh

jobs=$(nproc)
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
step native cmake --build build/native --parallel "$jobs"

# Debian's emcc runs its JS optimizer with /usr/bin/node, which needs NODE_PATH to find acorn.
export NODE_PATH=/usr/share/nodejs
emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
step wasm cmake --build build/wasm --parallel "$jobs"

step site node web/build.mjs build/wasm/wasm build/site
node packages/llm-sizer/build.mjs build/wasm/wasm build/package
