#!/usr/bin/env bash
# Fails when a portable target (README.md, Layout) uses something that does not build on
# every platform Package.swift lists: an OS module, libxml2, processes, or a UI framework.
# Usage: scripts/check-portable.sh [ROOT]   (ROOT defaults to the repository)
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
portable=(CoordinatorModel NavFuzzKit)
forbidden='^[[:space:]]*(@_exported[[:space:]]+)?import[[:space:]]+(Glibc|Darwin|Musl|WinSDK|Android|CLibXML2|CAffinity|FoundationNetworking|UIKit|AppKit|SwiftUI|XCTest|Testing)\b|\bProcess[[:space:]]*\(|:[[:space:]]*Process\b|\bgetrusage\b|\bposix_spawn|\bfork[[:space:]]*\(|\bdlopen\b'
status=0
for target in "${portable[@]}"; do
  dir="$root/Sources/$target"
  [ -d "$dir" ] || { echo "check-portable: no directory $dir"; exit 2; }
  if hits=$(grep -rnE --include='*.swift' "$forbidden" "$dir"); then
    while IFS= read -r hit; do
      echo "check-portable: ${hit%%:*}:$(echo "$hit" | cut -d: -f2): portable target $target uses: $(echo "$hit" | cut -d: -f3- | sed 's/^[[:space:]]*//')"
    done <<< "$hits"
    status=1
  fi
done
[ $status -eq 0 ] && echo "check-portable: ${portable[*]} use nothing platform-specific"
exit $status
