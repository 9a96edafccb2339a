#!/usr/bin/env bash
# The classes of bug the default run must find through a driver that declares nothing optional
# (examples/python-driver/driver.py, which speaks only what docs/DRIVER-PROTOCOL.md §6 asks):
# each planted bug is found by a plain `NavFuzz verify --driver …` with the default options, on
# the check it breaks, within the seconds BENCHMARKS.md gives for the default run; the bugs of
# position (a call on the first child instead of its own, the top modal instead of the one
# named, the current page instead of another) by the position goals (docs/VERIFY.md §1, Positions).
# Usage: scripts/bug-classes.sh [NAVFUZZ]   (default .build/release/NavFuzz)
set -uo pipefail
cd "$(dirname "$0")/.."
navfuzz=$(realpath "${1:-.build/release/NavFuzz}")
driver="$(pwd)/examples/python-driver/driver.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
# bug  check it breaks  seconds allowed
while read -r bug check limit; do
  start=$(date +%s%N)
  timeout -k 2 $((limit + 30)) "$navfuzz" verify --driver "exec python3 '$driver' --bug $bug" --junit "$work/$bug.xml" \
    --save-failures "$work/failures" > "$work/$bug.log" 2>&1
  code=$?
  took=$((($(date +%s%N) - start) / 1000000))
  if [ "$code" -ne 1 ] || ! grep -q "FAIL.*$check" "$work/$bug.log"; then
    echo "FAIL $bug: exit $code, expected 1 with a $check failure"; tail -20 "$work/$bug.log" | sed 's/^/    /'; failed=1
  elif [ "$took" -gt $((limit * 1000)) ]; then
    echo "FAIL $bug: found, but after ${took} ms, more than ${limit} s"; failed=1
  else
    trace=$(grep -m1 "trace (model ids" "$work/$bug.log" | sed 's/.*(model ids, \([0-9]*\) step.*/\1/')
    found=$(grep -m1 "^  found by" "$work/$bug.log" | sed 's/^  found by //')
    printf 'ok   %-28s %-20s %6d ms, a %s-step trace, found by %s\n' "$bug" "$check" "$took" "$trace" "$found"
  fi
done <<'EOF_BUGS'
finish-twice-crashes no-crash 60
pop-to-root-stops-at-second snapshot-conforms 60
dismiss-all-keeps-first modal-discipline 60
hangs-in-deep-tab-trees no-hang 60
finish-removes-first-child snapshot-conforms 60
finish-removes-last-child snapshot-conforms 60
finish-splices-middle snapshot-conforms 60
finish-keeps-screens-above snapshot-conforms 60
finish-pops-to-root snapshot-conforms 60
finish-dismisses-top snapshot-conforms 60
finish-dismisses-all snapshot-conforms 60
push-on-current-page snapshot-conforms 60
pop-to-first-entry snapshot-conforms 60
EOF_BUGS
exit $failed
