#!/usr/bin/env bash
# Runs the commands of the CI recipes in examples/ci/ as the files write them (docs/CI.md), so
# that a recipe that no longer works fails here: GitHub Actions' `run:` steps with each matrix
# shard, GitLab's `script:` lines in each parallel job, and the Bazel test with Bazel's
# sharding variables. Steps that install packages are left to the caller (.ci/run installs
# them). Run from the package root after a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=examples/ci

run() { echo "\$ $1"; bash -c "$1"; }
installs() { [[ "$1" == apt-get* ]]; }

echo "== GitHub Actions ($dir/github-actions.yml)"
rm -rf reports
while IFS= read -r line; do
  cmd=${line#*run: }
  if installs "$cmd"; then echo "(provisioning, done by the caller) $cmd"; continue; fi
  if [[ "$cmd" == *'${{ matrix.shard }}'* ]]; then
    for shard in $(sed -n 's/^ *shard: \[\(.*\)\]/\1/p' "$dir/github-actions.yml" | tr ',' ' '); do
      run "${cmd//'${{ matrix.shard }}'/$shard}"
    done
  else
    run "$cmd"
  fi
done < <(grep -E '^\s*- run: ' "$dir/github-actions.yml")
cases=$(xmllint --xpath 'count(//testcase)' reports/navfuzz.xml)
failed=$(xmllint --xpath 'count(//testcase[failure or error])' reports/navfuzz.xml)
echo "merged report: $cases cases, $failed failed"
[ "$cases" -ge 16 ] && [ "$failed" -eq 0 ]
ls reports/suites/TEST-verify.sample.xml

echo "== GitLab CI ($dir/gitlab-ci.yml)"
rm -rf reports
# The script lines of one job of the file.
script() { awk -v job="$1:" '$0 == job {in_job=1; next} /^[a-z]/ {in_job=0} in_job && /^  script:/ {on=1; next}
                             on && /^    - / {sub(/^    - /, ""); print; next} {on=0}' "$dir/gitlab-ci.yml"; }
nodes=$(sed -n 's/^  parallel: \([0-9]*\)/\1/p' "$dir/gitlab-ci.yml")
for ((node = 1; node <= nodes; node++)); do
  while IFS= read -r cmd; do
    if installs "$cmd"; then echo "(provisioning, done by the caller) $cmd"; continue; fi
    echo "\$ CI_NODE_INDEX=$node CI_NODE_TOTAL=$nodes $cmd"
    CI_NODE_INDEX=$node CI_NODE_TOTAL=$nodes bash -c "$cmd"
  done <<< "$(script navfuzz)"
done
while IFS= read -r cmd; do run "$cmd"; done <<< "$(script report)"
cases=$(xmllint --xpath 'count(//testcase)' reports/navfuzz.xml)
failed=$(xmllint --xpath 'count(//testcase[failure or error])' reports/navfuzz.xml)
echo "merged report: $cases cases, $failed failed"
[ "$cases" -ge 16 ] && [ "$failed" -eq 0 ]

echo "== Bazel ($dir/BUILD.bazel, $dir/navfuzz_test.sh)"
shards=$(sed -n 's/.*shard_count = \([0-9]*\).*/\1/p' "$dir/BUILD.bazel")
# Bazel's layout: bazel-testlogs/PACKAGE/TARGET/shard_N_of_M/test.xml, then the recipe's merge.
logs=reports/testlogs
for ((i = 0; i < shards; i++)); do
  out="$logs/shard_$((i + 1))_of_$shards"
  mkdir -p "$out"
  echo "\$ TEST_TOTAL_SHARDS=$shards TEST_SHARD_INDEX=$i $dir/navfuzz_test.sh"
  TEST_TOTAL_SHARDS=$shards TEST_SHARD_INDEX=$i XML_OUTPUT_FILE="$out/test.xml" TEST_SHARD_STATUS_FILE="$out/status" \
    "$dir/navfuzz_test.sh"
  test -f "$out/status"
done
run "$dir/navfuzz_merge.sh $logs"
cases=$(xmllint --xpath 'count(//testcase)' reports/navfuzz.xml)
failed=$(xmllint --xpath 'count(//testcase[failure or error])' reports/navfuzz.xml)
echo "merged report: $cases cases, $failed failed"
[ "$cases" -ge 16 ] && [ "$failed" -eq 0 ]
rm -rf reports
echo "== the CI recipes ran"
