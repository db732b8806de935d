#!/usr/bin/env bash
# Runs the suite again and again on fresh clones, to show it never cries wolf. Not part of CI: run by hand.
#
#   bash Scripts/soak.sh serial N      N runs of `bash .ci/run`, one after another, each on a fresh clone of HEAD
#   bash Scripts/soak.sh paired N      N rounds of two `swift test` on two fresh clones at once, side by side
#   bash Scripts/soak.sh paired-ci N   N rounds of two `bash .ci/run` on two fresh clones at once, side by side
#
# Each run's output is kept in $SOAK_DIR (default: a new folder under /tmp), one log a run; the last line printed
# counts the runs that passed. A clone is removed once its run has passed; a failed one is kept for reading.
set -uo pipefail
mode=${1:?usage: soak.sh serial|paired|paired-ci N}
runs=${2:?usage: soak.sh serial|paired|paired-ci N}
repository=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$repository" rev-parse HEAD)
logs=${SOAK_DIR:-$(mktemp -d /tmp/deepcut-soak.XXXXXX)}
mkdir -p "$logs"
echo "soak: $mode x $runs of $commit; logs in $logs"

clone() {
  local folder=$1
  rm -rf "$folder"
  git clone -q "$repository" "$folder" && git -C "$folder" checkout -q "$commit"
}

# One run in a fresh clone: `bash .ci/run` (serial, paired-ci) or `swift test` (paired). Prints "pass" or "fail".
one() {
  local name=$1 command=$2 folder="$logs/$1"
  clone "$folder" || { echo fail; return; }
  local start=$SECONDS
  if (cd "$folder" && $command) >"$logs/$name.log" 2>&1; then
    # Each test run's count: the suite, and with .ci/run the package's and the packaged binary's end-to-end runs.
    echo "$name: pass in $((SECONDS - start)) s, $(grep -Eo 'with [0-9]+ tests? in [0-9]+ suites? passed' "$logs/$name.log" | paste -sd ';')" >&2
    rm -rf "$folder"
    echo pass
  else
    echo "$name: FAIL in $((SECONDS - start)) s; see $logs/$name.log" >&2
    echo fail
  fi
}

passed=0
total=0
for round in $(seq 1 "$runs"); do
  case $mode in
    serial)
      result=$(one "serial-$round" "bash .ci/run")
      total=$((total + 1))
      [ "$result" = pass ] && passed=$((passed + 1))
      ;;
    paired | paired-ci)
      command=$([ "$mode" = paired ] && echo "swift test" || echo "bash .ci/run")
      one "$mode-$round-a" "$command" >"$logs/.a" &
      first=$!
      one "$mode-$round-b" "$command" >"$logs/.b" &
      second=$!
      wait $first $second
      for side in a b; do
        total=$((total + 1))
        [ "$(cat "$logs/.$side")" = pass ] && passed=$((passed + 1))
      done
      ;;
    *) echo "usage: soak.sh serial|paired|paired-ci N" >&2; exit 64 ;;
  esac
done
echo "soak: $passed of $total runs passed ($mode, $commit)"
[ "$passed" -eq "$total" ]
