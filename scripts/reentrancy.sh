#!/usr/bin/env bash
# The reentrancy bugs of the SUI-style example (Examples/SUICoordinatorStyle) through a driver,
# as CI runs them: each planted bug kind is found by a plain `NavFuzz verify --driver …` with
# the default options, on the check it breaks, with an interleaving; the correct library and a
# serializing one pass (docs/VERIFY.md §2.4).
# Usage: scripts/reentrancy.sh [NAVFUZZ [DRIVER [SEEDS]]]
#   defaults .build/release/NavFuzz, .build/release/SUIStyleDriver, "0"; SEEDS "0 1 … 9" for
#   the table BENCHMARKS.md gives. NAVFUZZ_OPTIONS: more options for the bug runs (the
#   table's `--depth 0 --walks 0`: the overlap phase without the sequential ones).
set -uo pipefail
cd "$(dirname "$0")/.."
navfuzz=$(realpath "${1:-.build/release/NavFuzz}")
driver=$(realpath "${2:-.build/release/SUIStyleDriver}")
seeds=${3:-0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
# fault  the kind of bug  the check it breaks
while read -r fault kind check; do
  for seed in $seeds; do
    start=$(date +%s%N)
    timeout -k 2 600 "$navfuzz" verify --driver "exec '$driver' --fault $fault" --seed "$seed" ${NAVFUZZ_OPTIONS:-} \
      --junit "$work/$fault.xml" --save-failures "$work/failures" > "$work/$fault.log" 2>&1
    code=$?
    took=$((($(date +%s%N) - start) / 1000000))
    first=$(sed -n 's/.*(first failure after \([0-9.]*\) s).*/\1/p' "$work/$fault.log" | head -1)
    if [ "$code" -ne 1 ] || ! grep -q "^FAIL .*$check" "$work/$fault.log" || ! grep -q "to replay: overlap:" "$work/$fault.log"; then
      echo "FAIL $fault ($kind), seed $seed: exit $code, expected 1 with a $check failure of overlapping calls"
      grep -v "still running" "$work/$fault.log" | tail -25 | sed 's/^/    /'; failed=1
    else
      printf 'ok   %-28s %-34s seed %s  %-18s first failure %5s s, run %6d ms\n' "$fault" "$kind" "$seed" "$check" "$first" "$took"
    fi
  done
done <<'EOF_BUGS'
pushRewritesPath double-tap snapshot-conforms
registersChildAfterPush back-swipe-during-a-push snapshot-conforms
dismissesTopAfterAnimation deep-link-during-a-dismiss snapshot-conforms
finishesAfterAnimation finish-completion-after-a-restart snapshot-conforms
popWritesStalePath completion-undoes-a-gesture snapshot-conforms
trapsOnDoubleDismiss double-dismiss-traps no-crash
EOF_BUGS
for variant in "" "--serialized"; do
  "$navfuzz" verify --driver "exec '$driver' $variant" --junit "$work/pass.xml" > "$work/pass.log" 2>&1
  code=$?
  name=${variant:-correct}
  if [ "$code" -ne 0 ] || grep -q "SKIPPED" "$work/pass.log"; then
    echo "FAIL the ${name#--} library: exit $code, expected 0 with nothing skipped"; tail -20 "$work/pass.log" | sed 's/^/    /'; failed=1
  else
    echo "ok   the ${name#--} library passes: $(grep -o '[0-9,]* interleavings' "$work/pass.xml" | head -1) and more, nothing skipped"
  fi
done
exit $failed
