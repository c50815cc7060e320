import Testing
@testable import KineticInput
import KineticTime

/// `E:` lines are read byte by byte when they are spelled plainly and by the general reader otherwise;
/// every spelling the format allows must give the same event either way.
@Suite struct EvemuEventSpellingTests {
    static let header = "# EVEMU 1.3\nN: Test\nI: 0003 0001 0002 0003\n"

    @Test(arguments: [
        ("E: 1.000002 0003 0035 120", Nanoseconds.of(seconds: 1, microseconds: 2), 3, 0x35, 120),
        ("E:\t1.000002\t0003\t0035\t120\t", Nanoseconds.of(seconds: 1, microseconds: 2), 3, 0x35, 120),
        ("E: 1.000002 0003 0035 120\r", Nanoseconds.of(seconds: 1, microseconds: 2), 3, 0x35, 120),
        ("E:   4294967295.999999   ffff   FfFf   -2147483648", Nanoseconds.of(seconds: 4_294_967_295, microseconds: 999_999), 0xffff, 0xffff, Int32.min),
        ("E: 0.5 3 35 2147483647", Nanoseconds.of(seconds: 0, microseconds: 5), 3, 0x35, Int32.max),
        ("E: 00002.000010 0001 014a -0", Nanoseconds.of(seconds: 2, microseconds: 10), 1, 0x14a, 0),
        ("E: 2.000010 0001 014a +7", Nanoseconds.of(seconds: 2, microseconds: 10), 1, 0x14a, 7),
        ("E: 2.000010 0001 014a 0007 # a comment", Nanoseconds.of(seconds: 2, microseconds: 10), 1, 0x14a, 7),
        ("E: 2.000010 0001 014a 7# glued comment", Nanoseconds.of(seconds: 2, microseconds: 10), 1, 0x14a, 7),
    ] as [(String, UInt64, UInt16, UInt16, Int32)])
    func readsEverySpelling(line: String, time: UInt64, type: UInt16, code: UInt16, value: Int32) throws {
        let recording = try EvemuFormat.read(Self.header + line + "\n")
        #expect(recording.events == [InputEvent(time: time, type: type, code: code, value: value)])
    }

    /// Lines the fast path declines still get the general reader's error, at the same line and column.
    @Test(arguments: [
        ("E: 1.0000002 0003 0035 1", 4, "a timestamp '<seconds>.<microseconds>' (seconds in 0…4294967295, up to 6 microsecond digits)"),
        // One second past Nanoseconds.maximumEventSeconds: the fast path's 12 digits would take it.
        ("E: 4294967296.0 0003 0035 1", 4, "a timestamp '<seconds>.<microseconds>' (seconds in 0…4294967295, up to 6 microsecond digits)"),
        ("E: 1234567890123.0 0003 0035 1", 4, "a timestamp '<seconds>.<microseconds>' (seconds in 0…4294967295, up to 6 microsecond digits)"),
        ("E: 1.5 00003 0035 1", 8, "a hexadecimal event type (0000…ffff)"),
        ("E: 1.5 0003 0035 2147483648", 18, "a decimal 32-bit event value"),
        ("E: 1.5 0003 0035 1 9", 20, "'E: <sec>.<usec> <type> <code> <value>'"),
    ])
    func declinedLinesKeepTheirErrors(line: String, column: Int, expected: String) {
        #expect { try EvemuFormat.read(Self.header + line + "\n") } throws: { error in
            guard let error = error as? RecordingError else { return false }
            return error.line == 4 && error.column == column && error.expected == expected
        }
    }

    /// Thousands of events in a row (the fast path's case) keep their order and count, and the event
    /// limit still stops at the limit.
    @Test func manyEventsAndTheLimit() throws {
        var text = Self.header
        for i in 0..<5000 { text += "E: \(i / 1000).\(i % 1000 * 1000) 0003 0035 \(i - 2500)\n" }
        let recording = try EvemuFormat.read(text)
        #expect(recording.events.count == 5000)
        #expect(recording.events.map(\.value) == Array(-2500..<2500).map(Int32.init))
        #expect(recording.events.last?.time == Nanoseconds.of(seconds: 4, microseconds: 999_000))
        #expect { try EvemuFormat.read(text, limits: RecordingLimits(maximumEvents: 4999)) } throws: { error in
            (error as? RecordingError)?.line == 5003
        }
    }
}
