#!/usr/bin/env bash
# Builds the API documentation of the targets an app's tests link, with the toolchain's own
# docc from the symbol graphs of `swift build` (the debug build, built if missing), one archive
# per target in .build/docs; any docc warning (a broken symbol link, a topic that does not
# resolve) fails. It first shows that it can fail: a catalog with a broken link must be refused.
# Usage: scripts/build-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
docc=$(command -v docc || true)
[ -n "$docc" ] || docc="$(dirname "$(realpath "$(command -v swift)")")/docc"
[ -x "$docc" ] || { echo "no docc beside swift ($(command -v swift))"; exit 1; }
swift package dump-symbol-graph >/dev/null 2>&1 || { echo "swift package dump-symbol-graph failed"; swift package dump-symbol-graph; exit 1; }
graphs=$(find .build -path '*/symbolgraph' -type d -newer Package.swift | head -1)
[ -n "$graphs" ] || graphs=$(find .build -path '*/symbolgraph' -type d | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

convert() {  # TARGET CATALOG OUTPUT
  rm -rf "$work/graphs" && mkdir -p "$work/graphs"
  cp "$graphs/$1.symbols.json" "$work/graphs/"
  for extension in "$graphs/$1@"*.symbols.json; do [ -e "$extension" ] && cp "$extension" "$work/graphs/"; done
  "$docc" convert "$2" --additional-symbol-graph-dir "$work/graphs" --fallback-display-name "$1" \
    --fallback-bundle-identifier "navfuzz.$1" --output-path "$3" --warnings-as-errors >"$work/log" 2>&1
}

cp -R Sources/NavFuzzKit/NavFuzzKit.docc "$work/Broken.docc"
printf '\n- ``NoSuchSymbol``\n' >> "$work/Broken.docc/NavFuzzKit.md"
if convert NavFuzzKit "$work/Broken.docc" "$work/broken.doccarchive"; then
  echo "a catalog with a broken symbol link was accepted: the check cannot fail"; exit 1
fi

mkdir -p .build/docs
for target in NavFuzzTesting NavFuzzKit CoordinatorModel NavFuzzDriverServer; do
  if ! convert "$target" "Sources/$target/$target.docc" ".build/docs/$target.doccarchive"; then
    echo "docc: $target"; cat "$work/log"; exit 1
  fi
  echo "ok   $target: .build/docs/$target.doccarchive ($(find ".build/docs/$target.doccarchive/data/documentation" -name '*.json' | wc -l) pages)"
done
