import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// The text form of actions (print/parse round trip, parse errors) and of states.
final class TextFormTests: XCTestCase {

    /// One action of every kind, with the argument shapes that matter.
    let everyKind: [Action] = [
        .push(C(0), R(1)), .pop(C(1)), .popToRoot(C(2)), .popTo(C(0), R(1)), .setRoot(C(3), R(0)),
        .replaceRoot(C(0), R(1)), .present(C(0), R(1), .sheet), .present(C(0), R(0), .detents), .dismiss(C(0)),
        .dismissAll(C(1)), .close(C(0)), .set(C(0), R(1)), .none(C(0)),
        .multiple(C(0), [.push(C(0), R(1)), .dismiss(C(0))]),
        .multiple(C(2), [.push(C(2), R(1)), .pop(C(2)), .popToRoot(C(2)), .popTo(C(2), R(0)), .setRoot(C(2), R(1)),
                         .replaceRoot(C(2), R(0)), .present(C(2), R(1), .overlay), .dismiss(C(2)), .dismissAll(C(2)),
                         .close(C(2)), .set(C(2), R(0)), .none(C(2))]),
        .multiple(C(0), [.none(C(0))]),
        .restart(C(0)), .start(C(0), .navigation, .sheet, R(1)), .start(C(1), .tab, .fullScreen, R(0)),
        .start(C(0), .redirection, .push, R(1)), .finishFlow(C(4)), .forcePresentation(.tab, .overlay, R(0)),
        .forcePresentation(.navigation, .custom, R(1)), .restartApp, .redirect(C(2), R(1), .custom),
        .redirect(C(2), R(0), .push), .select(C(0), P(1)), .setPages(C(0), [P(1), P(0)], current: nil),
        .setPages(C(0), [P(0)], current: P(0)), .setBadge(C(0), P(1), nil), .setBadge(C(0), P(0), -3),
        .setBadge(C(0), P(1), 12), .tabPopToRoot(C(0)), .userBack, .userSwipeDismiss, .userSelectTab(P(1)),
        .switchRoot(.tab, R(1)), .redirectTo(C(1), .dismiss(C(1))), .redirectTo(C(2), .popTo(C(2), R(1))),
        .redirectTo(C(2), .multiple(C(2), [.replaceRoot(C(2), R(0)), .dismiss(C(2))])), .startShared(C(0), R(1)),
        .setStack(C(0), [R(1), R(0), R(1)]), .startStack(C(3), .detents, [R(0)]),
    ]

    // MARK: round trip

    func testListCoversEveryActionName() {
        XCTAssertEqual(Set(everyKind.map(\.name)), Set(ActionName.allCases))
    }

    func testPrintThenParseGivesTheSameAction() throws {
        for a in everyKind {
            XCTAssertEqual(try Action(parsing: a.description), a, a.description)
        }
    }

    func testParseThenPrintIsStable() throws {
        for a in everyKind {
            let text = a.description
            XCTAssertEqual(try Action(parsing: text).description, text)
        }
    }

    func testExactTexts() {
        XCTAssertEqual(Action.push(C(0), R(1)).description, "push c0 r1")
        XCTAssertEqual(Action.start(C(0), .navigation, .sheet, R(1)).description, "start c0 navigation sheet r1")
        XCTAssertEqual(Action.setPages(C(0), [P(1), P(0)], current: nil).description, "setPages c0 [p1,p0]")
        XCTAssertEqual(Action.setPages(C(0), [P(0)], current: P(0)).description, "setPages c0 [p0] p0")
        XCTAssertEqual(Action.multiple(C(0), [.push(C(0), R(1)), .dismiss(C(0))]).description, "multiple c0 [push r1, dismiss]")
        XCTAssertEqual(Action.present(C(2), R(1), .fullScreen).description, "present c2 r1 fullScreen")
        XCTAssertEqual(Action.setBadge(C(0), P(1), nil).description, "setBadge c0 p1 nil")
        XCTAssertEqual(Action.setBadge(C(0), P(0), -3).description, "setBadge c0 p0 -3")
        XCTAssertEqual(Action.forcePresentation(.tab, .sheet, R(0)).description, "forcePresentation tab sheet r0")
        XCTAssertEqual(Action.redirect(C(1), R(0), .push).description, "redirect c1 r0 push")
        XCTAssertEqual(Action.restartApp.description, "restartApp")
        XCTAssertEqual(Action.userSelectTab(P(1)).description, "userSelectTab p1")
    }

    func testParsingToleratesSpacing() throws {
        XCTAssertEqual(try Action(parsing: "  push   c0\tr1 "), .push(C(0), R(1)))
        XCTAssertEqual(try Action(parsing: "setPages c0 [ p1 , p0 ]"), .setPages(C(0), [P(1), P(0)], current: nil))
        XCTAssertEqual(try Action(parsing: "multiple c3 [pop,present r1 sheet]"),
                       .multiple(C(3), [.pop(C(3)), .present(C(3), R(1), .sheet)]))
    }

    func testEmptyListsParse() throws {
        // Empty lists are well-formed text; the model refuses them as invalid.
        XCTAssertEqual(try Action(parsing: "setPages c0 []"), .setPages(C(0), [], current: nil))
        XCTAssertEqual(try Action(parsing: "multiple c0 []"), .multiple(C(0), []))
    }

    // MARK: parse errors

    func assertParseError(_ text: String, column: Int, mentions: String,
                          file: StaticString = #filePath, line: UInt = #line) {
        do {
            let a = try Action(parsing: text)
            XCTFail("'\(text)' parsed as \(a)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.column, column, "'\(text)': \(error)", file: file, line: line)
            XCTAssertTrue(error.message.hasPrefix("expected "), error.message, file: file, line: line)
            XCTAssertTrue(error.message.contains(mentions), "'\(text)': \(error.message)", file: file, line: line)
            XCTAssertEqual(error.description, "column \(column): \(error.message)", file: file, line: line)
        }
    }

    func testBadRoute() { assertParseError("push c0 x1", column: 9, mentions: "a route") }
    func testUnknownAction() { assertParseError("frobnicate", column: 1, mentions: "an action name") }
    func testEmptyLine() { assertParseError("", column: 1, mentions: "an action name") }
    func testPageListWithoutComma() { assertParseError("setPages c0 [p1 p0]", column: 17, mentions: "',' or ']'") }
    func testNonRouterActionInsideMultiple() {
        assertParseError("multiple c0 [start navigation sheet r0]", column: 14, mentions: "router action")
    }
    func testMissingArgumentAtEndOfLine() { assertParseError("push c0", column: 8, mentions: "the end of the line") }
    func testTrailingText() { assertParseError("push c0 r1 r2", column: 12, mentions: "the end of the action") }
    func testBadStyle() { assertParseError("present c0 r1 sideways", column: 15, mentions: "a style") }
    func testBadKind() { assertParseError("start c0 window sheet r0", column: 10, mentions: "a kind") }
    func testBadCoordinator() { assertParseError("pop x0", column: 5, mentions: "a coordinator") }
    func testBadBadgeValue() { assertParseError("setBadge c0 p1 lots", column: 16, mentions: "a badge value") }
    func testRouteOutOfRange() { assertParseError("push c0 r256", column: 9, mentions: "a route") }
    func testUnclosedMultiple() { assertParseError("multiple c0 [push r1", column: 21, mentions: "',' or ']'") }
    func testTargetInsideMultiple() { assertParseError("multiple c0 [push c0 r1]", column: 19, mentions: "a route") }
    func testMissingPageList() { assertParseError("setPages c0 p1", column: 13, mentions: "'['") }

    /// Numbers are read only as they are printed: no sign, no leading zero, ASCII digits.
    func testNumbersAreReadOnlyAsPrinted() {
        assertParseError("push c0 r01", column: 9, mentions: "a route")
        assertParseError("push c0 r+1", column: 9, mentions: "a route")
        assertParseError("pop c-0", column: 5, mentions: "a coordinator")
        assertParseError("pop c00", column: 5, mentions: "a coordinator")
        assertParseError("select c0 p٣", column: 11, mentions: "a page")
        assertParseError("setPages c0 [p0,p01]", column: 17, mentions: "a page")
        for badge in ["+5", "007", "-0", "-07", "--1", "-", "5.0"] {
            assertParseError("setBadge c0 p0 \(badge)", column: 16, mentions: "a badge value")
        }
    }

    /// The grammar accepts exactly what it prints: every variant of every kind's text with a
    /// number written another way, a sign or a foreign digit, is either refused or prints back
    /// word for word (spacing aside: spaces between words are layout).
    func testWhatIsAcceptedPrintsBackWordForWord() {
        func words(_ text: String) -> [String] {
            text.replacingOccurrences(of: "[", with: " [ ").replacingOccurrences(of: "]", with: " ] ")
                .replacingOccurrences(of: ",", with: " , ").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
        var tried = 0, accepted = 0
        for a in everyKind {
            let text = a.description
            for (i, ch) in text.enumerated() where ch.isNumber {
                for insert in ["0", "+", "-", "00", "٠", " ", "-0"] {
                    var variant = text
                    variant.insert(contentsOf: insert, at: variant.index(variant.startIndex, offsetBy: i))
                    tried += 1
                    guard let back = try? Action(parsing: variant) else { continue }
                    accepted += 1
                    XCTAssertEqual(words(back.description), words(variant), "'\(variant)' was read as '\(back)'")
                }
            }
        }
        XCTAssertGreaterThan(tried, 400)
        XCTAssertGreaterThan(accepted, 0, "some variants are real numbers (c10 for c0, -3 for 3)")
    }

    // MARK: state text

    func testStateDescriptionTree() {
        let s = build(["start c0 navigation push r1", "start c0 tab sheet r0", "setBadge c2 p1 1"])
        XCTAssertEqual(s.description, """
            c0 navigation stack [r0, c1] modals [sheet c2]
              c1 navigation (push) initial r1 stack [r1]
              c2 tab (sheet) pages [p0*, p1] badges [p1=1]
                c3 navigation (page p0) stack [r0]   <- visible
                c4 navigation (page p1) stack [r0]
            """)
    }

    func testInitialStateDescriptions() {
        XCTAssertEqual(navModel.initialState().description, "c0 navigation stack [r0]   <- visible")
        XCTAssertEqual(tabModel.initialState().description, """
            c0 tab pages [p0*, p1]
              c1 navigation (page p0) stack [r0]   <- visible
              c2 navigation (page p1) stack [r0]
            """)
    }

    func testBrokenStateDescriptionSaysSo() {
        let s = State(coordinators: [nav(0, children: [1], stack: [scr(0), kid(5)]), nav(1, parent: 0, stack: [scr(1)])],
                      root: C(0))
        XCTAssertEqual(s.description, """
            c0 navigation stack [r0, c5]
              c1 navigation (not hosted) stack [r1]
            (no visible screen)
            """)
    }
}
