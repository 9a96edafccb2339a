#!/usr/bin/env bash
# What a new user does with the README and docs/VERIFY.md, checked end to end: a package of
# their own beside a clone of NavFuzz (scripts/adopter/Package.swift, the manifest the README
# quotes) holding an async, main-actor coordinator library with one planted bug (the SUI-style
# example library, whose `dismiss` removes every sheet), the template adapter of
# docs/VERIFY.md §2 copied as it is into a target of its own, tests under Swift Testing and
# XCTest, and a driver. The bug must be found in process and in a child process (both
# frameworks), through the driver over standard I/O (the test helper and `NavFuzz verify`) and
# over the loopback (`NavFuzz verify --connect`); the printed regression test, pasted into the
# package, must compile and fail; with the bug fixed, everything must pass.
# Usage: scripts/adopter-check.sh [NAVFUZZ]   (the NavFuzz binary; default .build/release/NavFuzz)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
navfuzz=$(cd "$repo" && realpath "${1:-.build/release/NavFuzz}")
work=$(mktemp -d "${TMPDIR:-/tmp}/navfuzz-adopter.XXXXXX")
driver_pid=
cleanup() { [ -n "$driver_pid" ] && kill "$driver_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "adopter-check: $*"; exit 1; }

# The layout the README describes: the clone next to the package, as ../NavFuzz.
ln -s "$repo" "$work/NavFuzz"
app=$work/App
mkdir -p "$app/Sources/SUIStyleCoordinators" "$app/Sources/AppNavFuzz" "$app/Sources/AppDriver" "$app/Tests/AppNavFuzzTests"
cp "$repo/scripts/adopter/Package.swift" "$app/"
cp "$repo"/Examples/SUICoordinatorStyle/Library/*.swift "$app/Sources/SUIStyleCoordinators/"
cp "$repo/Examples/SUICoordinatorStyle/Tests/TemplateAdapter.swift" "$app/Sources/AppNavFuzz/"
cp "$repo/scripts/adopter/AppDriver/main.swift" "$app/Sources/AppDriver/"
cp "$repo"/scripts/adopter/Tests/*.swift "$app/Tests/AppNavFuzzTests/"
router=$app/Sources/SUIStyleCoordinators/Router.swift
# dismiss() takes every sheet away instead of the top one.
correct='guard !sheets.isEmpty else { return false }'
planted='guard !sheets.isEmpty else { return false }; sheets.removeSubrange(1...)'
grep -qF "$correct" "$router" || fail "the line to plant the bug in is gone from Router.swift"
sed -i "s/$correct/$planted/" "$router"
cd "$app"

echo "-- with the bug: swift build, swift test"
swift build --build-tests -q 2>&1 | tail -20
if swift test > "$work/buggy.log" 2>&1; then cat "$work/buggy.log"; fail "swift test passed with the bug planted"; fi
for t in conformsInProcess conformsInAChildProcess conformsThroughTheDriver; do
  grep -q "Test $t() failed" "$work/buggy.log" || { tail -50 "$work/buggy.log"; fail "Swift Testing's $t did not fail"; }
done
for t in testConformsInProcess testConformsInAChildProcess; do
  grep -q "AppConformanceTests.$t' failed" "$work/buggy.log" || { tail -50 "$work/buggy.log"; fail "XCTest's $t did not fail"; }
done
echo "found by Swift Testing and XCTest, in process, in a child process and through the driver"

echo "-- with the bug: NavFuzz verify, over standard I/O and over the loopback"
if "$navfuzz" verify --driver .build/debug/AppDriver > "$work/stdio.log" 2>&1; then cat "$work/stdio.log"; fail "verify --driver passed"; fi
grep -q "dismiss" "$work/stdio.log" || { cat "$work/stdio.log"; fail "verify --driver did not show the dismiss bug"; }
.build/debug/AppDriver --port 0 2> "$work/listening" & driver_pid=$!
for _ in $(seq 100); do grep -q listening "$work/listening" && break; sleep 0.1; done
port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/listening")
[ -n "$port" ] || fail "the driver did not say where it listens: $(cat "$work/listening")"
if "$navfuzz" verify --connect "$port" > "$work/loopback.log" 2>&1; then cat "$work/loopback.log"; fail "verify --connect passed"; fi
grep -q "dismiss" "$work/loopback.log" || { cat "$work/loopback.log"; fail "verify --connect did not show the dismiss bug"; }
wait "$driver_pid" || true; driver_pid=
echo "found through the driver over standard I/O and over 127.0.0.1:$port"

echo "-- the printed regression test, pasted"
# The first regression test Swift Testing printed for an in-process run, as it was printed
# (less the indent of the issue's comment in the log).
awk '/As a regression test:/ { on = 1; next }
     on && /^ *@Test func/ { indent = index($0, "@") - 1; grab = 1; text = "" }
     grab { text = text substr($0, indent + 1) "\n" }
     grab && substr($0, indent + 1) ~ /^}/ { if (text !~ /runIn: .childProcess/) { printf "%s", text; exit } grab = 0; on = 0 }' "$work/buggy.log" > "$work/pasted.swift"
[ -s "$work/pasted.swift" ] || { tail -80 "$work/buggy.log"; fail "no regression test was printed"; }
cat "$work/pasted.swift"
name=$(sed -n 's/^@Test func \([A-Za-z0-9_]*\)().*/\1/p' "$work/pasted.swift" | head -1)
{ printf 'import AppNavFuzz\nimport NavFuzzTesting\nimport Testing\n\n'; cat "$work/pasted.swift"; } > Tests/AppNavFuzzTests/Pasted.swift
if swift test --filter "$name" > "$work/pasted.log" 2>&1; then cat "$work/pasted.log"; fail "the pasted test $name passed with the bug"; fi
grep -q "Test $name() failed" "$work/pasted.log" || { tail -40 "$work/pasted.log"; fail "the pasted test $name did not compile or run"; }
echo "the pasted test $name compiles and fails while the bug is there"

echo "-- the bug fixed: everything passes"
sed -i "s/$planted/$correct/" "$router"
swift build --build-tests -q 2>&1 | tail -20
swift test > "$work/fixed.log" 2>&1 || { tail -80 "$work/fixed.log"; fail "swift test failed with the bug fixed"; }
grep -q "Test $name() passed" "$work/fixed.log" || fail "the pasted test did not run"
"$navfuzz" verify --driver .build/debug/AppDriver > "$work/fixed-stdio.log" 2>&1 || { cat "$work/fixed-stdio.log"; fail "verify --driver failed with the bug fixed"; }
.build/debug/AppDriver --port 0 2> "$work/listening" & driver_pid=$!
for _ in $(seq 100); do grep -q listening "$work/listening" && break; sleep 0.1; done
port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/listening")
"$navfuzz" verify --connect "$port" > "$work/fixed-loopback.log" 2>&1 || { cat "$work/fixed-loopback.log"; fail "verify --connect failed with the bug fixed"; }
wait "$driver_pid" || true; driver_pid=
echo "adopter-check: the bug found every way, the pasted test failing, everything passing once fixed"
