@_spi(Engine) import CoordinatorModel
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// A library whose contract forbids `push` on a coordinator that presents something (only the
/// top layer navigates): it says so (`offeredOnlyOnTopLayer`) and answers `.notOffered` there.
final class NotOfferedTests: XCTestCase {
    static let options = Verifier.Options(depth: 2, walks: 40)

    func testAPushNotOfferedUnderASheetPassesWhenDeclared() {
        let report = Verifier.verify(TopLayerPushes(declared: true), options: Self.options)
        XCTAssertTrue(report.passed, report.text)
        XCTAssertGreaterThan(report.notOffered[.push] ?? 0, 0, report.text)
        XCTAssertTrue(report.notes.contains { $0.hasPrefix("not offered where the implementation said so") }, report.text)
    }

    func testTheClaimFailsWhereTheCapabilityOffersTheCall() {
        let undeclared = Verifier.verify(TopLayerPushes(declared: false), options: Self.options)
        XCTAssertTrue(undeclared.failure(.snapshotConforms)?.reason.contains("offeredOnlyOnTopLayer does not list it") == true, undeclared.text)
        let everywhere = Verifier.verify(TopLayerPushes(declared: true, claimsEverywhere: true), options: Self.options)
        let failure = everywhere.failure(.snapshotConforms)
        XCTAssertTrue(failure?.reason.contains("presents nothing") == true, everywhere.text)
        XCTAssertEqual(failure?.trace.map(\.description), ["push c0 r0"], everywhere.text)
    }

    /// Through a driver the claim is the step reply's `"outcome":"notOffered"`.
    func testTheDriverProtocolCarriesIt() throws {
        let session = DriverSession(name: "t", system: InProcessSystem(TopLayerPushes(declared: true)))
        var out: [UInt8] = []
        session.respond(to: #"{"navfuzz":1}"#, into: &out)
        XCTAssertEqual(try DriverJSON(parsing: out[...])["onlyOnTopLayer"], .array([.string("push")]))
        var reset: [UInt8] = []
        DriverMessages.reset(Configuration()).write(into: &reset)
        for line in [String(decoding: reset, as: UTF8.self), #"{"cmd":"step","action":"present c0 r0 sheet"}"#] {
            out = []; session.respond(to: line, into: &out)
        }
        out = []
        session.respond(to: #"{"cmd":"step","action":"push c0 r1"}"#, into: &out)
        let reply = try DriverJSON(parsing: out[...])
        XCTAssertTrue(DriverMessages.isNotOffered(reply), String(decoding: out, as: UTF8.self))
    }
}
