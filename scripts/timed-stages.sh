#!/usr/bin/env bash
# Runs commands one after another, stopping at the first that fails, and ends with how long each
# took, so a slow stage shows without reading the whole log. Used by `npm test` and `.ci/run`; a
# stage that is itself a timed-stages.sh run (`npm test` in `.ci/run`) has its stages' times
# listed under its own, so the summary at the very end shows them all.
# Usage: timed-stages.sh "name=command" ...
set -uo pipefail
summary=()
report() {
  echo
  echo "Time per stage:"
  printf '  %s\n' "${summary[@]}"
  # Handed up to the timed-stages.sh this run is a stage of, if any.
  if [ -n "${TIMED_STAGES_PARENT:-}" ]; then printf '%s\n' "${summary[@]}" >"$TIMED_STAGES_PARENT"; fi
}
for stage in "$@"; do
  name="${stage%%=*}"
  command="${stage#*=}"
  nested=$(mktemp)
  start=$SECONDS
  TIMED_STAGES_PARENT="$nested" bash -c "$command"
  status=$?
  took=$((SECONDS - start))
  line="$(printf '%-26s %3dm%02ds' "$name" $((took / 60)) $((took % 60)))"
  [ "$status" -ne 0 ] && line="$line  FAILED"
  summary+=("$line")
  while IFS= read -r inner; do summary+=("  $inner"); done <"$nested"
  rm -f "$nested"
  if [ "$status" -ne 0 ]; then
    report
    exit "$status"
  fi
done
report
