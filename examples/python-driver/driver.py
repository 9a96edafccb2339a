#!/usr/bin/env python3
"""A NavFuzz driver in Python (docs/DRIVER-PROTOCOL.md) for a small coordinator library written
in the same file: navigation, tab and redirection coordinators with stacks and modals, child
flows that start and finish, and the user's back button and swipe-down. It offers the actions
it implements, saves and restores its state when asked, and is verified with

    swift run -c release NavFuzz verify --driver 'exec python3 examples/python-driver/driver.py'

`--no-save` leaves saving out of the handshake, so that NavFuzz replays paths from reset;
`--plain` also puts a snapshot in every step reply, as a driver that knows only the required
parts of the protocol does. `--traps` makes it a library that asserts on every call its contract
forbids, as a debug build does: it says so in its handshake (`trapsOnRefusals`) and dies with
an `AssertionError` instead of answering a refusal. `--bug NAME` builds the library with one real-world bug:

- `swipe-keeps-child`: a sheet swiped away keeps its child flow, the classic orphan;
- `finish-twice-crashes`: `finishFlow` on a flow that already finished aborts ("Done" tapped twice);
- `pop-to-root-stops-at-second`: `popToRoot` on a stack of three or more keeps two screens;
- `dismiss-all-keeps-first`: `dismissAll` with two modal levels or more keeps the first;
- `hangs-in-deep-tab-trees`: under a tab root with five coordinators or more, every step hangs.

and bugs of position, each showing only where the call's target sits among its siblings
(docs/VERIFY.md §1, Positions):

- `finish-removes-first-child`: a pushed flow's finish removes the first child on the stack
  (and all above it), not its own: only the last of two children shows it;
- `finish-removes-last-child`: it removes the last child on the stack: only the first shows it;
- `finish-splices-middle`: a flow neither first nor last on the stack, or presented neither
  lowest nor top, takes out its own entry only, leaving the flows above it;
- `finish-keeps-screens-above`: a pushed flow's finish takes out its entry, leaving the
  screens pushed above it;
- `finish-pops-to-root`: a pushed flow's finish pops its parent to its root screen, taking
  the screens pushed before it;
- `finish-dismisses-top`: a presented flow's finish dismisses the top modal level, not its own;
- `finish-dismisses-all`: it dismisses every modal level of its parent;
- `push-on-current-page`: a push on a tab's page goes to the current page's flow;
- `pop-to-first-entry`: `popTo` a route the stack holds twice goes to the lower one.

Each needs something the default run must reach: a three-entry stack, two modal levels, a call
on a coordinator that ended, five coordinators under a tab root (scripts/bug-classes.sh).
"""
import json
import os
import pickle
import sys
import time

ACTIONS = ["push", "pop", "popToRoot", "popTo", "setRoot", "replaceRoot", "present", "dismiss",
           "dismissAll", "close", "restart", "start", "finishFlow", "userBack", "userSwipeDismiss"]
SWIPEABLE = ("sheet", "detents")


class Refused(Exception):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class App:
    """The library: coordinators by id, each with a kind, a stack and modals; entries are
    ("screen", route) or ("child", id)."""

    def __init__(self, configuration, bug=None):
        self.routes = configuration["routes"]
        self.pages = configuration["initialPages"]
        self.bug = bug
        self.coordinators = {}
        self.next_id = 0
        self.ended = []
        self.gone = set()
        self.root = self.create(configuration["root"], None, "r0")

    # -- building ---------------------------------------------------------------------------

    def create(self, kind, parent, route):
        cid = self.next_id
        self.next_id += 1
        c = {"id": cid, "kind": kind, "parent": parent, "initial": route if kind != "tab" else "r0",
             "stack": [], "modals": [], "pages": [], "current": None, "pageCoordinators": []}
        self.coordinators[cid] = c
        self.set_up(c)
        return cid

    def set_up(self, c):
        if c["kind"] == "tab":
            c["pages"] = list(self.pages)
            c["current"] = self.pages[0]
            c["pageCoordinators"] = [self.create("navigation", c["id"], "r0") for _ in self.pages]
        else:
            c["stack"] = [("screen", c["initial"])]

    # -- ending -------------------------------------------------------------------------------

    def end(self, cid):
        """Ends a coordinator and everything it hosts."""
        c = self.coordinators.pop(cid, None)
        if c is None:
            return
        self.ended.append(cid)
        self.gone.add(cid)
        for child in self.hosted(c):
            self.end(child)

    def hosted(self, c):
        entries = c["stack"] + [entry for _, entry in c["modals"]]
        return [e[1] for e in entries if e[0] == "child"] + list(c["pageCoordinators"])

    def remove_stack(self, c, index):
        removed, c["stack"] = c["stack"][index:], c["stack"][:index]
        for e in reversed(removed):
            if e[0] == "child":
                self.end(e[1])

    def remove_modals(self, c, index):
        removed, c["modals"] = c["modals"][index:], c["modals"][:index]
        for _, e in reversed(removed):
            if e[0] == "child":
                self.end(e[1])

    # -- what the user sees ---------------------------------------------------------------------

    def descend(self):
        """(owner, stack index or None, the last modal passed as (holder, index) or None)."""
        c, last_modal = self.coordinators[self.root], None
        while True:
            if c["modals"]:
                last_modal = (c["id"], len(c["modals"]) - 1)
                entry = c["modals"][-1][1]
                if entry[0] == "screen":
                    return c, None, last_modal
                c = self.coordinators[entry[1]]
            elif c["kind"] == "tab":
                c = self.coordinators[c["pageCoordinators"][c["pages"].index(c["current"])]]
            else:
                entry = c["stack"][-1]
                if entry[0] == "screen":
                    return c, len(c["stack"]) - 1, last_modal
                c = self.coordinators[entry[1]]

    # -- actions ------------------------------------------------------------------------------

    def route(self, text):
        if int(text[1:]) >= self.routes:
            raise Refused("invalid")
        return text

    def target(self, text):
        cid = int(text[1:])
        if cid not in self.coordinators:
            raise Refused("noSuchCoordinator")
        return self.coordinators[cid]

    def apply(self, words):
        name = words[0]
        if self.bug == "hangs-in-deep-tab-trees" and self.coordinators[self.root]["kind"] == "tab" and len(self.coordinators) >= 6:
            time.sleep(3600)
        if self.bug == "finish-twice-crashes" and name == "finishFlow" and int(words[1][1:]) in self.gone:
            os.abort()
        if name in ("push", "popTo", "setRoot", "replaceRoot", "present"):
            route = self.route(words[2])
        if name == "start":
            route = self.route(words[4])
        c = self.target(words[1]) if len(words) > 1 else None
        if name == "push":
            self.navigation(c)
            parent = self.coordinators.get(c["parent"]) if c["parent"] is not None else None
            if self.bug == "push-on-current-page" and parent and c["id"] in parent["pageCoordinators"]:
                c = self.coordinators[parent["pageCoordinators"][parent["pages"].index(parent["current"])]]
            c["stack"].append(("screen", route))
        elif name == "pop":
            self.navigation(c)
            if len(c["stack"]) < 2:
                raise Refused("atRoot")
            self.remove_stack(c, len(c["stack"]) - 1)
        elif name == "popToRoot":
            self.navigation(c)
            keep = 2 if self.bug == "pop-to-root-stops-at-second" and len(c["stack"]) >= 3 else 1
            self.remove_stack(c, keep)
        elif name == "popTo":
            self.navigation(c)
            found = [i for i, e in enumerate(c["stack"]) if e == ("screen", route)]
            if not found:
                raise Refused("notFound")
            self.remove_stack(c, found[0 if self.bug == "pop-to-first-entry" else -1] + 1)
        elif name in ("setRoot", "replaceRoot"):
            if c["kind"] == "tab":
                raise Refused("unsupported")
            if name == "setRoot":
                self.remove_stack(c, 0)
                c["stack"] = [("screen", route)]
            else:
                c["stack"][0] = ("screen", route)
        elif name == "present":
            if words[3] == "push":
                raise Refused("unsupported")
            c["modals"].append((words[3], ("screen", route)))
        elif name == "dismiss":
            if not c["modals"]:
                raise Refused("nothingPresented")
            self.remove_modals(c, len(c["modals"]) - 1)
        elif name == "dismissAll":
            keep = 1 if self.bug == "dismiss-all-keeps-first" and len(c["modals"]) >= 2 else 0
            self.remove_modals(c, keep)
        elif name == "close":
            if c["modals"]:
                self.remove_modals(c, len(c["modals"]) - 1)
            elif c["kind"] == "navigation" and len(c["stack"]) >= 2:
                self.remove_stack(c, len(c["stack"]) - 1)
            else:
                raise Refused("nothingToClose")
        elif name == "restart":
            self.remove_modals(c, 0)
            self.remove_stack(c, 0)
            for page in c["pageCoordinators"]:
                self.end(page)
            c["pageCoordinators"] = []
            self.set_up(c)
        elif name == "start":
            kind, style = words[2], words[3]
            if style == "push" and (c["kind"] != "navigation" or kind == "tab"):
                raise Refused("unsupported")
            child = self.create(kind, c["id"], route)
            if style == "push":
                c["stack"].append(("child", child))
            else:
                c["modals"].append((style, ("child", child)))
        elif name == "finishFlow":
            return self.finish(c)
        elif name == "userBack":
            owner, index, _ = self.descend()
            if index is None:
                raise Refused("noBack")
            if index >= 1:
                self.remove_stack(owner, index)
            else:
                parent = self.coordinators.get(owner["parent"]) if owner["parent"] is not None else None
                if parent is None or ("child", owner["id"]) not in parent["stack"]:
                    raise Refused("noBack")
                self.remove_stack(parent, parent["stack"].index(("child", owner["id"])))
        elif name == "userSwipeDismiss":
            _, _, last = self.descend()
            if last is None:
                raise Refused("nothingPresented")
            holder = self.coordinators[last[0]]
            style, entry = holder["modals"][last[1]]
            if style not in SWIPEABLE:
                raise Refused("notDismissible")
            if self.bug == "swipe-keeps-child":
                holder["modals"].pop()
            else:
                self.remove_modals(holder, last[1])

    def navigation(self, c):
        if c["kind"] != "navigation":
            raise Refused("unsupported")

    def finish(self, c):
        if c["parent"] is None:
            raise Refused("isRoot")
        finished, target = [c["id"]], c
        parent = self.coordinators[c["parent"]]
        if c["id"] in parent["pageCoordinators"]:
            if parent["parent"] is None:
                raise Refused("isRoot")
            target = parent
            finished.append(parent["id"])
        host = self.coordinators[target["parent"]]
        for i, e in enumerate(host["stack"]):
            if e == ("child", target["id"]):
                children = [k for k, x in enumerate(host["stack"]) if x[0] == "child"]
                if self.bug == "finish-removes-first-child":
                    i = children[0]
                elif self.bug == "finish-removes-last-child":
                    i = children[-1]
                elif self.bug == "finish-pops-to-root":
                    i = 1
                elif self.bug == "finish-keeps-screens-above" or (self.bug == "finish-splices-middle" and children[0] < i < children[-1]):
                    host["stack"].pop(i)
                    self.end(target["id"])
                    return finished
                self.remove_stack(host, i)
                return finished
        for i, (_, e) in enumerate(host["modals"]):
            if e == ("child", target["id"]):
                if self.bug == "finish-dismisses-top":
                    i = len(host["modals"]) - 1
                elif self.bug == "finish-dismisses-all":
                    i = 0
                elif self.bug == "finish-splices-middle" and 0 < i < len(host["modals"]) - 1:
                    host["modals"].pop(i)
                    self.end(target["id"])
                    return finished
                self.remove_modals(host, i)
                return finished
        return finished

    # -- what NavFuzz reads ---------------------------------------------------------------------

    def snapshot(self):
        def text(entry):
            return entry[1] if entry[0] == "screen" else "c%d" % entry[1]
        out = []
        for c in self.coordinators.values():
            node = {"id": c["id"], "kind": c["kind"], "parent": c["parent"], "children": self.hosted(c),
                    "initialRoute": c["initial"], "stack": [text(e) for e in c["stack"]],
                    "modals": [{"style": s, "entry": text(e)} for s, e in c["modals"]]}
            if c["kind"] == "tab":
                node["tab"] = {"pages": c["pages"], "current": c["current"], "badges": {},
                               "pageCoordinators": c["pageCoordinators"]}
            out.append(node)
        return {"root": self.root, "coordinators": out}


def main():
    plain = "--plain" in sys.argv
    saves = "--no-save" not in sys.argv and not plain
    bug = sys.argv[sys.argv.index("--bug") + 1] if "--bug" in sys.argv else None
    traps = "--traps" in sys.argv
    app, saved = None, {}

    def reply(obj):
        sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        request = json.loads(line)
        if "navfuzz" in request:
            hello = {"navfuzz": 1, "name": "python-driver" + (" --bug " + bug if bug else ""), "actions": ACTIONS}
            if saves:
                hello["restore"] = 1
            if traps:
                hello["trapsOnRefusals"] = True
            reply(hello)
            continue
        cmd = request["cmd"]
        if cmd == "reset":
            app = App(request["configuration"], bug)
            reply({"snapshot": app.snapshot()})
        elif cmd == "snapshot":
            reply({"snapshot": app.snapshot()})
        elif cmd == "save":
            saved[request["id"]] = pickle.dumps(app, pickle.HIGHEST_PROTOCOL)
            reply({})
        elif cmd == "restore":
            known = request["id"] in saved
            if known:
                app = pickle.loads(saved[request["id"]])
            reply({"restored": known})
        elif cmd == "forget":
            saved.clear()
            reply({})
        elif cmd == "step":
            # Every refusal is decided before anything changes.
            app.ended = []
            try:
                finished = app.apply(request["action"].split()) or []
                result = {"outcome": "applied", "events": [
                    {"coordinator": cid, "result": "finished" if cid in finished else "cancelled"} for cid in app.ended]}
            except Refused as refusal:
                if traps:
                    raise AssertionError("%s: refused (%s)" % (request["action"], refusal.reason))
                result = {"outcome": "refused", "reason": refusal.reason, "events": []}
            if plain or request.get("snapshot", True) is not False:
                if result["outcome"] == "refused" and not plain:
                    result["unchanged"] = True
                else:
                    result["snapshot"] = app.snapshot()
            reply(result)
        else:
            reply({"error": "unknown command " + str(cmd)})


if __name__ == "__main__":
    main()
