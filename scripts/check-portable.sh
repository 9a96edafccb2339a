#!/usr/bin/env bash
# Fails when a target an app's test suite links (README.md, Layout) uses something that does
# not build on every platform Package.swift lists, iOS 16 and macOS 13 among them:
# - every linked target: no processes (Process, posix_spawn, fork, exec, system), no dlopen,
#   no libxml2, no thread pinning, no Synchronization (iOS 18 / macOS 15), no UI framework;
#   the desktop-only driver client only under `#if canImport(NavFuzzDriver)` (the file's first
#   line, or the line before the import);
# - the model, the engine and the recorder also no OS module at all (Glibc, Darwin, …) and no test framework.
# The driver server may use the OS's sockets, which iOS has.
# Usage: scripts/check-portable.sh [ROOT]   (ROOT defaults to the repository)
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
pure=(CoordinatorModel NavFuzzKit NavFuzzRecorder)
linked=(CoordinatorModel NavFuzzKit NavFuzzDriverServer NavFuzzTesting NavFuzzRecorder)
everywhere='^[[:space:]]*(@_exported[[:space:]]+)?import[[:space:]]+(CLibXML2|CAffinity|FoundationNetworking|Synchronization|UIKit|AppKit|SwiftUI)\b|\bProcess[[:space:]]*\(|:[[:space:]]*Process\b|\bgetrusage\b|\bposix_spawn|\bfork[[:space:]]*\(|\bexecv[pe]*[[:space:]]*\(|\bsystem[[:space:]]*\(|\bdlopen\b'
osModules='^[[:space:]]*(@_exported[[:space:]]+)?import[[:space:]]+(Glibc|Darwin|Musl|WinSDK|Android|XCTest|Testing)\b'
driverClient='^[[:space:]]*(@_exported[[:space:]]+)?import[[:space:]]+NavFuzzDriver([[:space:]]|$)'
status=0
report() {   # TARGET HITS
  while IFS= read -r hit; do
    [ -n "$hit" ] || continue
    echo "check-portable: ${hit%%:*}:$(echo "$hit" | cut -d: -f2): linked target $1 uses: $(echo "$hit" | cut -d: -f3- | sed 's/^[[:space:]]*//')"
    status=1
  done <<< "$2"
}
for target in "${linked[@]}"; do
  dir="$root/Sources/$target"
  [ -d "$dir" ] || { echo "check-portable: no directory $dir"; exit 2; }
  report "$target" "$(grep -rnE --include='*.swift' "$everywhere" "$dir" || true)"
  guard='#if canImport(NavFuzzDriver)'
  for file in $(grep -rlE --include='*.swift' "$driverClient" "$dir" || true); do
    [ "$(head -1 "$file")" = "$guard" ] && continue
    report "$target" "$(awk -v re="$driverClient" -v guard="$guard" -v f="$file" '$0 ~ re && prev != guard { print f ":" NR ":" $0 } { prev = $0 }' "$file")"
  done
  if [[ " ${pure[*]} " == *" $target "* ]]; then
    report "$target" "$(grep -rnE --include='*.swift' "$osModules" "$dir" || true)"
  fi
done
[ $status -eq 0 ] && echo "check-portable: ${linked[*]} use nothing an iOS 16 or macOS 13 test target lacks"
exit $status
