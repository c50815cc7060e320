// swift-tools-version: 6.1
// Kinetic: SwiftUI's animation system for Linux, and the kineticd daemon built on it.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Kinetic",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Kinetic", targets: ["Kinetic"]),
        .library(name: "KineticInput", targets: ["KineticInput"]),
        .executable(name: "kinetic-showcase", targets: ["KineticShowcase"]),
    ],
    dependencies: [
        // libinput-record YAML import (KineticInput/Recordings).
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // swift-syntax for the @Animatable macro (compiler plugin only; not linked into Kinetic's binary).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // The engine: pure math and runtime. No I/O, no clocks; its only dependency is the
        // compiler plugin behind `@Animatable`, used at build time.
        .target(name: "Kinetic", dependencies: ["KineticMacros"]),
        // `@Animatable` / `@AnimatableIgnored` (compiler plugin, built with swift-syntax).
        .macro(
            name: "KineticMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        // libevdev, found through pkg-config (Debian: libevdev-dev, installed by scripts/install-deps.sh).
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // Input: devices, recordings, frames and gestures. Does not depend on the engine.
        .target(name: "KineticInput", dependencies: ["CEvdev", .product(name: "Yams", package: "Yams")]),
        .executableTarget(name: "KineticShowcase", dependencies: ["Kinetic"]),
        // Runtime benchmark (`make bench-runtime`): grouped springs vs a naive closed-form baseline.
        .executableTarget(name: "RuntimeBenchmark", dependencies: ["Kinetic"], path: "Benchmarks/RuntimeBenchmark"),
        .testTarget(name: "KineticTests", dependencies: ["Kinetic"]),
        // Test double: answers evdev ioctls for registered pipes, so libevdev reads them (linux-input.md §6.2).
        .target(name: "FakeEvdev", path: "Tests/FakeEvdev"),
        .testTarget(name: "KineticInputTests", dependencies: ["KineticInput", "FakeEvdev"]),
        // The seed documents' non-UI snippets, compiled unchanged against Kinetic.
        .testTarget(name: "SeedSnippetTests", dependencies: ["Kinetic"]),
        .testTarget(
            name: "KineticMacrosTests",
            dependencies: [
                "KineticMacros",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
