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
    ],
    dependencies: [
        // libinput-record YAML import (KineticInput/Recordings).
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
        .testTarget(name: "KineticTests", dependencies: ["Kinetic"]),
        // Test double: answers evdev ioctls for registered pipes, so libevdev reads them (linux-input.md §6.2).
        .target(name: "FakeEvdev", path: "Tests/FakeEvdev"),
        .testTarget(name: "KineticInputTests", dependencies: ["KineticInput", "FakeEvdev"]),
        // The seed documents' non-UI snippets, compiled unchanged against Kinetic.
        .testTarget(name: "SeedSnippetTests", dependencies: ["Kinetic"]),
    ],
    swiftLanguageModes: [.v6]
)
