#!/usr/bin/env python3
"""The figures of how the sources are laid out: files and lines per folder, the largest files
and functions, public declarations of the targets an app's tests link and their documented
share, and the requirements of each protocol. Read from a checkout, so that two revisions can
be compared: `git worktree add /tmp/old REV && scripts/house-figures.py /tmp/old`.
Usage: scripts/house-figures.py [ROOT]   (default: this checkout)"""
import os
import re
import sys
from collections import Counter

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
sources = os.path.join(root, "Sources")
linked = ["CoordinatorModel", "NavFuzzKit", "NavFuzzTesting", "NavFuzzDriverServer", "NavFuzzDriver"]

files = []
for dirpath, _, names in os.walk(sources):
    for name in names:
        if name.endswith(".swift"):
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                files.append((os.path.relpath(path, sources), f.read().split("\n")))
files.sort()

print("files and lines per folder")
per_folder = Counter()
lines_per_folder = Counter()
for rel, lines in files:
    folder = os.path.dirname(rel)
    per_folder[folder] += 1
    lines_per_folder[folder] += len(lines)
for folder in sorted(per_folder):
    print(f"  {folder}: {per_folder[folder]} files, {lines_per_folder[folder]} lines")

print("largest files")
for rel, lines in sorted(files, key=lambda f: -len(f[1]))[:5]:
    print(f"  {len(lines)} {rel}")
over = [rel for rel, lines in files if rel.startswith("NavFuzzKit/") and len(lines) > 400]
print(f"  NavFuzzKit files over 400 lines: {len(over)}")

def functions(lines):
    """(name, length) of each func or init, its body counted by braces."""
    out = []
    decl = re.compile(r"^\s*(?:@[\w()]+\s+)*(?:(?:public|package|private|fileprivate|internal|static|override|mutating|nonisolated|final|@_spi\(\w+\))\s+)*(func\s+(\w+)|init)\b")
    i = 0
    while i < len(lines):
        m = decl.match(lines[i])
        if m:
            depth, started, j = 0, False, i
            while j < len(lines):
                code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', lines[j].split("//")[0])
                depth += code.count("{") - code.count("}")
                started = started or "{" in code
                if started and depth <= 0:
                    break
                if not started and j > i + 8:
                    break  # a requirement without a body
                j += 1
            if started:
                out.append((m.group(2) or "init", j - i + 1))
        i += 1
    return out

longest = []
for rel, lines in files:
    for name, length in functions(lines):
        longest.append((length, f"{rel} {name}"))
longest.sort(reverse=True)
print("longest functions")
for length, where in longest[:5]:
    print(f"  {length} {where}")
print(f"  functions over 60 lines: {sum(1 for length, _ in longest if length > 60)}")

print("public declarations of the targets an app's tests link (not @_spi)")
total = documented = 0
for rel, lines in files:
    if rel.split("/")[0] not in linked:
        continue
    for i, line in enumerate(lines):
        if re.match(r"^\s*(@[\w()]+\s+)*(public|open)\s+(?!import)", line) and "@_spi(" not in line:
            total += 1
            j = i - 1
            while j >= 0 and re.match(r"^\s*(@\w+(\([^)]*\))?\s*)+$", lines[j]):
                j -= 1
            documented += j >= 0 and lines[j].strip().startswith("///")
print(f"  {total}, {documented} documented ({100 * documented // max(total, 1)}%)")

print("requirements per protocol")
for rel, lines in files:
    for i, line in enumerate(lines):
        m = re.match(r"^(?:@_spi\(\w+\)\s+)?(?:public |package )?protocol (\w+)[^{]*\{\s*$", line)
        if not m:
            continue
        count, depth = 0, 1
        for body in lines[i + 1:]:
            code = body.split("//")[0]
            if depth == 1 and re.match(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:static\s+|mutating\s+|nonisolated\s+)*(func|var|init|associatedtype|subscript)\b", code):
                count += 1
            depth += code.count("{") - code.count("}")
            if depth <= 0:
                break
        print(f"  {m.group(1)} ({rel}): {count}")
