#!/usr/bin/env bash
# Verification figures of BENCHMARKS.md: the sample library in process, through its driver and
# through the Python example driver, each run alternated with the same run of another build
# (BASE, e.g. a worktree of an earlier commit built with `swift build -c release`) or another
# mode, three times; prints each run's wall seconds and what the run said of its steps.
#   scripts/bench-verify.sh [BASE_DIR]     (default BASE_DIR: none, the mode comparisons only)
set -euo pipefail
cd "$(dirname "$0")/.."
new=.build/release
base=${1:-}
py="python3 examples/python-driver/driver.py"
run() {  # label, command...
  local start end
  start=$(date +%s.%N)
  out=$("${@:2}" 2>&1 | grep -E "^(ok|FAIL) +verify:|^checked |^ran " | head -1 || true)
  end=$(date +%s.%N)
  printf "%-34s %6.2f s  %s\n" "$1" "$(awk "BEGIN { print $end - $start }")" "$out"
}
for i in 1 2 3; do
  echo "-- round $i"
  if [ -n "$base" ]; then
    run "in process, base" "$base/.build/release/SampleDriver" --in-process
  fi
  run "in process" $new/SampleDriver --in-process
  run "in process, no saved states" $new/SampleDriver --in-process --no-save
  if [ -n "$base" ]; then
    run "Swift driver, base (pinned)" "$base/.build/release/NavFuzz" verify --driver "exec $base/.build/release/SampleDriver" --junit /tmp/bench-v.xml
  fi
  run "Swift driver" $new/NavFuzz verify --driver "exec $new/SampleDriver" --junit /tmp/bench-v.xml
  run "Swift driver, no saved states" $new/NavFuzz verify --driver "exec $new/SampleDriver --no-save" --junit /tmp/bench-v.xml
  run "Swift driver, pinned" $new/NavFuzz verify --pin --driver "exec $new/SampleDriver" --junit /tmp/bench-v.xml
  if [ -n "$base" ]; then
    run "Python driver, base (pinned)" "$base/.build/release/NavFuzz" verify --driver "exec $py --plain" --junit /tmp/bench-v.xml
  fi
  run "Python driver" $new/NavFuzz verify --driver "exec $py" --junit /tmp/bench-v.xml
  run "Python driver, no saved states" $new/NavFuzz verify --driver "exec $py --no-save" --junit /tmp/bench-v.xml
  run "Python driver, plain" $new/NavFuzz verify --driver "exec $py --plain" --junit /tmp/bench-v.xml
  run "Python driver, pinned" $new/NavFuzz verify --pin --driver "exec $py" --junit /tmp/bench-v.xml
  if [ -n "$base" ]; then
    run "Python bug, first failure, base" "$base/.build/release/NavFuzz" verify --first-failure --driver "exec $py --plain --bug swipe-keeps-child" --junit /tmp/bench-v.xml
  fi
  run "Python bug, first failure" $new/NavFuzz verify --first-failure --driver "exec $py --bug swipe-keeps-child" --junit /tmp/bench-v.xml
done
