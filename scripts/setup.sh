#!/usr/bin/env bash
# Installs what the build and the tests need, and nothing that is already there. Idempotent.
# Debian packages come from apt; front-end packages from npm, pinned by web/package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ clang libclang-rt-14-dev emscripten nlohmann-json3-dev catch2 chromium
  fonts-wqy-microhei libbenchmark-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
done
# Node.js may come from another repository that bundles npm; only a machine without it needs
# Debian's.
command -v node >/dev/null && command -v npm >/dev/null || missing+=(nodejs npm)
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq \
    "${missing[@]}" >/dev/null
fi

# npm ci only when the lockfile changed since the last install.
stamp=web/node_modules/.package-lock.json
if [[ ! -f $stamp || web/package-lock.json -nt $stamp ]]; then
  echo "setup: npm ci (web/)"
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
