// swift-tools-version:6.0
// The package scripts/adopter-check.sh builds beside a clone of NavFuzz, as a new user would:
// the README quotes its dependencies and targets.
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // A clone of this repository next to your package, in a folder named NavFuzz
        // (`git clone URL NavFuzz`): a path dependency takes its folder's name, which the
        // products below name. Or .package(url: URL, revision: "<commit>") or branch: "main";
        // `exact:` needs a tag, and a clone has none unless you fetch the tags.
        .package(path: "../NavFuzz"),
    ],
    targets: [
        // Your coordinator library (here: the SUI-style example library, one bug planted).
        .target(name: "SUIStyleCoordinators"),
        // The adapter, in a library target of its own: the tests and the driver both use it.
        .target(name: "AppNavFuzz", dependencies: [
            "SUIStyleCoordinators",
            .product(name: "NavFuzzKit", package: "NavFuzz"),
        ]),
        .testTarget(name: "AppNavFuzzTests", dependencies: [
            "AppNavFuzz",
            .product(name: "NavFuzzTesting", package: "NavFuzz"),
        ]),
        // A driver for CI: `swift run -c release NavFuzz verify --driver .build/release/AppDriver`.
        .executableTarget(name: "AppDriver", dependencies: [
            "AppNavFuzz",
            .product(name: "NavFuzzDriverServer", package: "NavFuzz"),
        ]),
    ]
)
