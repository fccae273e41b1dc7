#!/usr/bin/env bash
# Runs every libFuzzer target of build/sanitize (scripts/sanitize.sh builds them) for FUZZ_SECONDS
# each (default 45), starting from the seeds in tests/fuzz/corpus/<entry>. What the fuzzer learns
# is kept in build/sanitize/fuzz-corpus/<entry> for the next run. Prints the executions per target;
# a crash, a sanitizer report, a hang or a leak fails the run, and the input that did it is left in
# build/sanitize/fuzz-artifacts/ (reproduce: build/sanitize/tests/fuzz/llm_sizer_fuzz_<entry> FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-45}
build=build/sanitize
mkdir -p "$build/fuzz-artifacts"
status=0
for target in "$build"/tests/fuzz/llm_sizer_fuzz_*; do
  entry=${target##*/llm_sizer_fuzz_}
  corpus="$build/fuzz-corpus/$entry"
  log="$build/fuzz-$entry.log"
  mkdir -p "$corpus"
  # A hang is an input slower than this (a plan searches thousands of plans per GPU count).
  limit=25
  [[ $entry == plan ]] && limit=60
  if "$target" -max_total_time="$seconds" -timeout="$limit" -rss_limit_mb=3072 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$build/fuzz-artifacts/$entry-" \
    "$corpus" "tests/fuzz/corpus/$entry" >"$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz $entry: $execs executions in ${seconds}s, no crash ($(ls "$corpus" | wc -l) inputs in its corpus)"
  else
    echo "fuzz $entry: FAILED, see $log and $build/fuzz-artifacts/" >&2
    tail -n 60 "$log" >&2
    status=1
  fi
done
exit "$status"
