#!/usr/bin/env bash
# NavFuzz's exploration against SPIN's on the same state spaces (BENCHMARKS.md, "Against SPIN"):
# small, small-tab, deep and deep-tab, NavFuzz with 1 and 2 workers, the two whole processes
# alternating (each first in every other round), whole-process wall and CPU time (GNU time),
# the least of N rounds each.
# SPIN's `pan` is built from the peer folder (its README says how) when spin and gcc are here;
# without them this says so and exits 0.
# Usage: scripts/bench-spin.sh [ROUNDS] (default 3); NAVFUZZ=path (default .build/release/NavFuzz),
# SPIN_PEER=dir (default ../shared/peers/spin), SPIN_BUILD=dir (default /tmp/navfuzz-spin).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
navfuzz=${NAVFUZZ:-.build/release/NavFuzz}
peer=${SPIN_PEER:-../shared/peers/spin}
export SPIN_BUILD=${SPIN_BUILD:-/tmp/navfuzz-spin}
for tool in spin gcc /usr/bin/time; do
  command -v "$tool" >/dev/null 2>&1 || { echo "bench-spin: $tool not found; nothing compared (Debian: apt-get install spin gcc time)"; exit 0; }
done
[ -x "$peer/run.sh" ] || { echo "bench-spin: no SPIN peer at $peer; nothing compared"; exit 0; }
[ -x "$navfuzz" ] || { echo "bench-spin: $navfuzz not found: swift build -c release --product NavFuzz"; exit 2; }

echo "building pan (the peer's run.sh, which also runs each preset once)" >&2
"$peer/run.sh" >/dev/null
"$peer/run.sh" --ci 1 >/dev/null

# preset | NavFuzz arguments | pan, as the peer's README runs it | distinct states
presets=(
  "small|--preset small|$SPIN_BUILD/c3s2m1r2t0k0-full/pan -m200000 -w20|118910"
  "small-tab|--preset small-tab|$SPIN_BUILD/c3s2m1r2t1k0-full/pan -m200000 -w20|127000"
  "deep|--preset deep|$SPIN_BUILD/c4s3m2r2t0k0-bfs/pan -m5 -w20|2869732"
  "deep-tab|--preset deep --root tab|$SPIN_BUILD/c4s3m2r2t1k0-bfs/pan -m5 -w20|2036247"
)

# timed COMMAND...: "wall cpu" of the whole process, seconds.
times=$(mktemp)
trap 'rm -f "$times"' EXIT
timed() {
  /usr/bin/time -o "$times" -f '%e %U %S' "$@" >/dev/null 2>&1 || { echo "bench-spin: failed: $*" >&2; exit 1; }
  awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$times"
}
least() { sort -n | head -1; }

echo "| preset | NavFuzz workers | NavFuzz wall | NavFuzz CPU | pan wall | pan CPU | wall ratio | CPU ratio |"
echo "|---|---|---|---|---|---|---|---|"
for entry in "${presets[@]}"; do
  IFS='|' read -r name args pan states <<<"$entry"
  for workers in 1 2; do
    nw=() nc=() pw=() pc=()
    for round in $(seq 1 "$rounds"); do
      # Which goes first changes every round: on a shared machine the first of a pair can be
      # the slower one, whichever it is.
      for who in $( ((round % 2)) && echo "navfuzz pan" || echo "pan navfuzz"); do
        if [ "$who" = navfuzz ]; then
          # shellcheck disable=SC2086
          read -r w c < <(timed "$navfuzz" explore $args --workers "$workers" --expect-states "$states" --junit /dev/null)
          nw+=("$w"); nc+=("$c")
        else
          # shellcheck disable=SC2086
          read -r w c < <(cd "$(dirname "${pan%% *}")" && timed $pan)
          pw+=("$w"); pc+=("$c")
        fi
      done
    done
    a=$(printf '%s\n' "${nw[@]}" | least) b=$(printf '%s\n' "${nc[@]}" | least)
    x=$(printf '%s\n' "${pw[@]}" | least) y=$(printf '%s\n' "${pc[@]}" | least)
    awk -v n="$name" -v k="$workers" -v a="$a" -v b="$b" -v x="$x" -v y="$y" \
      'BEGIN { printf "| %s | %d | %.2f s | %.2f s | %.2f s | %.2f s | %.2f× | %.2f× |\n", n, k, a, b, x, y, a / x, b / y }'
  done
done
echo "(ratios are NavFuzz over pan; the least of $rounds alternating rounds each)"
