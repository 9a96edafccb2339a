@_spi(Engine) import CoordinatorModel

/// A self-contained HTML page (no network, no files beside it) with a picture of every failing
/// trace of a run: the coordinator tree after each step as SVG, what the step changed or
/// created marked, the action, its outcome and events, the broken check and, for a failure of
/// an implementation, its tree beside the model's with the coordinators that differ marked.
/// Browsers and CI artifact viewers open it as it is.
@_spi(Engine) public struct HTMLReport: Sendable {
    /// One failing trace.
    @_spi(Engine) public struct Trace: Sendable {
        @_spi(Engine) public var check: String
        @_spi(Engine) public var reason: String
        /// Where it was found: `explore.small`, `verify`, a corpus file.
        @_spi(Engine) public var source: String
        @_spi(Engine) public var initial: State
        /// The model's steps, in order.
        @_spi(Engine) public var steps: [(action: Action, step: Step)]
        /// The implementation's state after the failing step, when an implementation failed.
        @_spi(Engine) public var implementation: State?
        /// The command that replays it.
        @_spi(Engine) public var replay: String?

        @_spi(Engine) public init(check: String, reason: String, source: String, initial: State, steps: [(action: Action, step: Step)],
                    implementation: State? = nil, replay: String? = nil) {
            self.check = check; self.reason = reason; self.source = source; self.initial = initial; self.steps = steps
            self.implementation = implementation; self.replay = replay
        }

        /// A counterexample of the model (or of a model with a fault), its steps taken again.
        @_spi(Engine) public init(_ c: Counterexample<CoordinatorMachine>, machine: CoordinatorMachine, source: String, replay: String?) {
            var state = c.initial
            var steps: [(action: Action, step: Step)] = []
            for a in c.actions {
                let step = machine.step(state, a)
                steps.append((a, step))
                state = step.state
            }
            self.init(check: c.property, reason: c.reason, source: source, initial: c.initial, steps: steps, replay: replay)
        }

        /// A failure of an implementation: the model's steps, and what the implementation showed
        /// at the failing one.
        @_spi(Engine) public init(_ f: ConformanceFailure, replay: String?) {
            let model = Model(configuration: f.configuration)
            var state = model.initialState()
            let initial = state
            var steps: [(action: Action, step: Step)] = []
            for a in f.trace {
                let step = model.step(state, a)
                steps.append((a, step))
                state = step.state
            }
            self.init(check: f.invariant, reason: f.reason, source: f.source, initial: initial, steps: steps,
                      implementation: f.step.implementationAfter, replay: replay)
        }
    }

    /// Traces longer than this show their first and last steps only (and always the failing one).
    static let drawnSteps = 40

    @_spi(Engine) public var title: String
    @_spi(Engine) public var traces: [Trace]

    @_spi(Engine) public init(title: String, traces: [Trace] = []) {
        self.title = title; self.traces = traces
    }

    /// The page. `data-steps` on the body says how many pictures it has; its script sets
    /// `data-rendered` to how many a browser drew with a size, which a headless browser's DOM
    /// dump shows (.ci/run checks the two agree).
    @_spi(Engine) public var html: String {
        var pictures = 0
        var sections: [String] = []
        for (n, t) in traces.enumerated() {
            let (section, drawn) = Self.section(t, number: n + 1)
            sections.append(section)
            pictures += drawn
        }
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(markupEscaped(title))</title>
        <style>
        body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px; color: #111827; }
        h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 32px; border-top: 1px solid #e5e7eb; padding-top: 16px; }
        code, .action { font-family: ui-monospace, Menlo, monospace; }
        .legend span { display: inline-block; margin-right: 16px; } .swatch { display: inline-block; width: 14px; height: 14px; vertical-align: middle; margin-right: 4px; border-radius: 3px; }
        figure { margin: 12px 0; } figcaption { margin-bottom: 4px; } .fails { border-left: 4px solid \(State.PictureColour.differing); padding-left: 10px; }
        .pair { display: flex; gap: 32px; flex-wrap: wrap; } .skipped { color: #6b7280; font-style: italic; }
        </style></head>
        <body data-steps="\(pictures)">
        <h1>\(markupEscaped(title))</h1>
        <p class="legend"><span><i class="swatch" style="border: 2.5px solid \(State.PictureColour.changed)"></i>changed by the step</span><span><i class="swatch" style="background: \(State.PictureColour.created); border: 2.5px solid \(State.PictureColour.changed)"></i>created by the step</span><span><i class="swatch" style="border: 2.5px solid \(State.PictureColour.differing)"></i>differs from the model, or is hosted nowhere</span><span><b style="color: \(State.PictureColour.visible)">visible</b> owner of the screen the user sees</span></p>
        \(traces.isEmpty ? "<p>No failures.</p>" : sections.joined(separator: "\n"))
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
        let failing = t.steps.count - 1
        out.append("<h2 id=\"failure-\(number)\">\(number). <code>\(markupEscaped(t.check))</code>: \(markupEscaped(t.reason))</h2>")
        out.append("<p>found by \(markupEscaped(t.source)); \(t.steps.count) step\(t.steps.count == 1 ? "" : "s")"
                   + (t.replay.map { "; replay: <code>\(markupEscaped($0))</code>" } ?? "") + "</p>")
        let shown = Self.shownSteps(count: t.steps.count)
        let initialFails = t.steps.isEmpty
        out.append(figure(caption: "initial state" + (initialFails ? " — fails here" : ""), state: t.initial, marks: .init(),
                          failing: initialFails, implementation: initialFails ? t.implementation : nil))
        drawn += initialFails && t.implementation != nil ? 2 : 1
        var before = t.initial
        var last = -1
        for (i, entry) in t.steps.enumerated() {
            defer { before = entry.step.state }
            guard shown.contains(i) else { continue }
            if i > last + 1 { out.append("<p class=\"skipped\">steps \(last + 2)–\(i) not drawn</p>") }
            last = i
            let after = entry.step.state
            let created = Set(after.coordinators.map(\.id)).subtracting(before.coordinators.map(\.id))
            let changed = Set(after.coordinators.filter { c in before[c.id].map { $0 != c } ?? false }.map(\.id))
            let events = entry.step.events.isEmpty ? "" : "; " + entry.step.events.map(\.description).joined(separator: ", ")
            let caption = "step \(i + 1): <span class=\"action\">\(markupEscaped(entry.action.description))</span> ⇒ "
                + markupEscaped("\(entry.step.outcome)\(events)") + (i == failing ? " — <b>fails here</b>" : "")
            let isFailing = i == failing
            out.append(figure(caption: caption, state: after, marks: .init(changed: changed, created: created), failing: isFailing,
                              implementation: isFailing ? t.implementation : nil, escapedCaption: true))
            drawn += isFailing && t.implementation != nil ? 2 : 1
        }
        return (out.joined(separator: "\n"), drawn)
    }

    /// The steps drawn: all of a short trace; of a long one the first five and the last ones.
    static func shownSteps(count: Int) -> Set<Int> {
        guard count > drawnSteps else { return Set(0..<count) }
        return Set(0..<5).union((count - (drawnSteps - 5))..<count)
    }

    private static func figure(caption: String, state: State, marks: State.PictureMarks, failing: Bool,
                               implementation: State?, escapedCaption: Bool = false) -> String {
        let text = escapedCaption ? caption : markupEscaped(caption)
        guard let implementation else {
            return "<figure\(failing ? " class=\"fails\"" : "")><figcaption>\(text)</figcaption>\(state.svg(marks: marks))</figure>"
        }
        // Side by side in canonical ids, so that the same coordinator has the same name on both.
        let model = state.canonicalized(), impl = implementation.canonicalized()
        var differing = Set<CoordinatorID>()
        for c in impl.coordinators where model[c.id].map({ $0 != c }) ?? true { differing.insert(c.id) }
        let difference = TreeDifference.firstDifference(model: state, implementation: implementation)
        return "<figure class=\"fails\"><figcaption>\(text)</figcaption><p>\(markupEscaped(difference))</p><div class=\"pair\">"
            + "<div><p>model (canonical ids)</p>\(model.svg())</div>"
            + "<div><p>implementation (canonical ids)</p>\(impl.svg(marks: .init(differing: differing)))</div></div></figure>"
    }
}
