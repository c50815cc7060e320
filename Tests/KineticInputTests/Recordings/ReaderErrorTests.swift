import Testing
@testable import KineticInput
import KineticTime

/// Malformed input is rejected with the line, the column where it can be pinned down, and what was expected.
@Suite struct EvemuReaderErrorTests {
    static let header = "# EVEMU 1.3\nN: Test\nI: 0003 0001 0002 0003\n"

    /// A missing field is reported at the end of the line (column = length + 1).
    @Test(arguments: [
        (header + "E: 0.000001 0003 0035\n", 4, 22 as Int?, "'E: <sec>.<usec> <type> <code> <value>'"),
        (header + "E: 0.000001 0003 0035\t# a comment\n", 4, 22, "'E: <sec>.<usec> <type> <code> <value>'"),
        (header + "E: 0.1234567 0003 0035 1\n", 4, 4, "a timestamp '<seconds>.<microseconds>' (seconds in 0…4294967295, up to 6 microsecond digits)"),
        (header + "E: 0.000001 0003 zz35 1\n", 4, 18, "a hexadecimal event code (0000…ffff)"),
        (header + "E: 0.000001 10003 0035 1\n", 4, 13, "a hexadecimal event type (0000…ffff)"),
        (header + "E: 0.000001 0003 0035 99999999999\n", 4, 23, "a decimal 32-bit event value"),
        (header + "E: 0.000002 0000 0000 0\nE: 0.000001 0000 0000 0\n", 5, 4, "a timestamp not before the previous event's 0.000002"),
        (header + "hello\n", 4, 1, "a line type (N:, I:, P:, B:, A:, L:, S:, E:) or a '#' comment"),
        (header + "A: 35 0 100 0\n", 4, 14, "'A: <code> <min> <max> <fuzz> <flat> <resolution>'"),
        (header + "A: 40 0 100 0 0 1\n", 4, 4, "an absolute axis code in hexadecimal (00…3f)"),
        (header + "B: 03 00 00 00 00 00 00 00\n", 4, 27, "8 hexadecimal bytes"),
        (header + "P: 02 00 00 00 00 00 00 1ff\n", 4, 25, "a hexadecimal byte (00…ff)"),
        (header + "E: 0.000001 0000 0000 0\nA: 00 0 1 0 0 0\n", 5, 1, "only E: lines after the first event (the description comes first)"),
        ("# EVEMU 2.0\nN: x\n", 1, 9, "a version 1.x after '# EVEMU' (e.g. '# EVEMU 1.3')"),
        ("# EVEMU 1.3\nI: 0003 0001 0002 0003\n", 2, 1, "the 'N: <device name>' line before the rest of the description"),
        ("# EVEMU 1.3\n# only comments\n", 3, nil, "an 'N: <device name>' line"),
        (header + "N: again\n", 4, 1, "one N: line per recording"),
        (header + "I: 0003 0001 0002 0003\n", 4, 1, "one I: line per recording"),
    ])
    func rejects(text: String, line: Int, column: Int?, expected: String) {
        do {
            let recording = try EvemuFormat.read(text, source: "test.evemu")
            Issue.record("accepted malformed input: \(recording.events.count) events")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.expected == expected)
            #expect(error.description.hasPrefix("test.evemu:\(line)"))
        }
    }

    /// What the format allows: unpadded microseconds (read as evemu's %06u does: "0.8001" is 8001 µs), values with
    /// and without padding, trailing comments, unknown line types, absolute timestamps, version 1.0 A: lines.
    @Test func acceptsTheFormatsVariants() throws {
        let text = """
        # EVEMU 1.0
        N: Name # with a hash
        I: 0003 0001 0002 0003
        A: 35 0 100 0 0
        X: something newer
        L: 00 1
        E: 1700000000.8001 0003 0035 -001
        E: 1700000000.999999 0003 0035 0120
        E: 1700000001.0 0000 0000 0
        """
        let r = try EvemuFormat.read(text)
        #expect(r.device.name == "Name # with a hash")
        #expect(r.device.absInfo[0x35] == AbsInfo(minimum: 0, maximum: 100))
        #expect(r.events.map(\.value) == [-1, 120, 0])
        #expect(r.events[0].time == Nanoseconds.of(seconds: 1_700_000_000, microseconds: 8001))
        // From 1.1 a comment may follow data; in 1.0 it may not, so the same line fails there.
        #expect(throws: RecordingError.self) { try EvemuFormat.read("# EVEMU 1.0\nN: x\nE: 0.1 0000 0000 0 # c\n") }
        #expect(try EvemuFormat.read("# EVEMU 1.1\nN: x\nE: 0.1 0000 0000 0 # c\n").events.count == 1)
    }

    @Test func oversizedLineIsRejectedWithoutReadingIt() {
        let text = Self.header + "E: 0.000001 0000 0000 " + String(repeating: "9", count: 100_000) + "\n"
        #expect { try EvemuFormat.read(text) } throws: { error in
            (error as? RecordingError)?.line == 4 && (error as? RecordingError)?.expected == "a line of at most 4096 bytes"
        }
    }

    @Test func eventLimitIsEnforced() {
        let text = Self.header + String(repeating: "E: 0.000001 0000 0000 0\n", count: 11)
        #expect { try EvemuFormat.read(text, limits: RecordingLimits(maximumEvents: 10)) } throws: { error in
            (error as? RecordingError)?.line == 14
        }
    }

    @Test func missingFileSaysSo() {
        #expect { try EvemuFormat.read(contentsOf: "/nonexistent/file.evemu") } throws: { error in
            (error as? RecordingError)?.description == "/nonexistent/file.evemu: expected a readable file, found 'No such file or directory'"
        }
    }
}

@Suite struct LibinputReaderErrorTests {
    static let device = """
    version: 1
    devices:
    - evdev:
        name: "T"
        id: [3, 1, 2, 3]
        codes:
          3: [53]
        absinfo:
          53: [0, 100, 0, 0, 10]
        properties: []
      events:
      - evdev:

    """

    @Test(arguments: [
        (device + "    - [0, 0, 3, 53]\n", 13, 7, "an event '[sec, usec, type, code, value]'"),
        (device + "    - [0, 1000000, 3, 53, 1]\n", 13, 7, "microseconds in 0…999999"),
        (device + "    - [0, 0, 3, 53, 4294967296]\n", 13, 7, "a 32-bit event value"),
        (device + "    - [0, 0, 3, x, 1]\n", 13, 17, "an event '[sec, usec, type, code, value]'"),
        (device + "    - [0, 5, 3, 53, 1]\n    - [0, 4, 0, 0, 0]\n", 14, 7, "a timestamp not before the previous event's 0.000005"),
        (device + "    - [0, 0, 3, 53, 1\n", 14, 1, "well-formed YAML"),
        ("version: 2\ndevices: []\n", 1, 10, "version 1 (the only libinput record version)"),
        ("version: 1\n", 1, 1, "a non-empty 'devices' sequence"),
        ("- just a list\n", 1, 1, "a YAML mapping with 'version' and 'devices' (libinput record)"),
        ("version: 1\ndevices:\n- evdev:\n    id: [1]\n", 4, 5, "'name: <device name>' in evdev"),
        ("version: 1\ndevices:\n- evdev:\n    name: x\n    id: [1]\n", 5, 9, "'id: [bustype, vendor, product, version]'"),
        ("version: 1\ndevices:\n- evdev:\n    name: x\n    absinfo:\n      99: [0, 1, 0, 0, 0]\n", 6, 7, "an absolute axis code (0…63)"),
        ("version: 1\nx: &a [1]\n", 2, 4, "no YAML anchors or aliases (libinput record writes none)"),
        ("version: 1\nx: " + String(repeating: "[", count: 40) + "\n", 2, 36, "at most 32 nested [ or {"),
    ])
    func rejects(text: String, line: Int, column: Int?, expected: String) {
        do {
            let recordings = try LibinputRecordFormat.read(text, source: "t.yml")
            Issue.record("accepted malformed input: \(recordings.count) devices")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.column == column, "\(error)")
            #expect(error.expected == expected, "\(error)")
        }
    }

    @Test func ignoresUnknownKeysAndNonEvdevEntries() throws {
        let text = Self.device.replacingOccurrences(of: "  events:\n  - evdev:\n", with: "  future: {a: 1}\n  events:\n  - libinput: {x: 1}\n  - evdev:\n")
            + "    - [0, 0, 3, 53, 1]\n    - [0, 0, 0, 0, 0]\n"
        let r = try #require(try LibinputRecordFormat.read(text).first)
        #expect(r.events.count == 2)
        #expect(r.device.absInfo[53] == AbsInfo(minimum: 0, maximum: 100, resolution: 10))
    }
}
