#!/bin/sh
# After `bazel test //examples/ci:navigation` (docs/CI.md): one shard cannot decide a
# `sometimes` property another shard may reach, so the verdict of a sharded run is the merge of
# every shard's report. Exits 0 when the merged run passed, 1 when it failed, 2 on bad input.
# Usage: examples/ci/navfuzz_merge.sh [TESTLOGS_DIR] (default: bazel-testlogs/examples/ci/navigation)
set -e
cd "${BUILD_WORKSPACE_DIRECTORY:-$(dirname "$0")/../..}"
logs=${1:-bazel-testlogs/examples/ci/navigation}
mkdir -p reports
exec .build/release/NavFuzz merge reports/navfuzz.xml "$logs"/shard_*_of_*/test.xml --junit-per-suite reports/suites
