#!/usr/bin/env bash
# Builds gpu-bench on a CUDA machine and runs it, in one go: the build for the GPU's own
# architecture, then the checks and measurements (estimated at a few minutes on an H200 with 16
# cores; the plan's measurements take about a minute of device time by their sizes).
#
#   tests/gpu/run_device_bench.sh ACCELERATOR_ID OUTPUT_DIR      e.g. h200 /tmp/bench
#
# ACCELERATOR_ID is the catalog entry of the GPU (`llm-sizer presets`); predictions use it.
# Writes into OUTPUT_DIR: gpu-bench.json (every check and measurement beside the core's
# prediction and their ratio), gpu-bench.txt (the table), ACCELERATOR_ID.json (the calibration
# entry: copy it to data/calibration/ to make it the device's defaults), nvidia-smi.txt and
# build.log. Needs cmake, ninja, g++ and nvcc; a machine without Debian's nlohmann-json3-dev
# gives the folder that holds nlohmann/json.hpp in JSON_INCLUDE_DIR.
set -euo pipefail
id=${1:?usage: run_device_bench.sh ACCELERATOR_ID OUTPUT_DIR}
out=$(mkdir -p "${2:?usage: run_device_bench.sh ACCELERATOR_ID OUTPUT_DIR}" && cd "$2" && pwd)
cd "$(dirname "$0")/../.."

nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
  --format=csv >"$out/nvidia-smi.txt" 2>&1 || true
# Only the GPU's own architecture ("9.0" -> 90): the build takes a third of the time. Without an
# answer, every architecture nvcc supports of sm_80, sm_90 and sm_100.
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .' || true)
options=()
if [ -n "$arch" ]; then options+=(-DLLM_SIZER_CUDA_ARCHITECTURES="$arch"); fi
if [ -n "${JSON_INCLUDE_DIR:-}" ]; then
  options+=(-DLLM_SIZER_JSON_INCLUDE_DIR="$(cd "$JSON_INCLUDE_DIR" && pwd)")
fi
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)

{
  cmake -S . -B build/gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DLLM_SIZER_BUILD_TESTS=OFF \
    -DCMAKE_CUDA_COMPILER="$nvcc" "${options[@]}"
  cmake --build build/gpu --target gpu-bench --parallel "$(nproc)"
} >"$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }

status=0
build/gpu/tests/gpu/gpu-bench --accelerator "$id" --out "$out/gpu-bench.json" \
  --calibration-out "$out/$id.json" | tee "$out/gpu-bench.txt" || status=$?
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv \
  >>"$out/nvidia-smi.txt" || true
exit "$status"
