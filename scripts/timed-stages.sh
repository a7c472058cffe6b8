#!/usr/bin/env bash
# Runs commands one after another, stopping at the first that fails, and ends with how long each
# took, so a slow stage shows without reading the whole log. Used by `npm test` and `.ci/run`.
# Usage: timed-stages.sh "name=command" ...
set -uo pipefail
summary=()
report() {
  echo
  echo "Time per stage:"
  printf '  %s\n' "${summary[@]}"
}
for stage in "$@"; do
  name="${stage%%=*}"
  command="${stage#*=}"
  start=$SECONDS
  bash -c "$command"
  status=$?
  took=$((SECONDS - start))
  if [ "$status" -ne 0 ]; then
    summary+=("$(printf '%-22s %3dm%02ds  FAILED' "$name" $((took / 60)) $((took % 60)))")
    report
    exit "$status"
  fi
  summary+=("$(printf '%-22s %3dm%02ds' "$name" $((took / 60)) $((took % 60)))")
done
report
