@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit

/// The `overlap` request and its reply (docs/DRIVER-PROTOCOL.md §5.3): overlapping calls run by
/// the driver's own scheduler, which holds the adapter's suspension points, as they run in
/// process. Calls are numbered from 1, as in an interleaving's replay text.
extension DriverMessages {
    /// `{"cmd":"overlap","configuration":…,"path":[…],"calls":[…],"choices":["start 2",…],"timeout":5}`.
    package static func overlap(configuration: Configuration, path: [Action], _ request: OverlapRequest) -> DriverJSON {
        var members: [(String, DriverJSON)] = [
            ("cmd", .string("overlap")), ("configuration", WireForm.configuration(configuration)),
            ("path", .array(path.map { .string($0.description) })),
            ("calls", .array(request.calls.map { .string($0.description) })),
            ("choices", .array(request.choices.map { .string(choiceText($0)) })),
        ]
        if let t = request.timeout { members.append(("timeout", .double(t))) }
        return .object(members)
    }

    /// The request's parts, read back by a driver.
    package static func overlapRequest(from json: DriverJSON) throws(DriverFieldError) -> (Configuration, [Action], OverlapRequest) {
        guard let c = json["configuration"] else { throw .missing("configuration") }
        let configuration = try self.configuration(from: c)
        func actions(_ field: String) throws(DriverFieldError) -> [Action] {
            var out: [Action] = []
            for (i, text) in try strings(json, field, at: "").enumerated() {
                do { out.append(try Action(parsing: text)) } catch { throw DriverFieldError("\(field)[\(i)]", "cannot parse action '\(text)': \(error)") }
            }
            return out
        }
        let path = try actions("path"), calls = try actions("calls")
        guard calls.count >= 2 else { throw DriverFieldError("calls", "expected two or more calls, found \(calls.count)") }
        var choices: [OverlapChoice] = []
        for (i, text) in try strings(json, "choices", at: "").enumerated() {
            guard let choice = choice(text), choice.call < calls.count else {
                throw DriverFieldError("choices[\(i)]", "expected 'start N' or 'resume N' for one of the \(calls.count) calls, found '\(text)'")
            }
            choices.append(choice)
        }
        var timeout: Double?
        if let t = json["timeout"], !t.isNull {
            guard let seconds = t.number, seconds > 0 else { throw DriverFieldError("timeout", "expected a positive number of seconds, found \(t.text)") }
            timeout = seconds
        }
        return (configuration, path, OverlapRequest(calls: calls, choices: choices, timeout: timeout))
    }

    /// `start N` or `resume N`, N counted from 1.
    package static func choiceText(_ choice: OverlapChoice) -> String {
        switch choice {
        case .start(let c): "start \(c + 1)"
        case .resume(let c): "resume \(c + 1)"
        }
    }

    package static func choice(_ text: String) -> OverlapChoice? {
        let words = text.split(separator: " ")
        guard words.count == 2, let n = Int(words[1]), n >= 1 else { return nil }
        switch words[0] {
        case "start" where n >= 2: return .start(n - 1)
        case "resume": return .resume(n - 1)
        default: return nil
        }
    }

    /// What the run did, as the driver tells it.
    package static func overlapReply(_ r: OverlapResult) -> DriverJSON {
        var members: [(String, DriverJSON)] = [
            ("events", .array(r.events.map(eventJSON))),
            ("schedule", .array(r.schedule.map { step in
                .object([("options", .array(step.options.map { .string(choiceText($0)) })), ("taken", .string(choiceText(step.taken)))])
            })),
            ("steps", .array(r.steps.map { step in
                guard let step else { return .null }
                return stepReply(outcome: step.outcome, events: step.events, snapshot: nil, leaked: nil)
            })),
            ("firstSuspended", .bool(r.firstSuspended)), ("overlapped", .bool(r.overlapped)),
        ]
        if let state = r.state { members.append(("snapshot", snapshotJSON(Snapshot(state)))) }
        if let hung = r.hung { members.append(("hung", .int(hung + 1))) }
        switch r.stall {
        case .deadlock?: members.append(("stall", .string("deadlock")))
        case .livelock?: members.append(("stall", .string("livelock")))
        default: break
        }
        if r.diverged { members.append(("diverged", .bool(true))) }
        if let f = r.failure { members.append(("failure", .string(f.message))) }
        if !r.leaked.isEmpty { members.append(("leaked", .array(r.leaked.map { .int($0) }))) }
        return .object(members)
    }

    /// The run a reply tells, for `calls` calls.
    package static func overlapResult(from json: DriverJSON, calls: Int) throws(DriverFieldError) -> OverlapResult {
        var r = OverlapResult(calls: calls)
        func call(_ v: DriverJSON?, at path: String) throws(DriverFieldError) -> Int {
            guard let n = v?.int, n >= 1, n <= calls else { throw DriverFieldError(path, "expected a call number from 1 to \(calls), found \(v?.text ?? "nothing")") }
            return n - 1
        }
        for (i, e) in (json["events"]?.array ?? []).enumerated() {
            let at = "events[\(i)]"
            if let v = e["started"] { r.events.append(.started(call: try call(v, at: at + ".started"))) }
            else if let v = e["resumed"] { r.events.append(.resumed(call: try call(v, at: at + ".resumed"))) }
            else if let v = e["hung"] { r.events.append(.hung(call: try call(v, at: at + ".hung"))) }
            else if let v = e["suspended"] {
                let name = try string(e, "at", at: at)
                guard let point = SuspensionPoint.named(name) else { throw DriverFieldError(at + ".at", "expected transition, presentation, dismissal, sleep or wait, found '\(name)'") }
                r.events.append(.suspended(call: try call(v, at: at + ".suspended"), at: point))
            } else if let v = e["returned"] {
                let (outcome, _) = try outcomeAndEvents(from: e)
                r.events.append(.returned(call: try call(v, at: at + ".returned"), outcome))
            } else {
                throw DriverFieldError(at, "expected one of started, suspended, resumed, returned, hung")
            }
        }
        for (i, s) in (json["schedule"]?.array ?? []).enumerated() {
            let at = "schedule[\(i)]"
            func read(_ text: String, _ field: String) throws(DriverFieldError) -> OverlapChoice {
                guard let c = choice(text), c.call < calls else { throw DriverFieldError(field, "expected 'start N' or 'resume N', found '\(text)'") }
                return c
            }
            var options: [OverlapChoice] = []
            for (k, o) in try strings(s, "options", at: at).enumerated() { options.append(try read(o, "\(at).options[\(k)]")) }
            r.schedule.append((options, try read(try string(s, "taken", at: at), at + ".taken")))
        }
        if let steps = json["steps"]?.array {
            for (i, s) in steps.enumerated() where i < calls && !s.isNull {
                let (outcome, events) = try outcomeAndEvents(from: s)
                r.steps[i] = SystemStep(outcome: outcome, events: events)
            }
        }
        if let s = json["snapshot"], !s.isNull { r.state = try state(from: s) }
        r.firstSuspended = json["firstSuspended"] == .bool(true)
        r.overlapped = json["overlapped"] == .bool(true)
        if let h = json["hung"], !h.isNull {
            r.hung = try call(h, at: "hung")
            switch json["stall"]?.string {
            case "deadlock": r.stall = .deadlock
            case "livelock": r.stall = .livelock
            default: r.stall = .timedOut
            }
        }
        r.diverged = json["diverged"] == .bool(true)
        if let f = json["failure"]?.string { r.failure = SystemFailure(.protocolError, f) }
        r.leaked = try leaked(from: json) ?? []
        return r
    }

    private static func eventJSON(_ e: Interleaving.Event) -> DriverJSON {
        switch e {
        case .started(let c): return .object([("started", .int(c + 1))])
        case .suspended(let c, let point): return .object([("suspended", .int(c + 1)), ("at", .string(point.description))])
        case .resumed(let c): return .object([("resumed", .int(c + 1))])
        case .hung(let c): return .object([("hung", .int(c + 1))])
        case .returned(let c, let outcome):
            guard case .object(let members) = stepReply(outcome: outcome, events: [], snapshot: nil, leaked: nil) else { return .null }
            return .object([("returned", .int(c + 1))] + members.filter { $0.0 != "events" })
        }
    }
}
