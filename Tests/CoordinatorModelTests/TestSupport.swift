import XCTest
@_spi(Engine) @testable import CoordinatorModel

// Short helpers shared by the CoordinatorModel tests: build states from action texts, compare
// states with hand-written expectations, and check refusals and invariants.

// MARK: - Models

/// The default model: navigation root, routes r0 r1, pages p0 p1.
let navModel = Model()
/// A model whose root is a tab with pages p0, p1.
let tabModel = Model(configuration: Configuration(rootKind: .tab))
/// A tab-rooted model with a page universe of three (p2 exists but is not an initial page).
let wideTabModel = Model(configuration: Configuration(routeCount: 2, pageCount: 3, rootKind: .tab))

// MARK: - Values

func C(_ i: Int) -> CoordinatorID { CoordinatorID(i) }
func R(_ i: Int) -> Route { Route(i) }
func P(_ i: Int) -> Page { Page(i) }
/// A screen entry.
func scr(_ i: Int) -> Entry { .screen(Route(i)) }
/// A child entry.
func kid(_ i: Int) -> Entry { .child(CoordinatorID(i)) }
func modal(_ style: Style, _ entry: Entry) -> Modal { Modal(style, entry) }

/// A navigation coordinator as the tests expect it.
func nav(_ id: Int, parent: Int? = nil, children: [Int] = [], initial: Int = 0,
         stack: [Entry], modals: [Modal] = []) -> Coordinator {
    Coordinator(id: C(id), kind: .navigation, parent: parent.map(C), children: children.map(C),
                initialRoute: R(initial), stack: stack, modals: modals)
}

/// A redirection coordinator as the tests expect it.
func redir(_ id: Int, parent: Int?, children: [Int] = [], initial: Int = 0,
           stack: [Entry], modals: [Modal] = []) -> Coordinator {
    Coordinator(id: C(id), kind: .redirection, parent: parent.map(C), children: children.map(C),
                initialRoute: R(initial), stack: stack, modals: modals)
}

/// A tab coordinator: `pages` pairs each page with its page coordinator.
func tab(_ id: Int, parent: Int? = nil, children: [Int]? = nil, pages: [(Int, Int)], current: Int,
         badges: [(Int, Int)] = [], modals: [Modal] = []) -> Coordinator {
    let t = TabState(pages: pages.map { P($0.0) }, current: P(current),
                     badges: badges.map { TabState.Badge(page: P($0.0), value: $0.1) }.sorted { $0.page < $1.page },
                     pageCoordinators: pages.map { C($0.1) })
    return Coordinator(id: C(id), kind: .tab, parent: parent.map(C),
                       children: (children ?? pages.map(\.1)).map(C), initialRoute: R(0),
                       stack: [], modals: modals, tab: t)
}

// MARK: - Parsing and running

/// Parses one action text; a parse error fails the test.
func act(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Action {
    do { return try Action(parsing: text) } catch {
        XCTFail("cannot parse '\(text)': \(error)", file: file, line: line)
        return .restartApp
    }
}

/// Runs `texts` from the model's initial state (or `from`), requiring every step to apply.
func build(_ texts: [String], model: Model = navModel, from: State? = nil,
           file: StaticString = #filePath, line: UInt = #line) -> State {
    var s = from ?? model.initialState()
    for t in texts {
        let st = model.step(s, act(t, file: file, line: line))
        XCTAssertEqual(st.outcome, .applied, "setup step '\(t)' was \(st.outcome)", file: file, line: line)
        s = st.state
    }
    return s
}

/// One step by text.
func step(_ state: State, _ text: String, model: Model = navModel,
          file: StaticString = #filePath, line: UInt = #line) -> Step {
    model.step(state, act(text, file: file, line: line))
}

/// One step that must apply; returns it.
@discardableResult
func applied(_ state: State, _ text: String, model: Model = navModel,
             file: StaticString = #filePath, line: UInt = #line) -> Step {
    let st = step(state, text, model: model, file: file, line: line)
    XCTAssertEqual(st.outcome, .applied, "'\(text)' should apply", file: file, line: line)
    return st
}

// MARK: - Assertions

/// The coordinators of `state` with `children` in a fixed order (its order is not part of the state).
private func normalized(_ cs: [Coordinator]) -> [Coordinator] {
    cs.map { c in var c = c; c.children.sort(); return c }.sorted { $0.id < $1.id }
}

/// `state` has exactly these coordinators (compared field by field, children as a set) and root.
func assertState(_ state: State, _ expected: [Coordinator], root: Int = 0,
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(state.root, C(root), "root", file: file, line: line)
    let actual = normalized(state.coordinators), want = normalized(expected)
    XCTAssertEqual(actual.map(\.id), want.map(\.id), "live coordinators", file: file, line: line)
    for (a, w) in zip(actual, want) where a.id == w.id {
        XCTAssertEqual(a, w, "coordinator \(a.id)", file: file, line: line)
    }
}

/// The step's events are exactly these completions (order not significant).
func assertEvents(_ st: Step, _ expected: [(Int, FlowResult)],
                  file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(st.events.count, expected.count, "events \(st.events)", file: file, line: line)
    XCTAssertEqual(Set(st.events), Set(expected.map { Completion(C($0.0), $0.1) }), file: file, line: line)
}

/// `text` is refused with `reason`, the state is unchanged and there are no events.
func assertRefused(_ state: State, _ text: String, _ reason: RefusalReason, model: Model = navModel,
                   file: StaticString = #filePath, line: UInt = #line) {
    let st = step(state, text, model: model, file: file, line: line)
    XCTAssertEqual(st.outcome, .refused(reason), "'\(text)'", file: file, line: line)
    XCTAssertEqual(st.state, state, "a refused '\(text)' changed the state", file: file, line: line)
    XCTAssertTrue(st.events.isEmpty, "a refused '\(text)' emitted \(st.events)", file: file, line: line)
}

// MARK: - Invariants

/// Every invariant that `step` (from `before` by `action`) violates: name → reason.
func violations(before: State, action: Action, step st: Step,
                configuration: Configuration = Configuration()) -> [String: String] {
    let t = Transition(before: before, action: action, step: st, configuration: configuration)
    var out: [String: String] = [:]
    for inv in Invariant.all {
        if let why = inv.violation(in: t) { out[inv.name] = why }
    }
    return out
}

/// Runs a trace under `model` and collects every invariant violation, by name.
func traceViolations(_ texts: [String], model: Model) -> [String: String] {
    var s = model.initialState()
    var out: [String: String] = [:]
    for text in texts {
        let a = act(text)
        let st = model.step(s, a)
        for (k, v) in violations(before: s, action: a, step: st, configuration: model.configuration)
        where out[k] == nil { out[k] = v }
        s = st.state
    }
    return out
}

/// A hand-made transition for checking a transition invariant on broken steps.
func transition(_ before: State, _ text: String, _ outcome: Outcome, _ after: State,
                _ events: [Completion] = [], configuration: Configuration = Configuration()) -> Transition {
    Transition(before: before, action: act(text), step: Step(outcome: outcome, state: after, events: events),
               configuration: configuration)
}
