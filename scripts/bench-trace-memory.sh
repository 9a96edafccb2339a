#!/usr/bin/env bash
# Peak memory and time of `NavFuzz replay` on long traces, for BENCHMARKS.md: a trace whose
# state stays small (push, pop, … at 10K, 100K and 1M steps) and one whose stack grows with
# every step (push, … at 5K, 10K and 20K). With a second binary the two are run alternately,
# the same trace back to back. Usage: scripts/bench-trace-memory.sh NAVFUZZ [OTHER_NAVFUZZ]
set -euo pipefail
new=${1:?usage: $0 NAVFUZZ [OTHER_NAVFUZZ]}
old=${2:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
trace() {  # trace NAME STEPS KIND
  python3 - "$dir/$1.trace" "$2" "$3" <<'PY'
import sys
path, n, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, "w") as f:
    f.write("# navfuzz-corpus 1\nroot: navigation\n")
    for i in range(n):
        f.write("push c0 r1\n" if kind == "grow" or i % 2 == 0 else "pop c0\n")
    f.write("expect: holds\n")
PY
}
measure() {  # measure BINARY TRACE -> "seconds peak-KB"
  /usr/bin/time -f "%e %M" "$1" replay "$2" --junit "$dir/r.xml" >/dev/null 2>"$dir/time" || true
  tail -1 "$dir/time"
}
printf "%-22s %-24s %s\n" "trace" "this build (s, peak MB)" "${old:+other build (s, peak MB)}"
for spec in "pushpop-10K 10000 flat" "pushpop-100K 100000 flat" "pushpop-1M 1000000 flat" \
            "push-5K 5000 grow" "push-10K 10000 grow" "push-20K 20000 grow"; do
  set -- $spec
  trace "$1" "$2" "$3"
  read -r s1 m1 <<< "$(measure "$new" "$dir/$1.trace")"
  line=$(printf "%-22s %-24s" "$1" "$s1 s, $((m1 / 1024)) MB")
  if [ -n "$old" ]; then
    read -r s2 m2 <<< "$(measure "$old" "$dir/$1.trace")"
    line="$line $s2 s, $((m2 / 1024)) MB"
  fi
  echo "$line"
done
