#!/usr/bin/env bash
# Runs every libFuzzer target of build/sanitize (scripts/sanitize.sh builds them) for FUZZ_SECONDS
# each (default 45), starting from the seeds in tests/fuzz/corpus/<entry>, as many at once as there
# are cores. What the fuzzer learns is kept in build/sanitize/fuzz-corpus/<entry> for the next run.
# Prints the executions per target; a crash, a sanitizer report, a hang or a leak fails the run, and
# the input that did it is left in build/sanitize/fuzz-artifacts/ (reproduce:
# build/sanitize/tests/fuzz/llm_sizer_fuzz_<entry> FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-45}
build=build/sanitize
mkdir -p "$build/fuzz-artifacts"

# One target: its summary line on success; its log's tail on stderr and a non-zero exit otherwise.
fuzz_one() {
  local target=$1 entry=${1##*/llm_sizer_fuzz_}
  local corpus="$build/fuzz-corpus/$entry" log="$build/fuzz-$entry.log"
  mkdir -p "$corpus"
  # A hang is an input slower than this (a plan searches thousands of plans per GPU count; a fleet
  # simulates up to its budget of tokens).
  local limit=25
  [[ $entry == plan || $entry == fleet ]] && limit=60
  if "$target" -max_total_time="$seconds" -timeout="$limit" -rss_limit_mb=3072 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$build/fuzz-artifacts/$entry-" \
    "$corpus" "tests/fuzz/corpus/$entry" >"$log" 2>&1; then
    local execs
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz $entry: $execs executions in ${seconds}s, no crash ($(ls "$corpus" | wc -l) inputs in its corpus)"
  else
    echo "fuzz $entry: FAILED, see $log and $build/fuzz-artifacts/" >&2
    tail -n 60 "$log" >&2
    return 1
  fi
}

status=0
running=0
for target in "$build"/tests/fuzz/llm_sizer_fuzz_*; do
  fuzz_one "$target" &
  running=$((running + 1))
  if ((running >= $(nproc))); then
    wait -n || status=1
    running=$((running - 1))
  fi
done
while ((running > 0)); do
  wait -n || status=1
  running=$((running - 1))
done
exit "$status"
