import KineticFuzzHarness

/// libFuzzer's entry point for `FuzzHarness.configuration` (built only by `make fuzz`, with `-sanitize=fuzzer,address`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzHarness.configuration(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
