// swift-tools-version:6.0
import PackageDescription

// Targets follow platform and dependency lines (README.md, Layout): what an app's test suite
// links (the model, the engine, the test helpers, the driver server) builds everywhere from
// iOS 16 and macOS 13 on; the driver client needs processes (macOS, Linux); the JUnit reader
// and writer need libxml2; the CLI needs all of them.
let desktop: [Platform] = [.macOS, .linux]

let package = Package(
    name: "NavFuzz",
    // The floor: Swift concurrency, `Regex` and `ContinuousClock` (the engine's workers share
    // C atomics, not the Synchronization module, which would need iOS 18 / macOS 15).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CoordinatorModel", targets: ["CoordinatorModel"]),
        .library(name: "NavFuzzKit", targets: ["NavFuzzKit"]),
        .library(name: "NavFuzzTesting", targets: ["NavFuzzTesting"]),
        .library(name: "NavFuzzDriverServer", targets: ["NavFuzzDriverServer"]),
        .library(name: "NavFuzzRecorder", targets: ["NavFuzzRecorder"]),
        .library(name: "NavFuzzDriver", targets: ["NavFuzzDriver"]),
        .executable(name: "NavFuzz", targets: ["NavFuzz"]),
    ],
    targets: [
        // Portable: the Swift standard library and Foundation's value types only.
        .target(name: "CoordinatorModel"),
        .target(name: "CAtomics"),
        // What an app links in debug and QA builds to record its navigation (docs/VALIDATE.md):
        // the model's values and nothing else.
        .target(name: "NavFuzzRecorder", dependencies: ["CoordinatorModel"]),
        .target(name: "NavFuzzKit", dependencies: ["CoordinatorModel", "CAtomics"]),
        // Driver programs: the server a driver runs (portable: an app can serve), the client
        // that starts one or connects to it (processes).
        .target(name: "NavFuzzDriverServer", dependencies: ["NavFuzzKit", "CoordinatorModel"]),
        .target(name: "CAffinity"),
        .target(name: "NavFuzzDriver", dependencies: ["NavFuzzDriverServer", "NavFuzzKit", "CoordinatorModel", "CAffinity"]),
        // Test helpers for XCTest and Swift Testing; crash containment where there are processes.
        .target(name: "NavFuzzTesting", dependencies: [
            "NavFuzzKit", "CoordinatorModel", "NavFuzzDriverServer",
            .target(name: "NavFuzzDriver", condition: .when(platforms: desktop)),
        ]),
        // Reports.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "NavFuzzJUnit", dependencies: ["NavFuzzKit", "CoordinatorModel", "CLibXML2"]),
        .executableTarget(name: "NavFuzz", dependencies: ["NavFuzzKit", "NavFuzzDriver", "NavFuzzDriverServer", "NavFuzzJUnit", "CoordinatorModel"]),
        .target(name: "SampleCoordinators", dependencies: ["NavFuzzKit", "CoordinatorModel"]),
        .executableTarget(name: "SampleDriver", dependencies: ["SampleCoordinators", "NavFuzzRecorder", "NavFuzzDriver", "NavFuzzDriverServer", "NavFuzzKit", "CoordinatorModel"]),
        // An example library in SUICoordinator's style (main actor, async), with its adapter and
        // the tests docs/VERIFY.md quotes.
        .target(name: "SUIStyleCoordinators", path: "Examples/SUICoordinatorStyle/Library"),
        .target(name: "SUIStyleAdapter", dependencies: ["SUIStyleCoordinators", "NavFuzzKit", "CoordinatorModel"],
                path: "Examples/SUICoordinatorStyle/Adapter"),
        // The adapter as a driver, for `NavFuzz verify --driver` in CI (docs/VERIFY.md §2.4).
        .executableTarget(name: "SUIStyleDriver", dependencies: ["SUIStyleAdapter", "SUIStyleCoordinators", "NavFuzzDriverServer"],
                          path: "Examples/SUICoordinatorStyle/Driver"),
        .testTarget(name: "SUIStyleCoordinatorsTests", dependencies: ["SUIStyleAdapter", "SUIStyleCoordinators", "NavFuzzTesting", "NavFuzzKit", "CoordinatorModel",
                                                                "NavFuzzRecorder", "NavFuzzDriverServer"],
                    path: "Examples/SUICoordinatorStyle/Tests"),
        .target(name: "RoutesStyleNavigation", path: "Examples/RoutesStyle/Library"),
        .testTarget(name: "RoutesStyleNavigationTests", dependencies: ["RoutesStyleNavigation", "NavFuzzTesting", "NavFuzzKit", "CoordinatorModel"],
                    path: "Examples/RoutesStyle/Tests"),
        // One example per kind of library (docs/VERIFY.md §8), each with its adapter and tests.
        .target(name: "ALStyleCoordinators", path: "Examples/ALCoordinatorStyle/Library"),
        .testTarget(name: "ALStyleCoordinatorsTests", dependencies: ["ALStyleCoordinators", "NavFuzzTesting", "NavFuzzKit", "CoordinatorModel",
                                                               "NavFuzzRecorder", "NavFuzzDriverServer"],
                    path: "Examples/ALCoordinatorStyle/Tests"),
        .target(name: "CXStyleCoordinators", path: "Examples/CoordinatorXStyle/Library"),
        .testTarget(name: "CXStyleCoordinatorsTests", dependencies: ["CXStyleCoordinators", "NavFuzzTesting", "NavFuzzKit", "CoordinatorModel"],
                    path: "Examples/CoordinatorXStyle/Tests"),
        .target(name: "KitStyleFlows", path: "Examples/CoordinatorKitStyle/Library"),
        .testTarget(name: "KitStyleFlowsTests", dependencies: ["KitStyleFlows", "NavFuzzTesting", "NavFuzzKit", "CoordinatorModel"],
                    path: "Examples/CoordinatorKitStyle/Tests"),
        .target(name: "ModernStyleCoordinators", path: "Examples/ModernCoordinatorStyle/Library"),
        .testTarget(name: "ModernStyleCoordinatorsTests", dependencies: ["ModernStyleCoordinators", "NavFuzzTesting", "NavFuzzKit", "CoordinatorModel"],
                    path: "Examples/ModernCoordinatorStyle/Tests"),
        .testTarget(name: "CoordinatorModelTests", dependencies: ["CoordinatorModel"]),
        .testTarget(name: "NavFuzzKitTests", dependencies: ["NavFuzzKit", "CoordinatorModel"]),
        .testTarget(name: "NavFuzzDriverTests", dependencies: ["NavFuzzDriver", "NavFuzzDriverServer", "NavFuzzKit", "CoordinatorModel"]),
        .testTarget(name: "NavFuzzJUnitTests", dependencies: ["NavFuzzJUnit", "NavFuzzKit"]),
        .testTarget(name: "NavFuzzTests", dependencies: ["NavFuzzKit", "NavFuzzJUnit", "CoordinatorModel"]),
        .testTarget(name: "RepositoryTests"),
        .testTarget(name: "SampleCoordinatorsTests", dependencies: ["SampleCoordinators", "NavFuzzRecorder", "NavFuzzKit", "NavFuzzDriver", "NavFuzzDriverServer", "NavFuzzTesting", "CoordinatorModel"]),
    ],
    swiftLanguageModes: [.v6]
)
