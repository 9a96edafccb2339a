#!/bin/sh
# The Bazel test of BUILD.bazel: NavFuzz and the driver are built by SwiftPM beforehand
# (swift build -c release --product NavFuzz --product SampleDriver); the workspace is the package.
set -e
cd "${BUILD_WORKSPACE_DIRECTORY:-$(dirname "$0")/../..}"
touch "${TEST_SHARD_STATUS_FILE:-/dev/null}"
exec .build/release/NavFuzz --project examples/ci/navfuzz.json
