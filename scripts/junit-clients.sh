#!/usr/bin/env bash
# The report's hard cases as the CI clients read them (docs/CI.md): junitparser and junit2html
# (PyPI), the EnricoMi publish action's reading of a case (junitparser: a result's message,
# else its text), GitLab's parser (Hash.from_xml from Debian's ruby-activesupport, and GitLab's
# rules for a case) and Ant's junitreport (Debian's ant, on the per-suite files). Each client
# must see the same cases, counts and reasons:
#   stream    `--junit -`: standard output is the report alone, a failing one
#   names     four files whose names differ in a backslash, a control or a space: four cases
#   skipped   a `sometimes` property that cannot come about: skipped, its reason a text
#   unreached a `sometimes` property a whole run never reached: a failure
# .ci/run installs the clients. Usage: scripts/junit-clients.sh [NAVFUZZ]
set -euo pipefail
cd "$(dirname "$0")/.."
navfuzz=$(realpath "${1:-.build/release/NavFuzz}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

expect_exit() { local want=$1; shift; set +e; "$@"; local got=$?; set -e; [ "$got" = "$want" ] || { echo "FAIL $* exited $got, not $want"; exit 1; }; }

expect_exit 1 "$navfuzz" explore --preset small --fault back-leaves-child --depth 4 --junit - --save-failures f \
  --junit-per-suite per-stream >stream.xml 2>stream.log
mkdir names
printf '# navfuzz-corpus 1\npush c0 r1\nexpect: holds\n' > ok.trace
for n in $'a\001' 'a\u{1}' 'a  b' 'a b'; do cp ok.trace "names/$n.trace"; done
expect_exit 0 "$navfuzz" replay names --junit names.xml --junit-per-suite per-names >/dev/null
expect_exit 0 "$navfuzz" explore --preset small --depth 2 --junit skipped.xml --junit-per-suite per-skipped >/dev/null
expect_exit 1 "$navfuzz" explore --preset small --depth 1 --junit unreached.xml --junit-per-suite per-unreached >/dev/null

# What each client sees, one line per report: cases, failures, skipped, and the names or
# reasons the check needs. The lines of every client must be the same.
python3 - <<'PY' > junitparser.txt
from junitparser import JUnitXml, Failure, Error, Skipped
for name in ["stream", "names", "skipped", "unreached"]:
    cases = [c for s in JUnitXml.fromfile(name + ".xml") for c in s]
    def kind(c, t): return any(isinstance(r, t) for r in c.result)
    failed = sorted(c.name for c in cases if kind(c, Failure) or kind(c, Error))
    skipped = sorted(r.message for c in cases for r in c.result if isinstance(r, Skipped))
    print(name, len(cases), len({c.name for c in cases}), failed, skipped)
PY
python3 - <<'PY' > enricomi.txt
# The publish action takes a result's message, else its text, as the case's message.
from junitparser import JUnitXml, Failure, Error, Skipped
for name in ["stream", "names", "skipped", "unreached"]:
    cases = [c for s in JUnitXml.fromfile(name + ".xml") for c in s]
    failed = sorted(c.name for c in cases for r in c.result if isinstance(r, (Failure, Error)) and (r.message or r.text))
    skipped = sorted(r.message or r.text for c in cases for r in c.result if isinstance(r, Skipped))
    print(name, len(cases), len({c.name for c in cases}), failed, skipped)
PY
ruby - <<'RB' > gitlab.txt
# GitLab's rules: one `testsuites` root, nested `testsuite`s, a case's status from the first of
# failure, error, skipped it has, and that element's value as its output.
require "active_support"
require "active_support/core_ext/hash/conversions"
def cases(node, top = true, &blk)
  [node].flatten.compact.each do |n|
    next unless n.is_a?(Hash)
    cases(n["testsuites"], false, &blk) if top
    [n["testcase"]].flatten.compact.each(&blk) unless top
    cases(n["testsuite"], false, &blk)
  end
end
%w[stream names skipped unreached].each do |name|
  all = []
  cases(Hash.from_xml(File.read("#{name}.xml"))) { |c| all << c }
  failed = all.select { |c| c.key?("failure") || c.key?("error") }.map { |c| c["name"] }.sort
  skipped = all.select { |c| !c.key?("failure") && !c.key?("error") && c.key?("skipped") }.map do |c|
    out = c["skipped"]
    abort "GitLab shows #{c["name"]}'s reason as #{out.inspect}" unless out.is_a?(String)
    out
  end.sort
  puts "#{name} #{all.size} #{all.map { |c| c["name"] }.uniq.size} #{failed} #{skipped}"
end
RB
# Ant's junitreport gathers the per-suite files into one report, which is then read alike.
for name in stream names skipped unreached; do
  mkdir -p "ant-$name"
  printf '<project default="r"><target name="r"><junitreport todir="ant-%s"><fileset dir="per-%s" includes="TEST-*.xml"/></junitreport></target></project>' \
    "$name" "$name" > "ant-$name.xml"
  ant -q -f "ant-$name.xml" >/dev/null
done
python3 - <<'PY' > ant.txt
import xml.etree.ElementTree as ET
for name in ["stream", "names", "skipped", "unreached"]:
    cases = ET.parse(f"ant-{name}/TESTS-TestSuites.xml").getroot().iter("testcase")
    cases = list(cases)
    failed = sorted(c.get("name") for c in cases if c.find("failure") is not None or c.find("error") is not None)
    skipped = sorted(s.get("message") for c in cases for s in c.findall("skipped"))
    print(name, len(cases), len({c.get("name") for c in cases}), failed, skipped)
PY
for name in stream names skipped unreached; do
  junit2html "$name.xml" "$name.html" >/dev/null
  grep -q "<html" "$name.html" || { echo "FAIL junit2html made no page of $name.xml"; exit 1; }
done

# The lines in Python's list syntax and Ruby's differ in quoting only.
norm() { sed "s/\"/'/g; s/\\\\\\\\/\\\\/g" "$1"; }
for client in enricomi gitlab ant; do
  if ! diff <(norm junitparser.txt) <(norm "$client.txt") >/dev/null; then
    echo "FAIL $client reads the reports otherwise than junitparser:"; diff <(norm junitparser.txt) <(norm "$client.txt") || true; exit 1
  fi
done
cat junitparser.txt
check() { grep -q "$2" junitparser.txt || { echo "FAIL the clients do not see: $1"; exit 1; }; }
check "the streamed report with its failure" "^stream 18 18 \['no-orphan-children'\]"
check "four names, four cases" "^names 4 4 \[\] \[\]"
check "a skipped case with its reason" "^skipped 18 18 \[\] \['modal-over-a-tab-page: cannot come about in this run"
check "a sometimes property never reached failing" "^unreached 18 18 \['two-modal-levels'\]"
echo "junitparser, junit2html, the EnricoMi action's reading, GitLab's parser and Ant's junitreport agree on every case"
