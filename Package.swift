// swift-tools-version: 6.1
// Kinetic: SwiftUI's animation system for Linux, and the kineticd daemon built on it.
import PackageDescription

let package = Package(
    name: "Kinetic",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Kinetic", targets: ["Kinetic"]),
        .library(name: "KineticInput", targets: ["KineticInput"]),
        .executable(name: "kinetic-showcase", targets: ["KineticShowcase"]),
        .executable(name: "kineticd", targets: ["kineticd"]),
        .executable(name: "kineticctl", targets: ["kineticctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // libinput-record YAML import (KineticInput/Recordings) and the daemon's configuration.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // The engine: pure math and runtime. No I/O, no clocks, no dependencies.
        .target(name: "Kinetic"),
        // libevdev, found through pkg-config (Debian: libevdev-dev, installed by scripts/install-deps.sh).
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // Input: devices, recordings, frames and gestures. Does not depend on the engine.
        .target(name: "KineticInput", dependencies: ["CEvdev", .product(name: "Yams", package: "Yams")]),
        .executableTarget(name: "KineticShowcase", dependencies: ["Kinetic"]),
        // The daemon's server: protocol, transport, clock, bindings, config, systemd glue. Composition only.
        .target(name: "KineticServer", dependencies: [
            "Kinetic",
            "KineticInput",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Yams", package: "Yams"),
        ]),
        .executableTarget(name: "kineticd", dependencies: [
            "KineticServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .executableTarget(name: "kineticctl", dependencies: [
            "KineticServer",
            "KineticInput",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "KineticTests", dependencies: ["Kinetic"]),
        .testTarget(name: "KineticServerTests", dependencies: [
            "KineticServer",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            "Kinetic",
            "KineticInput",
        ]),
        .testTarget(name: "KineticInputTests", dependencies: ["KineticInput"]),
        // The seed documents' non-UI snippets, compiled unchanged against Kinetic.
        .testTarget(name: "SeedSnippetTests", dependencies: ["Kinetic"]),
    ],
    swiftLanguageModes: [.v6]
)
