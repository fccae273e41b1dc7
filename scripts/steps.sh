# Sourced by the build and test scripts: `step NAME COMMAND...` runs COMMAND and keeps its
# wall-clock seconds; on exit the script prints them, so the loop's time can be read where it goes.
step_timings=()
step() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  step_timings+=("$(printf '%5d s  %s' $((SECONDS - start)) "$name")")
}
print_step_timings() {
  ((${#step_timings[@]})) || return 0
  echo "$(basename "$0"): seconds by step"
  printf '  %s\n' "${step_timings[@]}"
}
trap print_step_timings EXIT
