#!/usr/bin/env bash
# Builds everything and serves the calculator on http://127.0.0.1:8080/ in the foreground.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
exec node scripts/serve.mjs build/site "${PORT:-8080}"
