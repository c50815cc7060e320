import KineticFuzzHarness
import Glibc

// libFuzzer's entry points for every target in one executable (built only by `make fuzz`, with
// `-sanitize=fuzzer,address`): one build and one instrumented link instead of one per target. It is started
// through a link named for its target (scripts/fuzz.sh makes them beside it), as a multi-call program.

/// The targets by the name of the link the process is started as (Tests/Fuzz/README.md).
let targets: [String: @Sendable (UnsafeRawBufferPointer) -> Void] = [
    "FuzzServerCore": { FuzzHarness.serverCore($0) },
    "FuzzRecording": { FuzzHarness.recording($0) },
    "FuzzConfiguration": { FuzzHarness.configuration($0) },
    "FuzzAnimationExpression": { _ = FuzzHarness.animationExpression($0) },
]

/// The target chosen by `LLVMFuzzerInitialize`. libFuzzer calls that once, before any input, and then the test
/// function from the one thread that runs the inputs: nothing reads this while it is written.
nonisolated(unsafe) var target: (UnsafeRawBufferPointer) -> Void = { _ in }

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>,
                           _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let path = argv.pointee?.pointee.map { String(cString: $0) } ?? ""
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    guard let chosen = targets[name] else {
        let message = "FuzzKinetic: started as '\(name)'; start it through a link named for its target: "
            + targets.keys.sorted().joined(separator: ", ") + " (scripts/fuzz.sh makes them)\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(2)
    }
    target = chosen
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    target(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
