# A tiny NavFuzz driver: push and pop on one navigation stack, done right except for one
# misbehaviour chosen by its argument (hang, crash, exit after each reply, break the protocol).
# MisbehavingDriverTests and scripts/probe-hostile.sh run it. Usage: tiny-driver.py MODE
import json, os, sys, time
MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"
stack, routes = ["r0"], 2

def snap():
    return {"root": 0, "coordinators": [{"id": 0, "kind": "navigation", "children": [],
            "initialRoute": "r0", "stack": list(stack), "modals": []}]}

def reply(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()

def step(outcome, reason=None):
    r = {"outcome": outcome, "events": [], "snapshot": snap()}
    if reason:
        r["reason"] = reason
    reply(r)

for line in sys.stdin:
    req = json.loads(line)
    if "navfuzz" in req:
        if MODE == "bad-handshake":
            reply({"navfuzz": 2, "actions": ["push"]})
        else:
            reply({"navfuzz": 1, "name": "tiny-" + MODE, "actions": ["push", "pop"]})
        continue
    cmd = req.get("cmd")
    if cmd == "reset" and MODE == "endless-line":
        while True:
            sys.stdout.write("x" * 1048576)
    if cmd == "reset":
        stack, routes = ["r0"], req["configuration"]["routes"]
        if MODE == "bad-snapshot":
            reply({"snapshot": {"root": 0, "coordinators": [{"id": 0, "kind": "navigation", "children": [], "stack": ["x1"], "modals": []}]}})
        else:
            reply({"snapshot": snap()})
        continue
    if cmd == "snapshot":
        reply({"snapshot": snap()})
        continue
    words = req["action"].split()
    if MODE == "missing-outcome":
        reply({"events": [], "snapshot": snap()})
        continue
    if MODE == "not-json":
        sys.stdout.write("pushed it!\n")
        sys.stdout.flush()
        continue
    if MODE == "hang" and words[0] == "pop" and len(stack) >= 2:
        time.sleep(1000)
    if MODE == "hang-always":
        time.sleep(1000)
    if MODE == "hang-forked" and words[0] == "pop" and len(stack) >= 2:
        # A child that keeps the pipes open and outlives its parent unless its group is ended.
        if os.fork() == 0:
            os.execvp("sleep", ["sleep", "31.4159"])
        time.sleep(1000)
    # A wrong answer (a pop at the root applied) found at once, then, after a while, a hang
    # with a child whose name says so: what a signal ends while a failure is known.
    if MODE == "wrong-then-hang":
        after = globals().get("after")
        if after is not None:
            globals()["after"] = after + 1
            if after > 50:
                if os.fork() == 0:
                    os.execvp("sleep", ["sleep", "16.1803"])
                time.sleep(1000)
        if words[0] == "pop" and len(stack) < 2:
            globals()["after"] = after or 0
            step("applied")
            continue
    if MODE == "crash" and req["action"] == "push c0 r1":
        sys.stderr.write("tiny driver: cannot push r1\n")
        sys.stderr.flush()
        os._exit(3)
    if words[0] == "push" and int(words[2][1:]) >= routes:
        step("refused", "invalid")
    elif words[1] != "c0":
        step("refused", "noSuchCoordinator")
    elif words[0] == "push":
        stack.append(words[2])
        step("applied")
    elif len(stack) < 2:
        step("refused", "atRoot")
    else:
        stack.pop()
        step("applied")
    if MODE == "exit-after-reply":
        os._exit(0)
