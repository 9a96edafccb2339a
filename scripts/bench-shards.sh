#!/usr/bin/env bash
# Sharding figures of BENCHMARKS.md: each shard run here as a process of its own, one after
# another, as the jobs of a CI matrix would run side by side.
#   explore --preset deep in 1, 2, 4 and 8 shards (both splits): CPU seconds summed over the
#   shards ÷ one run's, and each shard's peak memory (/usr/bin/time -v), the merged distinct
#   count and overlap;
#   verify of the Swift sample driver and of the Python example driver over `ci` to depth 4 in
#   1, 2, 4 and 8 shards: implementation steps (checked and replayed) summed ÷ one run's, and
#   the slowest shard's wall seconds × N ÷ one run's.
# Run from the package root after `swift build -c release --product NavFuzz --product SampleDriver`.
#   scripts/bench-shards.sh [explore|swift|python]...   (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
nf=.build/release/NavFuzz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
what=("$@")
[ ${#what[@]} -eq 0 ] && what=(explore swift python)

# Runs a command under /usr/bin/time -v; prints "cpu-seconds wall-seconds peak-KiB".
timed() {
  /usr/bin/time -v -o "$work/time" "$@" > "$work/out" 2>&1 || true
  awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} /Maximum resident/ {m=$2}
              /Elapsed \(wall clock\)/ {n=split($2, p, ":"); w=0; for (i=1; i<=n; i++) w=w*60+p[i]}
              END {printf "%.2f %.2f %d\n", u+s, w, m}' "$work/time"
}
property() { grep -o "name=\"$2\" value=\"[^\"]*\"" "$1" | head -1 | sed 's/.*value="\(.*\)"/\1/'; }

for w in "${what[@]}"; do
case $w in
explore)
  echo "== explore --preset deep ($(date -u +%F))"
  read -r cpu1 wall1 mem1 <<< "$(timed $nf explore --preset deep --junit "$work/whole.xml")"
  echo "1 shard: cpu ${cpu1} s, wall ${wall1} s, peak $((mem1 / 1024)) MiB, $(property "$work/whole.xml" states) states"
  for split in prefix ownership; do
    for n in 2 4 8; do
      sum=0; peak=0; parts=()
      for ((i = 0; i < n; i++)); do
        read -r cpu wall mem <<< "$(timed $nf explore --preset deep --shard $i/$n --split $split --junit "$work/$split-$n-$i.xml")"
        sum=$(awk "BEGIN { print $sum + $cpu }"); [ "$mem" -gt "$peak" ] && peak=$mem
        parts+=("$work/$split-$n-$i.xml")
      done
      line=$($nf merge "$work/merged.xml" "${parts[@]}" | grep 'distinct states')
      printf "%-9s %d shards: cpu sum %6.2f s = %.2f x one run; largest peak %4d MiB = %.2f x one run's; %s\n" \
        "$split" "$n" "$sum" "$(awk "BEGIN { print $sum / $cpu1 }")" $((peak / 1024)) "$(awk "BEGIN { print $peak / $mem1 }")" "$line"
    done
  done
  ;;
swift|python)
  for driver in "$([ "$w" = swift ] && echo "exec .build/release/SampleDriver" || echo "exec python3 examples/python-driver/driver.py")"; do
    echo "== verify --driver '$driver' --presets ci --depth 4 ($(date -u +%F))"
    common=(verify --driver "$driver" --presets ci --depth 4)
    read -r _ wall1 _ <<< "$(timed $nf "${common[@]}" --junit "$work/v1.xml")"
    steps1=$(( $(property "$work/v1.xml" steps) + $(property "$work/v1.xml" replayed-steps) ))
    echo "1 shard: wall ${wall1} s, $(property "$work/v1.xml" steps) steps checked, $(property "$work/v1.xml" replayed-steps) replayed"
    for n in 2 4 8; do
      sum=0; checked=0; slowest=0; parts=()
      for ((i = 0; i < n; i++)); do
        read -r _ wall _ <<< "$(timed $nf "${common[@]}" --shard $i/$n --junit "$work/v$n-$i.xml")"
        checked=$((checked + $(property "$work/v$n-$i.xml" steps)))
        sum=$((sum + $(property "$work/v$n-$i.xml" steps) + $(property "$work/v$n-$i.xml" replayed-steps)))
        slowest=$(awk "BEGIN { print ($wall > $slowest) ? $wall : $slowest }")
        parts+=("$work/v$n-$i.xml")
      done
      verdict=$($nf merge "$work/vmerged.xml" "${parts[@]}" | head -1)
      printf "%d shards: steps checked %d, checked+replayed %d = %.3f x one run's; slowest shard %.2f s x %d = %.2f x one run's wall; %s\n" \
        "$n" "$checked" "$sum" "$(awk "BEGIN { print $sum / $steps1 }")" "$slowest" "$n" "$(awk "BEGIN { print $slowest * $n / $wall1 }")" "$verdict"
    done
  done
  ;;
esac
done
