// swift-tools-version: 6.1
// Kinetic: SwiftUI's animation system for Linux, and the kineticd daemon built on it.
import CompilerPluginSupport
import PackageDescription

// kineticd and kineticctl link the Swift runtime and FoundationEssentials statically in the release configuration (`make demo`,
// `make test`, `make install`, `make deb`), so that they run without the toolchain (the Debian package depends only
// on the C libraries dpkg-shlibdeps finds). Statically at link time only: SwiftPM's
// `--static-swift-stdlib` also compiles every module against the static runtime's folder, which has no Swift
// Testing, so `make test`'s one build of the modules could not serve both the tests and the executables. Objects
// compiled against the shared FoundationEssentials name only its public library for the linker; the static archive
// needs the two below too (what the static runtime's FoundationEssentials module names). With lld, which resolves
// archives in any order; its relocations packed (`-z pack-relative-relocs`, glibc ≥ 2.36: Debian 12 has 2.36), which
// leaves 1.3 MB of the 24 MB executable out. No module imports Foundation itself (with its ICU data, 34 MB a binary): see the
// FoundationGeometry trait below.
let releaseOnLinux = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
// With the FoundationGeometry trait (on by default, so in a plain `swift build -c release`) the modules import Foundation,
// whose static archive needs what the shared module does not name either: CoreFoundation, FoundationInternationalization
// and ICU's data (the executables are then some 34 MB larger; every build the project makes leaves the trait off).
let releaseWithFoundation = BuildSettingCondition.when(platforms: [.linux], configuration: .release,
                                                       traits: ["FoundationGeometry"])
let staticRuntime: [LinkerSetting] = [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], releaseOnLinux)]
    + ["_FoundationCShims", "_FoundationCollections"].map {
        .linkedLibrary($0, releaseOnLinux)
    }
    + ["CoreFoundation", "FoundationInternationalization", "_FoundationICU"].map {
        .linkedLibrary($0, releaseWithFoundation)
    }

let package = Package(
    name: "Kinetic",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Kinetic", targets: ["Kinetic"]),
        .library(name: "KineticInput", targets: ["KineticInput"]),
        .executable(name: "kinetic-showcase", targets: ["KineticShowcase"]),
        .executable(name: "kineticd", targets: ["kineticd"]),
        .executable(name: "kineticctl", targets: ["kineticctl"]),
        .executable(name: "kinetic", targets: ["kinetic"]),
    ],
    // `@Animatable` needs swift-syntax, whose build dominates a cold build of everything else. It is on by
    // default (a user of `import Kinetic` gets the macro); the daemon, its tools and the fuzz targets never use
    // it and build with `--disable-default-traits` (Makefile), which leaves swift-syntax out.
    // `FoundationGeometry` (on by default) makes Kinetic's CGFloat, CGPoint, CGSize and CGRect Foundation's, for code
    // that imports Foundation too; without it they are Kinetic's own (KineticGeometry) and nothing links Foundation's
    // ICU: kineticd and kineticctl build with `--disable-default-traits`, `make test` with `--traits AnimatableMacro`
    // (scripts/test-build-flags), and `make docs` with the trait on, which compiles that side.
    traits: [
        .trait(name: "AnimatableMacro", description: "The @Animatable and @AnimatableIgnored macros (builds swift-syntax)."),
        .trait(name: "FoundationGeometry", description: "CGFloat, CGPoint, CGSize and CGRect are Foundation's (links Foundation and ICU)."),
        .default(enabledTraits: ["AnimatableMacro", "FoundationGeometry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // swift-syntax for the @Animatable macro (compiler plugin only; not linked into Kinetic's binary).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `make docs`: the DocC documentation of Kinetic and KineticInput (a command plugin; nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The engine: pure math and runtime. No I/O, no clocks; its only dependency is the
        // compiler plugin behind `@Animatable`, used at build time.
        .target(name: "Kinetic", dependencies: [
            "KineticGeometry",
            .target(name: "KineticMacros", condition: .when(traits: ["AnimatableMacro"])),
        ]),
        // SwiftUI's geometry types: Foundation's, or without the FoundationGeometry trait Kinetic's own.
        .target(name: "KineticGeometry"),
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
        // The address of Swift concurrency's global-enqueue hook, for IdleExecutor when the runtime is linked statically.
        .target(name: "CConcurrencyHook"),
        // A frame's send(2) without glibc's cancellation bracket, for the daemon's fan-out (include/CSendFrame.h).
        .target(name: "CSendFrame"),
        // libdrm, for the connected display's refresh rate (`rate_hz: auto`; Debian: libdrm-dev).
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        // Input: devices, recordings, frames and gestures. Does not depend on the engine.
        // libyaml (Debian's libyaml-dev; the package depends on libyaml-0-2), for libinput's YAML recordings and the
        // daemon's configuration: the C library, not a Swift wrapper, because the wrappers (Yams) import Foundation,
        // whose ICU the binaries must not carry.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "KineticYAML", dependencies: ["CYAML"]),
        // Time, one way for every module: CLOCK_MONOTONIC in nanoseconds (the daemon's one clock, and the time base of
        // input events and frames), the saturating seconds → nanoseconds conversions, and Duration → poll(2)'s
        // milliseconds. No dependencies: input, the protocol, the core and the server all use it.
        .target(name: "KineticTime"),
        .target(name: "KineticInput", dependencies: ["CEvdev", "KineticYAML", "KineticGeometry", "KineticTime"]),
        .executableTarget(name: "KineticShowcase", dependencies: ["Kinetic"]),
        // The wire protocol: messages, framing, JSON, the validators of names and values that enter through it, and
        // the blocking client. No NIO and no other Kinetic module but KineticTime: `kineticctl`'s client commands need only
        // these two.
        .target(name: "KineticProtocol", dependencies: ["KineticTime"]),
        // Bindings: the configuration file and what it declares — gesture → channel bindings, release targets, rubber
        // bands, animation expressions in SwiftUI syntax. It drives nothing: the pipeline that applies the bindings to
        // the channels is KineticServerCore's.
        .target(name: "KineticBindings", dependencies: [
            "Kinetic", "KineticInput", "KineticProtocol", "KineticYAML",
        ]),
        // The daemon's composition without sockets or real time: the input router and its gesture pipeline, the
        // channel engine (its interface, its clients' ids and completion tokens, and the one on Kinetic's graph), the
        // server core, the tick source interface with its virtual clock, and the replay driver (NIOCore for its buffers
        // only). The
        // offline replay, `plot` and the fuzz harness run it on a virtual clock; the daemon on a real one.
        .target(name: "KineticServerCore", dependencies: [
            "KineticTime", "Kinetic", "KineticInput", "KineticProtocol", "KineticBindings",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),  // VirtualTickSource's lock
        ]),
        // The daemon: the core on a SwiftNIO event loop, the Unix socket, the Dispatch display-rate clock, live
        // devices, systemd (notify, socket activation, watchdog), journald logging and the service lifecycle.
        .target(name: "KineticServer", dependencies: [
            "KineticTime", "Kinetic", "KineticInput", "KineticProtocol", "KineticBindings", "KineticServerCore", "CDRM", "CConcurrencyHook",
            "CSendFrame",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // What the two command lines share: their exit statuses (sysexits(3)), and which one a client's failure or a
        // daemon's refusal gives. Not the protocol's: a library client reports causes, a tool chooses its status.
        .target(name: "KineticCommandLine", dependencies: ["KineticProtocol"]),
        // The daemon's command line (`kineticd`).
        .target(name: "KineticdCommand", dependencies: [
            "KineticCommandLine", "KineticServer", "KineticServerCore", "KineticBindings", "KineticProtocol",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // The client tool. Its daemon commands use KineticProtocol alone; replay and plot run the server core on a
        // virtual clock; record and devices read evdev. It links neither NIOPosix nor ServiceLifecycle: `demo` runs
        // the kineticd executable instead of a server in-process.
        .target(name: "KineticctlCommand", dependencies: [
            "KineticCommandLine", "KineticTime", "Kinetic", "KineticProtocol", "KineticBindings", "KineticServerCore", "KineticInput",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The executables: kineticd and kineticctl of a build tree (the tests and `make demo` run these), and `kinetic`,
        // both in one, which `make install` and the package install as kineticd with kineticctl a link to it.
        .executableTarget(name: "kineticd", dependencies: ["KineticdCommand"], linkerSettings: staticRuntime),
        .executableTarget(name: "kineticctl", dependencies: ["KineticctlCommand"], linkerSettings: staticRuntime),
        .executableTarget(name: "kinetic", dependencies: ["KineticdCommand", "KineticctlCommand"], linkerSettings: staticRuntime),
        // Deterministic replay speed: `make bench-replay`, release build.
        // The frame-clock benchmark: a simulated compositor against the daemon's real clock, in-process.
        .executableTarget(name: "FrameClockBench", dependencies: ["KineticServer", "KineticServerCore", "KineticProtocol", "KineticTime"],
                          path: "Benchmarks/FrameClockBench"),
        .executableTarget(name: "KineticReplayBench", dependencies: ["KineticServerCore", "KineticBindings", "KineticProtocol", "KineticInput"],
                          path: "Benchmarks/ReplayBench"),
        .testTarget(name: "KineticTests", dependencies: ["Kinetic", "KineticTestSupport"]),
        .testTarget(name: "KineticProtocolTests", dependencies: ["KineticProtocol", "KineticCommandLine", "KineticTestSupport"]),
        // Test doubles and fixtures shared by the server's test targets: an in-memory channel engine, a sink that
        // records what the core sends, a blocking socket client, the bundled recordings.
        .target(name: "KineticTestSupport", dependencies: [
            "KineticProtocol", "KineticBindings", "KineticServerCore", "KineticInput",
            .product(name: "NIOCore", package: "swift-nio"),
        ], path: "Tests/KineticTestSupport"),
        .testTarget(name: "KineticBindingsTests", dependencies: [
            "KineticBindings", "KineticProtocol", "KineticServerCore", "KineticTestSupport", "Kinetic", "KineticInput", "KineticTime",
        ]),
        .testTarget(name: "KineticServerCoreTests", dependencies: [
            "KineticServerCore", "KineticBindings", "KineticProtocol", "KineticTestSupport", "Kinetic", "KineticInput", "KineticTime",
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .testTarget(name: "KineticServerTests", dependencies: [
            "KineticServer", "KineticServerCore", "KineticBindings", "KineticProtocol", "KineticTestSupport", "KineticTime",
            "KineticCommandLine",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            "Kinetic",
            "KineticInput",
        ]),
        // Test double: answers evdev ioctls for registered pipes, so libevdev reads them (docs/INPUT.md §6.2).
        .target(name: "FakeEvdev", path: "Tests/FakeEvdev"),
        .testTarget(name: "KineticInputTests", dependencies: ["KineticInput", "KineticTime", "FakeEvdev", "KineticTestSupport"]),
        // The seed documents' non-UI snippets, compiled unchanged against Kinetic.
        .testTarget(name: "SeedSnippetTests", dependencies: ["Kinetic"]),
        // `@Animatable`'s expansions, diagnostics and fix-its, from the toolchain's compiler run on test sources
        // against the built `Kinetic` and its plugin. Not linked with the macro: a test target that depends on a
        // macro makes SwiftPM build the test product and all it links a second time, for the host.
        .testTarget(name: "KineticMacrosTests", dependencies: ["Kinetic", "KineticTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The fuzz harness (Tests/Fuzz/README.md): the bodies of the fuzz targets, also run over the corpora by
// KineticFuzzTests in every `swift test`.
package.targets += [
    .target(name: "KineticFuzzHarness", dependencies: [
        "Kinetic", "KineticInput", "KineticProtocol", "KineticBindings", "KineticServerCore",
        .product(name: "NIOCore", package: "swift-nio"),
    ], path: "Tests/Fuzz/Harness"),
    .testTarget(name: "KineticFuzzTests", dependencies: ["KineticFuzzHarness"], path: "Tests/Fuzz/CorpusTests"),
]

// The libFuzzer executable exists only for `make fuzz` (scripts/fuzz.sh sets KINETIC_FUZZ=1 and builds with
// `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address` into .build-fuzz): its entry point is libFuzzer's
// `main`, which an ordinary build does not link. One executable serves every target, chosen by the name it is
// started as (Tests/Fuzz/Targets/FuzzKinetic).
if Context.environment["KINETIC_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "FuzzKinetic", dependencies: ["KineticFuzzHarness"],
                                             path: "Tests/Fuzz/Targets/FuzzKinetic"))
}

// The micro-benchmarks on package-benchmark (`make bench`; Benchmarks/EngineBenchmarks, Benchmarks/DaemonBenchmarks):
// the engine's step, reads, start from rest and re-target against the closed-form floor, and the daemon's frame and
// motion encoders, with percentiles,
// allocation counts and a baseline to compare against. ordo-one/benchmark with only its malloc interposer: its
// default RuntimeInterposer trait (ARC counts) needs ordo-one/swift-runtime-interposer on Swift 6.3 for Linux, which
// this project's package mirror does not have. Only for `make bench` (KINETIC_BENCHMARK=1), so that neither a user of
// the library nor `make test` resolves or builds it.
if Context.environment["KINETIC_BENCHMARK"] == "1" {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]))
    package.targets += [
        .executableTarget(name: "EngineBenchmarks", dependencies: [
            "Kinetic", .product(name: "Benchmark", package: "benchmark"),
        ], path: "Benchmarks/EngineBenchmarks", plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(name: "DaemonBenchmarks", dependencies: [
            "KineticProtocol", .product(name: "Benchmark", package: "benchmark"),
        ], path: "Benchmarks/DaemonBenchmarks", plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
}
