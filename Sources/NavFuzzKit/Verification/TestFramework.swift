/// The test framework a printed regression test is written for.
public enum TestFramework: Sendable, Hashable, CaseIterable {
    case swiftTesting, xcTest
}
