@_spi(Engine) import CoordinatorModel
import NavFuzzDriver
import NavFuzzDriverServer
import XCTest

/// The configuration a `reset` carries reads back as it was written, a dialect and a launch included.
final class DriverMessageTests: XCTestCase {
    func testConfigurationsRoundTrip() throws {
        let configurations = [
            Configuration(),
            Configuration(routeCount: 3, pageCount: 4, initialPages: [Page(2), Page(0)], rootKind: .tab),
            Configuration(dialect: [.stackOnTopLayer, .dismissNothingApplies]),
            Configuration(rootKind: .tab, launch: Launch(kind: .redirection, style: .custom, route: Route(1))),
            Configuration(rootKind: .tab, startPage: Page(1)),
        ]
        for c in configurations {
            let text = WireForm.configuration(c).text
            XCTAssertEqual(try DriverMessages.configuration(from: try DriverJSON(parsing: text)), c, text)
        }
        XCTAssertFalse(WireForm.configuration(Configuration()).text.contains("dialect"), "strict is left out")
        XCTAssertFalse(WireForm.configuration(Configuration()).text.contains("launch"), "no launch is left out")
        XCTAssertTrue(WireForm.configuration(Configuration(launch: Launch(kind: .navigation, style: .fullScreen, route: Route(1))))
            .text.contains(#""launch":{"kind":"navigation","style":"fullScreen","route":"r1"}"#))
    }

    func testABadLaunchNamesTheField() throws {
        func error(_ launch: String) throws -> String {
            let json = try DriverJSON(parsing: #"{"routes":2,"pages":2,"initialPages":["p0"],"root":"navigation","launch":"# + launch + "}")
            do { _ = try DriverMessages.configuration(from: json); return "" } catch { return "\(error)" }
        }
        XCTAssertTrue(try error(#"{"kind":"navigation","style":"push","route":"r1"}"#).contains("configuration.launch.style"))
        XCTAssertTrue(try error(#"{"kind":"flow","style":"sheet","route":"r1"}"#).contains("configuration.launch.kind"))
        XCTAssertTrue(try error(#"{"kind":"tab","style":"sheet"}"#).contains("configuration.launch.route"))
        XCTAssertTrue(try error(#"{"kind":"tab","style":"sheet","route":"r2"}"#).contains("launch route r2 is outside the route alphabet"))
    }

    func testABadStartPageNamesTheField() throws {
        func error(_ page: String) throws -> String {
            let json = try DriverJSON(parsing: #"{"routes":2,"pages":3,"initialPages":["p0","p1"],"root":"tab","startPage":"# + page + "}")
            do { _ = try DriverMessages.configuration(from: json); return "" } catch { return "\(error)" }
        }
        XCTAssertTrue(try error(#""page1""#).contains("configuration.startPage"))
        XCTAssertTrue(try error("1").contains("configuration.startPage"))
        XCTAssertTrue(try error(#""p2""#).contains("start page p2 is not one of the initial pages"))
        XCTAssertEqual(try error(#""p1""#), "")
    }

    func testABadDialectNamesTheField() throws {
        let json = try DriverJSON(parsing: #"{"routes":2,"pages":2,"initialPages":["p0"],"root":"navigation","dialect":["x"]}"#)
        XCTAssertThrowsError(try DriverMessages.configuration(from: json)) { error in
            XCTAssertTrue("\(error)".contains("configuration.dialect[0]"), "\(error)")
        }
    }
}
