#!/usr/bin/env bash
# Hostile input, misbehaving drivers and signals, as a user or a CI could meet them: each probe
# runs NavFuzz once and names the exit code and the message it must give, and the time it may
# take. Bad input is one line and exit 2, a broken implementation exit 1, and nothing outlives
# NavFuzz. Usage: scripts/probe-hostile.sh [NAVFUZZ] (default: .build/release/NavFuzz).
set -uo pipefail
cd "$(dirname "$0")/.."
navfuzz=$(realpath "${1:-.build/release/NavFuzz}")
driver="$(pwd)/scripts/probes/tiny-driver.py"
strings="$(pwd)/scripts/probes/hostile-strings.json"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failed=0 count=0 one_line=0

# probe NAME CODE PATTERN SECONDS -- COMMAND...: COMMAND exits CODE within SECONDS, and its
# output (both streams) matches the extended regular expression PATTERN.
probe() {
  local name=$1 code=$2 pattern=$3 limit=$4; shift 5
  count=$((count + 1))
  local start got out
  start=$(date +%s%N)
  out=$(timeout -k 2 "$((limit + 5))" "$@" 2>&1 </dev/null); got=$?
  local took=$((($(date +%s%N) - start) / 1000000))
  local why=""
  [ "$got" -eq "$code" ] || why="exit $got, expected $code"
  [ -z "$why" ] && ! grep -qE -- "$pattern" <<<"$out" && why="no line matches /$pattern/"
  [ -z "$why" ] && [ "$took" -gt $((limit * 1000)) ] && why="took ${took} ms, more than ${limit} s"
  [ -z "$why" ] && [ "$code" -eq 2 ] && [ "$one_line" -eq 1 ] && [ "$(wc -l <<<"$out")" -ne 1 ] && why="the error is not one line"
  if [ -n "$why" ]; then
    failed=$((failed + 1))
    echo "FAIL $name: $why"; echo "$out" | tail -5 | sed 's/^/    /'
  else
    printf 'ok   %s (exit %d, %d ms)\n' "$name" "$got" "$took"
  fi
}
tiny() { echo "exec python3 '$driver' $1"; }
corpus() { printf '# navfuzz-corpus 1\n%s\nexpect: holds\n' "$1" > "$2"; }

echo "== bad input: one line, exit 2"
one_line=1
probe "an unknown option" 2 '^NavFuzz: error: .*--frobnicate' 5 -- "$navfuzz" explore --frobnicate
probe "a number that is not one" 2 '^NavFuzz: error: .*--depth' 5 -- "$navfuzz" explore --depth x
probe "an unknown preset" 2 '^NavFuzz: error: .*nosuch' 5 -- "$navfuzz" explore --preset nosuch
probe "a command that does not exist" 2 '^NavFuzz: error: .*faults' 5 -- "$navfuzz" faults
printf 'push c0 r0\n' > no-header.trace
probe "a corpus file without its header" 2 "^NavFuzz: error: no-header.trace:1:1: expected '# navfuzz-corpus 1'" 5 -- "$navfuzz" replay no-header.trace
printf '# navfuzz-corpus 1\npush c0 x1\nexpect: holds\n' > bad-action.trace
probe "a corpus file with a bad action" 2 '^NavFuzz: error: bad-action.trace:2:.*route' 5 -- "$navfuzz" replay bad-action.trace
printf '# navfuzz-corpus 1\r\npush c0 r1\r\npop c0\r\nexpect: holds\r\n' > crlf.trace
probe "a corpus file with CRLF line ends replays" 0 'every expectation met' 10 -- "$navfuzz" replay crlf.trace
probe "a file name with a newline stays one line" 2 '^NavFuzz: error: .*a\\nb' 5 -- "$navfuzz" replay $'a\nb.trace'
probe "a device is not a corpus file" 2 '^NavFuzz: error: /dev/zero.*regular file' 5 -- "$navfuzz" replay /dev/zero
mkfifo fifo.trace
probe "a FIFO is not a corpus file" 2 '^NavFuzz: error: fifo.trace.*regular file' 5 -- "$navfuzz" replay fifo.trace
probe "merge of a device" 2 '^NavFuzz: error: .*/dev/zero' 5 -- "$navfuzz" merge out.xml /dev/zero
laughs='<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;"><!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">]><testsuites><testsuite name="&i;" tests="0"/></testsuites>'
echo "$laughs" > laughs.xml
probe "merge of a billion laughs" 2 '^NavFuzz: error: malformed report laughs.xml:1: a DOCTYPE or ENTITY declaration' 1 -- "$navfuzz" merge out.xml laughs.xml
probe "merge of nothing that exists" 2 '^NavFuzz: error: .*missing.xml' 5 -- "$navfuzz" merge out.xml missing.xml
echo '<testsuites' > broken.xml
probe "merge of a broken report" 2 '^NavFuzz: error: malformed report broken.xml:2:' 5 -- "$navfuzz" merge out.xml broken.xml

one_line=0
echo "== reports: links, devices and FIFOs stay as they are, long names fit"
# check NAME CONDITION: a probe of what a run left, CONDITION a shell command list.
check() { count=$((count + 1)); if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; failed=$((failed + 1)); fi; }
probe "a report to /dev/null" 0 'report: /dev/null' 10 -- "$navfuzz" replay crlf.trace --junit /dev/null
check "/dev/null is still a character device" '[ -c /dev/null ]'
echo stale > target.xml; ln -s target.xml link.xml
probe "a report through a link" 0 'report: link.xml' 10 -- "$navfuzz" replay crlf.trace --junit link.xml
check "the link stays a link to its target, which holds the report" \
  '[ -L link.xml ] && [ "$(readlink link.xml)" = target.xml ] && grep -q "</testsuites>" target.xml'
# As an unprivileged user, in this scratch directory: /dev/null, a link of our own to it, and
# a FIFO of our own. Nobody cannot change the machine's /dev, whatever NavFuzz did.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
  nobody=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  chmod 777 "$work"; chmod 666 crlf.trace
  ln -s /dev/null null.xml
  probe "a report to /dev/null as nobody" 0 'report: /dev/null' 10 -- "${nobody[@]}" "$navfuzz" replay crlf.trace --junit /dev/null
  probe "a report through a link to /dev/null as nobody" 0 'report: null.xml' 10 -- "${nobody[@]}" "$navfuzz" replay crlf.trace --junit null.xml
  check "the link to /dev/null is unchanged, and /dev/null too" '[ -L null.xml ] && [ "$(readlink null.xml)" = /dev/null ] && [ -c /dev/null ]'
  mkfifo report.fifo; chmod 666 report.fifo
  (cat report.fifo > from-fifo.xml) &
  reader=$!
  probe "a report into a FIFO as nobody" 0 'report: report.fifo' 10 -- "${nobody[@]}" "$navfuzz" replay crlf.trace --junit report.fifo
  wait "$reader"
  check "the FIFO stays a FIFO and its reader got the report" '[ -p report.fifo ] && grep -q "</testsuites>" from-fifo.xml'
else
  echo "skip the probes as nobody: they need root and setpriv"
fi
long=$(printf 'r%.0s' $(seq 1 250)).xml
probe "a report name of 254 characters" 0 'every expectation met' 10 -- "$navfuzz" replay crlf.trace --junit "$long"
[ -f "$long" ] || { echo "FAIL the 254-character report was not written"; failed=$((failed + 1)); }

echo "== hostile names through every output (scripts/probes/hostile-strings.json)"
mkdir hostile
python3 - "$strings" <<'EOF'
import json, sys
for s in json.load(open(sys.argv[1])):
    open("hostile/" + s + ".trace", "w").write("# navfuzz-corpus 1\npush c0 r1\nexpect: violates stack-shape\n")
open(b"hostile/not-utf8-\xff.trace", "w").write("# navfuzz-corpus 1\npush c0 r1\nexpect: holds\n")
EOF
GITHUB_ACTIONS=true "$navfuzz" replay hostile --junit hostile.xml >hostile.out 2>&1; got=$?
"$navfuzz" replay hostile --trace-format json --junit hostile-json.xml >hostile.json 2>/dev/null
count=$((count + 1))
why=$(python3 - "$strings" "$got" <<'EOF'
import json, re, subprocess, sys
names = ["hostile/" + s + ".trace" for s in json.load(open(sys.argv[1]))]
acting = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufffe\uffff]")
problems = [] if sys.argv[2] == "1" else ["exit " + sys.argv[2] + ", expected 1"]
texts = {f: open(f, encoding="utf-8", errors="replace").read() for f in ["hostile.out", "hostile.xml", "hostile.html", "hostile.json"]}
problems += [f + " holds " + repr(m.group()) for f, t in texts.items() for m in [acting.search(t)] if m]
lines = texts["hostile.out"].split("\n")
if any(l.startswith("::warning") for l in lines): problems.append("a ::warning line in the log")
if sum(l.startswith("::error ") for l in lines) != len(names) + 1: problems.append("not one annotation per file")
if not any(l.startswith("::stop-commands::") for l in lines): problems.append("workflow commands not stopped around the failures")
for line in texts["hostile.xml"].split("\n"):
    if line.startswith("replay: "):
        word = line.split(" replay ", 1)[1].replace("&apos;", "'").replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
        if subprocess.run(["bash", "-c", 'eval "set -- $1" && test -e "$1"', "bash", word]).returncode:
            problems.append("a replay line names no file: " + word)
saved = {json.loads(l).get("saved") for l in texts["hostile.json"].split("\n") if l} - {None}
if saved != set(names): problems.append("JSON does not name the files exactly")
if "hostile/not-utf8-\\x{ff}.trace" not in texts["hostile.xml"]: problems.append("the name that is not UTF-8 is not reported")
print("; ".join(problems))
EOF
)
if [ -n "$why" ]; then echo "FAIL hostile names: $why"; failed=$((failed + 1)); else echo "ok   hostile names: exit 1, nothing that acts in the log, report, page or JSON; replay lines name their files"; fi

echo "== drivers that misbehave"
probe "a driver that is right" 0 'all 17 checks hold' 60 -- "$navfuzz" verify --driver "$(tiny ok)" --presets small --walks 20
probe "a driver that crashes on one step" 1 'FAIL no-crash: the driver exited with status 3' 60 -- "$navfuzz" verify --driver "$(tiny crash)" --presets small
probe "a driver that exits after each reply" 1 'FAIL no-crash: the driver exited with status 0' 30 -- "$navfuzz" verify --driver "$(tiny exit-after-reply)" --presets small
probe "a driver that hangs on every step" 1 'FAIL no-hang' 30 -- "$navfuzz" verify --driver "$(tiny hang-always)" --presets small --timeout 0.5
probe "a driver that hangs without exec, forking a child" 1 'FAIL no-hang' 30 -- "$navfuzz" verify --driver "python3 '$driver' hang-forked" --presets small --timeout 0.5
# A driver gets 30 s to start (a `swift run` that builds it): MisbehavingDriverTests shows a
# silent one ended at a shorter limit, so the probes do not wait that long.
probe "a driver that writes without end" 2 'longer than [0-9]+ bytes without a newline' 60 -- "$navfuzz" verify --driver "$(tiny endless-line)" --presets small
probe "a driver that speaks another protocol" 2 '^NavFuzz: error: .*protocol version 2' 10 -- "$navfuzz" verify --driver "$(tiny bad-handshake)"
probe "a driver reply that is not JSON" 2 '^NavFuzz: error: .*not JSON' 10 -- "$navfuzz" verify --driver "$(tiny not-json)" --presets small
probe "a driver command that does not start" 2 '^NavFuzz: error: .*' 10 -- "$navfuzz" verify --driver "/nonexistent/driver"
left=$(pgrep -f "$driver" || true)
[ -z "$left" ] || { echo "FAIL drivers outlived NavFuzz: $left"; failed=$((failed + 1)); }

echo "== long traces and signals"
{ echo '# navfuzz-corpus 1'; for _ in $(seq 1 50000); do echo 'push c0 r1'; echo 'pop c0'; done; echo 'expect: holds'; } > long.trace
probe "a 100,000-step trace replays" 0 'every expectation met' 30 -- "$navfuzz" replay long.trace
# A million steps that fail only at the end, the failure needing the first step too.
{ echo '# navfuzz-corpus 1'; echo 'fault: swipe-leaves-child'; echo 'start c0 navigation sheet r0'
  yes $'push c1 r1\npop c1' | head -n 999998; echo 'userSwipeDismiss'; echo 'expect: holds'; } > million.trace
probe "a 1,000,000-step failing trace shrinks" 1 'shrunk 1000000 steps to 2 ' 60 -- "$navfuzz" shrink million.trace --save-failures shrunk
"$navfuzz" verify --driver "$(tiny hang-always)" --presets small --junit signalled.xml >/dev/null 2>&1 &
pid=$!; sleep 2; kill -TERM "$pid"; wait "$pid"; got=$?
count=$((count + 1))
if [ "$got" -ne 143 ] || ! grep -q 'partial' signalled.xml 2>/dev/null || [ -n "$(pgrep -f "$driver" || true)" ]; then
  echo "FAIL SIGTERM during verify: exit $got (expected 143), a partial report, no driver left"; failed=$((failed + 1))
else
  echo "ok   SIGTERM during verify: exit 143, a partial report, no driver left"
fi

# Unbounded depth, so that no machine finishes before the signal.
"$navfuzz" explore --preset deep --max-depth none --junit explored.xml >/dev/null 2>&1 &
pid=$!; sleep 3; kill -TERM "$pid"; wait "$pid"; got=$?
count=$((count + 1))
states=$(grep -o '<property name="states" value="[0-9]*"' explored.xml 2>/dev/null | grep -o '[0-9]*' | head -1)
depth=$(grep -o '<property name="depth" value="[0-9]*"' explored.xml 2>/dev/null | grep -o '[0-9]*' | head -1)
if [ "$got" -ne 143 ] || [ -z "$states" ] || [ "$states" -le 1 ] || [ -z "$depth" ] || ! grep -q 'name="explore.deep"' explored.xml \
   || ! grep -q 'ended by signal 15 after' explored.xml || ! grep -q '<property name="complete" value="false"/>' explored.xml; then
  echo "FAIL SIGTERM 3 s into explore --preset deep --max-depth none: exit $got (expected 143), states ${states:-none}, depth ${depth:-none}"; failed=$((failed + 1))
else
  echo "ok   SIGTERM 3 s into explore --preset deep --max-depth none: exit 143, the report shows $states states to depth $depth, marked incomplete"
fi

echo "$((count - failed)) of $count probes as expected"
[ "$failed" -eq 0 ]
