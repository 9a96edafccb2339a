@_spi(Engine) import CoordinatorModel

/// A self-contained HTML page (no network, no files beside it) of a run's failures, made from
/// the same list of failing cases as the JUnit report, so that the two cannot disagree: each
/// failing case in the report's order, its message, and a picture of its failing trace — the
/// coordinator tree after each step as SVG, what the step changed or created marked, the
/// action, its outcome and events, the broken check and, for a failure of an implementation,
/// its tree beside the model's with the coordinators that differ marked. A trace that broke
/// several checks is drawn once, and the other cases point to it; a case without a trace shows
/// its text. Browsers and CI artifact viewers open it as it is.
@_spi(Engine) public struct HTMLReport: Sendable {
    /// One failing case of the report.
    @_spi(Engine) public struct Failure: Sendable {
        /// The suite and the case, as the report names them.
        @_spi(Engine) public var suite: String
        @_spi(Engine) public var name: String
        @_spi(Engine) public var message: String
        /// The failure's text, shown when it has no picture.
        @_spi(Engine) public var text: String
        /// The numbers of its traces in `traces` (from 1: `#failure-N`).
        @_spi(Engine) public var pictures: [Int]

        @_spi(Engine) public init(suite: String, name: String, message: String, text: String, pictures: [Int] = []) {
            self.suite = suite; self.name = name; self.message = message; self.text = text; self.pictures = pictures
        }
    }

    /// One failing trace.
    @_spi(Engine) public struct Trace: Sendable {
        @_spi(Engine) public var check: String
        @_spi(Engine) public var reason: String
        /// Where it was found: `explore.small`, `verify`, a corpus file.
        @_spi(Engine) public var source: String
        @_spi(Engine) public var initial: State
        /// How many steps the trace has.
        @_spi(Engine) public var stepCount: Int
        /// The steps drawn (`shownSteps`), each with its number (from 0), the state before it and
        /// what the model did: a long trace keeps no more than it draws.
        @_spi(Engine) public var drawn: [(number: Int, action: Action, before: State, step: Step)]
        /// The implementation's state after the failing step, when an implementation failed.
        @_spi(Engine) public var implementation: State?
        /// The command that replays it.
        @_spi(Engine) public var replay: String?
        /// For an implementation's failure, what its side did at the failing step in words
        /// (`crashed`, `hung`, its outcome and events), drawn in its panel even when it left no
        /// tree to draw.
        @_spi(Engine) public var implementationDid: String?
        /// What the system said while the trace ran last (a driver's standard error).
        @_spi(Engine) public var said: String = ""

        /// The first `count` steps (all by default) of a path of the model (or of a model with a
        /// fault), as they were taken.
        @_spi(Engine) public init(check: String, reason: String, source: String, path: TraceRun<CoordinatorMachine>, count: Int? = nil,
                                  implementation: State? = nil, replay: String?) {
            self.check = check; self.reason = reason; self.source = source; self.initial = path.initial
            self.implementation = implementation; self.replay = replay
            let steps = path.steps.prefix(count ?? path.steps.count)
            stepCount = steps.count
            let shown = HTMLReport.shownSteps(count: stepCount)
            var drawn: [(number: Int, action: Action, before: State, step: Step)] = []
            var before = path.initial
            for (i, record) in steps.enumerated() {
                if shown.contains(i) { drawn.append((i, record.action, before, record.step)) }
                before = record.step.state
            }
            self.drawn = drawn
        }

        /// A counterexample of the model (or of a model with a fault), on its path.
        @_spi(Engine) public init(_ c: Counterexample<CoordinatorMachine>, machine: CoordinatorMachine, source: String, replay: String?) {
            self.init(check: c.property, reason: c.reason, source: source, path: c.path(on: machine), replay: replay)
        }

        /// A failure of an implementation: the model's path to it (`c`), and what the
        /// implementation showed at the failing step.
        @_spi(Engine) public init(_ f: ConformanceFailure, on c: Counterexample<CoordinatorMachine>, machine: CoordinatorMachine, replay: String?) {
            self.init(check: f.check.name, reason: f.reason, source: f.source, path: c.path(on: machine),
                      implementation: f.step.implementation.after, replay: replay)
            let events = f.step.implementation.events.map(\.description).joined(separator: ", ")
            switch (f.step.implementation.outcome, f.check) {
            case (let outcome?, _): implementationDid = "\(outcome)" + (events.isEmpty ? "; no events" : "; " + events)
            case (nil, .noHang): implementationDid = "did not answer: it hung, and was ended"
            case (nil, _): implementationDid = "crashed: no state to draw"
            }
            said = f.diagnostics
        }

        /// Whether `other` draws the same pictures: the same source, steps and implementation.
        @_spi(Engine) public func drawsTheSame(as other: Trace) -> Bool {
            source == other.source && stepCount == other.stepCount && initial == other.initial && implementation == other.implementation
                && implementationDid == other.implementationDid
                && drawn.map(\.number) == other.drawn.map(\.number) && drawn.map(\.action) == other.drawn.map(\.action)
        }
    }

    /// Traces longer than this show their first and last steps only (and always the failing one).
    static let drawnSteps = 40

    /// Every failing case of the report, in its order.
    @_spi(Engine) public var failures: [Failure]
    /// The traces the failures point to.
    @_spi(Engine) public var traces: [Trace]

    @_spi(Engine) public init(failures: [Failure] = [], traces: [Trace] = []) {
        self.failures = failures; self.traces = traces
    }

    /// The page's title, from the list it shows: `NavFuzz: 3 failing cases`.
    @_spi(Engine) public var title: String {
        failures.isEmpty ? "NavFuzz: no failures" : "NavFuzz: \(failures.count) failing case\(failures.count == 1 ? "" : "s")"
    }

    /// The page. `data-steps` on the body says how many pictures it has; its script sets
    /// `data-rendered` to how many a browser drew with a size, which a headless browser's DOM
    /// dump shows (.ci/run checks the two agree).
    @_spi(Engine) public var html: String {
        var pictures = 0
        var sections: [String] = []
        var drawnTraces: Set<Int> = []
        for (n, f) in failures.enumerated() {
            sections.append("<h2 id=\"case-\(n + 1)\">\(n + 1). <code>\(shown(f.suite))</code> <code>\(shown(f.name))</code></h2>")
            sections.append("<p class=\"message\">\(shown(f.message))</p>")
            let known = f.pictures.filter { traces.indices.contains($0 - 1) }
            if known.isEmpty { sections.append("<pre>\(shownLines(f.text))</pre>") }
            for k in known {
                guard drawnTraces.insert(k).inserted else {
                    sections.append("<p>the same trace as above: <a href=\"#failure-\(k)\">failure \(k)</a></p>")
                    continue
                }
                let (section, drawn) = Self.section(traces[k - 1], number: k)
                sections.append(section)
                pictures += drawn
            }
        }
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(shown(title))</title>
        <style>
        body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px; color: #111827; }
        h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 32px; border-top: 1px solid #e5e7eb; padding-top: 16px; } h3 { font-size: 15px; }
        code, .action { font-family: ui-monospace, Menlo, monospace; }
        .legend span { display: inline-block; margin-right: 16px; } .swatch { display: inline-block; width: 14px; height: 14px; vertical-align: middle; margin-right: 4px; border-radius: 3px; }
        figure { margin: 12px 0; } figcaption { margin-bottom: 4px; } .fails { border-left: 4px solid \(State.PictureColour.differing); padding-left: 10px; }
        .pair { display: flex; gap: 32px; flex-wrap: wrap; } .skipped { color: #6b7280; font-style: italic; }
        </style></head>
        <body data-steps="\(pictures)">
        <h1>\(shown(title))</h1>
        <p class="legend"><span><i class="swatch" style="border: 2.5px solid \(State.PictureColour.changed)"></i>changed by the step</span><span><i class="swatch" style="background: \(State.PictureColour.created); border: 2.5px solid \(State.PictureColour.changed)"></i>created by the step</span><span><i class="swatch" style="border: 2.5px solid \(State.PictureColour.differing)"></i>differs from the model, or is hosted nowhere</span><span><b style="color: \(State.PictureColour.visible)">visible</b> owner of the screen the user sees</span></p>
        \(failures.isEmpty ? "<p>No failures.</p>" : sections.joined(separator: "\n"))
        <script>
        var drawn = 0;
        document.querySelectorAll("figure svg").forEach(function (s) { var b = s.getBBox(); if (b.width > 0 && b.height > 0) drawn += 1; });
        document.body.setAttribute("data-rendered", String(drawn));
        </script>
        </body></html>

        """
    }

    /// One trace's section, and how many pictures it has.
    private static func section(_ t: Trace, number: Int) -> (String, Int) {
        var out: [String] = []
        var drawn = 0
        let failing = t.stepCount - 1
        out.append("<h3 id=\"failure-\(number)\">failure \(number): <code>\(shown(t.check))</code>: \(shown(t.reason))</h3>")
        out.append("<p>found by \(shown(t.source)); \(t.stepCount) step\(t.stepCount == 1 ? "" : "s")"
                   + (t.replay.map { "; replay: <code>\(shown($0))</code>" } ?? "") + "</p>")
        let initialFails = t.stepCount == 0
        out.append(figure(caption: "initial state" + (initialFails ? " — fails here" : ""), state: t.initial, marks: .init(),
                          failing: initialFails, implementation: initialFails ? t.implementation : nil,
                          did: initialFails ? t.implementationDid : nil))
        drawn += initialFails && t.implementation != nil ? 2 : 1
        var last = -1
        for entry in t.drawn {
            let i = entry.number
            if i > last + 1 { out.append("<p class=\"skipped\">steps \(last + 2)–\(i) not drawn</p>") }
            last = i
            let before = entry.before, after = entry.step.state
            let created = Set(after.coordinators.map(\.id)).subtracting(before.coordinators.map(\.id))
            let changed = Set(after.coordinators.filter { c in before[c.id].map { $0 != c } ?? false }.map(\.id))
            let events = entry.step.events.isEmpty ? "" : "; " + entry.step.events.map(\.description).joined(separator: ", ")
            let caption = "step \(i + 1): <span class=\"action\">\(shown(entry.action.description))</span> ⇒ "
                + shown("\(entry.step.outcome)\(events)") + (i == failing ? " — <b>fails here</b>" : "")
            let isFailing = i == failing
            out.append(figure(caption: caption, state: after, marks: .init(changed: changed, created: created), failing: isFailing,
                              implementation: isFailing ? t.implementation : nil, did: isFailing ? t.implementationDid : nil,
                              escapedCaption: true))
            drawn += isFailing && t.implementation != nil ? 2 : 1
        }
        if !t.said.isEmpty {
            out.append("<details open><summary>what the implementation said (its standard error)</summary><pre class=\"said\">\(shownLines(t.said))</pre></details>")
        }
        return (out.joined(separator: "\n"), drawn)
    }

    /// The steps drawn: all of a short trace; of a long one the first five and the last ones.
    static func shownSteps(count: Int) -> Set<Int> {
        guard count > drawnSteps else { return Set(0..<count) }
        return Set(0..<5).union((count - (drawnSteps - 5))..<count)
    }

    private static func figure(caption: String, state: State, marks: State.PictureMarks, failing: Bool,
                               implementation: State?, did: String? = nil, escapedCaption: Bool = false) -> String {
        let text = escapedCaption ? caption : shown(caption)
        let panel = did.map { "<p class=\"implementation\">implementation: \(shown($0))</p>" } ?? ""
        guard let implementation else {
            guard did != nil else {
                return "<figure\(failing ? " class=\"fails\"" : "")><figcaption>\(text)</figcaption>\(state.svg(marks: marks))</figure>"
            }
            // The implementation left no tree (a crash, a hang): the model's, and what it did.
            return "<figure class=\"fails\"><figcaption>\(text)</figcaption><div class=\"pair\">"
                + "<div><p>model</p>\(state.svg(marks: marks))</div><div>\(panel)</div></div></figure>"
        }
        // Side by side in canonical ids, so that the same coordinator has the same name on both.
        let model = state.canonicalized(), impl = implementation.canonicalized()
        var differing = Set<CoordinatorID>()
        for c in impl.coordinators where model[c.id].map({ $0 != c }) ?? true { differing.insert(c.id) }
        let difference = TreeDifference.firstDifference(model: state, implementation: implementation)
        return "<figure class=\"fails\"><figcaption>\(text)</figcaption><p>\(shown(difference))</p>\(panel)<div class=\"pair\">"
            + "<div><p>model (canonical ids)</p>\(model.svg())</div>"
            + "<div><p>implementation (canonical ids)</p>\(impl.svg(marks: .init(differing: differing)))</div></div></figure>"
    }
}

/// Text for the page: `TextSanitizer`'s rule, then markup escaped; one line, or many.
private func shown(_ s: String) -> String { markupEscaped(TextSanitizer.escaped(s)) }
private func shownLines(_ s: String) -> String { markupEscaped(TextSanitizer.escapedLines(s)) }
