// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "NavFuzz",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CoordinatorModel", targets: ["CoordinatorModel"]),
        .library(name: "NavFuzzKit", targets: ["NavFuzzKit"]),
        .executable(name: "NavFuzz", targets: ["NavFuzz"]),
    ],
    targets: [
        .target(name: "CoordinatorModel"),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "CAffinity"),
        .target(name: "NavFuzzKit", dependencies: ["CoordinatorModel", "CLibXML2", "CAffinity"]),
        .executableTarget(name: "NavFuzz", dependencies: ["NavFuzzKit", "CoordinatorModel"]),
        .target(name: "SampleCoordinators", dependencies: ["NavFuzzKit", "CoordinatorModel"]),
        .executableTarget(name: "SampleDriver", dependencies: ["SampleCoordinators", "NavFuzzKit", "CoordinatorModel"]),
        .testTarget(name: "CoordinatorModelTests", dependencies: ["CoordinatorModel"]),
        .testTarget(name: "NavFuzzKitTests", dependencies: ["NavFuzzKit", "CoordinatorModel"]),
        .testTarget(name: "NavFuzzTests", dependencies: ["NavFuzzKit", "CoordinatorModel"]),
        .testTarget(name: "SampleCoordinatorsTests", dependencies: ["SampleCoordinators", "NavFuzzKit", "CoordinatorModel"]),
    ],
    swiftLanguageModes: [.v6]
)
