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
        .executable(name: "kineticd", targets: ["kineticd"]),
        .executable(name: "kineticctl", targets: ["kineticctl"]),
    ],
    // `@Animatable` needs swift-syntax, whose build dominates a cold build of everything else. It is on by
    // default (a user of `import Kinetic` gets the macro); the daemon, its tools and the fuzz targets never use
    // it and build with `--disable-default-traits` (Makefile), which leaves swift-syntax out.
    traits: [
        .trait(name: "AnimatableMacro", description: "The @Animatable and @AnimatableIgnored macros (builds swift-syntax)."),
        .default(enabledTraits: ["AnimatableMacro"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // libinput-record YAML import (KineticInput/Recordings) and the daemon's configuration.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // swift-syntax for the @Animatable macro (compiler plugin only; not linked into Kinetic's binary).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // The engine: pure math and runtime. No I/O, no clocks; its only dependency is the
        // compiler plugin behind `@Animatable`, used at build time.
        .target(name: "Kinetic", dependencies: [
            .target(name: "KineticMacros", condition: .when(traits: ["AnimatableMacro"])),
        ]),
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
        // Runtime benchmark (`make bench-runtime`): grouped springs vs a naive closed-form baseline.
        .executableTarget(name: "RuntimeBenchmark", dependencies: ["Kinetic"], path: "Benchmarks/RuntimeBenchmark"),
        // Deterministic replay speed (issue 6 §7): `make bench-replay`, release build.
        .executableTarget(name: "KineticReplayBench", dependencies: ["KineticServer", "KineticInput"],
                          path: "Benchmarks/ReplayBench"),
        .testTarget(name: "KineticTests", dependencies: ["Kinetic"]),
        .testTarget(name: "KineticServerTests", dependencies: [
            "KineticServer",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            "Kinetic",
            "KineticInput",
        ]),
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

// The fuzz harness (Tests/Fuzz/README.md): the bodies of the fuzz targets, also run over the corpora by
// KineticFuzzTests in every `swift test`.
package.targets += [
    .target(name: "KineticFuzzHarness", dependencies: [
        "Kinetic", "KineticInput", "KineticServer", .product(name: "NIOCore", package: "swift-nio"),
    ], path: "Tests/Fuzz/Harness"),
    .testTarget(name: "KineticFuzzTests", dependencies: ["KineticFuzzHarness"], path: "Tests/Fuzz/CorpusTests"),
]

// The libFuzzer executables exist only for `make fuzz` (scripts/fuzz.sh sets KINETIC_FUZZ=1 and builds with
// `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address` into .build-fuzz): their entry point is libFuzzer's
// `main`, which an ordinary build does not link.
if Context.environment["KINETIC_FUZZ"] == "1" {
    for name in ["FuzzServerCore", "FuzzRecording", "FuzzConfiguration", "FuzzAnimationExpression"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["KineticFuzzHarness"],
                                                 path: "Tests/Fuzz/Targets/\(name)"))
    }
}
