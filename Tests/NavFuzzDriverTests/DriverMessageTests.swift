@_spi(Engine) import CoordinatorModel
import NavFuzzDriver
import NavFuzzDriverServer
import XCTest

/// The configuration a `reset` carries reads back as it was written, a dialect included.
final class DriverMessageTests: XCTestCase {
    func testConfigurationsRoundTrip() throws {
        let configurations = [
            Configuration(),
            Configuration(routeCount: 3, pageCount: 4, initialPages: [Page(2), Page(0)], rootKind: .tab),
            Configuration(dialect: [.stackOnTopLayer, .dismissNothingApplies]),
        ]
        for c in configurations {
            let text = DriverMessages.configurationJSON(c).text
            XCTAssertEqual(try DriverMessages.configuration(from: try DriverJSON(parsing: text)), c, text)
        }
        XCTAssertFalse(DriverMessages.configurationJSON(Configuration()).text.contains("dialect"), "strict is left out")
    }

    func testABadDialectNamesTheField() throws {
        let json = try DriverJSON(parsing: #"{"routes":2,"pages":2,"initialPages":["p0"],"root":"navigation","dialect":["x"]}"#)
        XCTAssertThrowsError(try DriverMessages.configuration(from: json)) { error in
            XCTAssertTrue("\(error)".contains("configuration.dialect[0]"), "\(error)")
        }
    }
}
