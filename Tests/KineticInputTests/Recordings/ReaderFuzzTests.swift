import FoundationEssentials
import Testing
import KineticTestSupport
@testable import KineticInput

/// Seeded random mutations of the shared fixtures: truncation, reordering, duplication, deletion, oversized and
/// garbage lines, corrupted characters and huge numbers. Each reader must return a recording or a
/// ``RecordingError`` with a line inside the text and a message; a crash or hang fails the run. The case count is
/// bounded (200 per seed batch).
@Suite struct ReaderFuzzTests {
    static let casesPerSeed = 25
    static let seeds: [UInt64] = Array(1...8)

    static func mutate(_ text: String, using rng: inout SplitMix64) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            guard !lines.isEmpty else { break }
            let i = Int.random(in: 0..<lines.count, using: &rng)
            switch Int.random(in: 0..<9, using: &rng) {
            case 0:  // truncate the whole text at a random byte
                let bytes = Array(lines.joined(separator: "\n").utf8)
                let cut = Int.random(in: 0...bytes.count, using: &rng)
                lines = String(decoding: bytes.prefix(cut), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            case 1:  // reorder two lines
                lines.swapAt(i, Int.random(in: 0..<lines.count, using: &rng))
            case 2:  // duplicate a line
                lines.insert(lines[i], at: Int.random(in: 0...lines.count, using: &rng))
            case 3:  // delete a line
                lines.remove(at: i)
            case 4:  // an oversized line
                let length = Int.random(in: 4_000...60_000, using: &rng)
                let prefix = ["E: 0.1 0003 0035 ", "    - [", "A: 00 ", ""].randomElement(using: &rng) ?? ""
                lines.insert(prefix + String(repeating: "7", count: length), at: i)
            case 5:  // a garbage line of random bytes
                let bytes = (0..<Int.random(in: 1...80, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                lines.insert(String(decoding: bytes, as: UTF8.self), at: i)
            case 6:  // corrupt one character
                var chars = Array(lines[i])
                if !chars.isEmpty {
                    let replacement: [Character] = ["-", ":", "#", "[", "]", "x", " ", "\t", "9", "{", "&", "\u{0}", "é"]
                    chars[Int.random(in: 0..<chars.count, using: &rng)] = replacement.randomElement(using: &rng) ?? "x"
                    lines[i] = String(chars)
                }
            case 7:  // a huge number in place of the last field
                if let space = lines[i].lastIndex(where: { $0 == " " }) {
                    lines[i] = String(lines[i][...space]) + ["99999999999999999999999", "-2147483649", "4294967296"].randomElement(using: &rng)!
                }
            default:  // truncate one line
                let chars = Array(lines[i])
                lines[i] = String(chars.prefix(Int.random(in: 0...chars.count, using: &rng)))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func lineCount(_ text: String) -> Int { text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count }

    @Test(arguments: seeds) func evemuReaderSurvivesMutations(seed: UInt64) throws {
        let original = try String(contentsOfFile: try Fixtures.fixture("example-swipe.evemu"), encoding: .utf8)
        var rng = SplitMix64(seed: seed)
        for n in 0..<Self.casesPerSeed {
            let text = Self.mutate(original, using: &rng)
            do {
                let recording = try EvemuFormat.read(text)
                // Never a silent drop: every E: line became an event.
                let eLines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .filter { $0.starts(with: "E:".utf8) }.count
                #expect(recording.events.count == eLines, "seed \(seed) case \(n)")
                _ = recording.gestureEvents()
            } catch {
                #expect((0...Self.lineCount(text) + 1).contains(error.line), "seed \(seed) case \(n): \(error)")
                #expect(!error.expected.isEmpty && !error.description.isEmpty)
            }
        }
    }

    @Test(arguments: seeds) func libinputReaderSurvivesMutations(seed: UInt64) throws {
        let original = try String(contentsOfFile: try Fixtures.fixture("example-swipe.libinput.yml"), encoding: .utf8)
        var rng = SplitMix64(seed: seed &+ 1000)
        for n in 0..<Self.casesPerSeed {
            let text = Self.mutate(original, using: &rng)
            do {
                let recordings = try LibinputRecordFormat.read(text)
                // Every event came from a row that looks like one: nothing is invented.
                let rows = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- [") }.count
                #expect(recordings.map(\.events.count).reduce(0, +) <= rows, "seed \(seed) case \(n)")
                for recording in recordings { _ = recording.gestureEvents() }
            } catch {
                #expect((0...Self.lineCount(text) + 1).contains(error.line), "seed \(seed) case \(n): \(error)")
                #expect(!error.expected.isEmpty && !error.description.isEmpty)
            }
        }
    }

    /// Whole-file garbage and pathological shapes, for both readers: each is rejected with a message, except the
    /// two that are valid evemu (a CRLF file with one event; a device with a name and no events), which must then
    /// read as exactly that. (The libinput reader rejects all of them: none has `version: 1`.)
    @Test(arguments: [
        ("", nil), ("\n\n\n", nil), ("\u{0}\u{1}\u{2}", nil), (String(repeating: "[", count: 100_000), nil),
        (String(repeating: "- ", count: 3000) + "x", nil), (String(repeating: "a:\n  ", count: 2000), nil),
        ("# EVEMU 1.3\r\nN: crlf\r\nE: 0.1 0000 0000 0\r\n", 1), ("N: only a name", 0),
        (String(repeating: "{a: ", count: 50), nil), ("version: 1\ndevices: *x\n", nil), (String(repeating: "#", count: 5000), nil),
    ] as [(String, Int?)])
    func pathologicalInput(text: String, evemuEvents: Int?) {
        do {
            let recording = try EvemuFormat.read(text)
            #expect(recording.events.count == evemuEvents, "evemu accepted \(text.prefix(40).debugDescription)")
        } catch {
            #expect(evemuEvents == nil, "evemu rejected valid input: \(error)")
            #expect(!error.expected.isEmpty && !error.description.isEmpty)
        }
        #expect(throws: RecordingError.self, "libinput record accepted \(text.prefix(40).debugDescription)") {
            try LibinputRecordFormat.read(text)
        }
    }

    /// Bounded work on large input: 100 000 valid events read in one linear pass, and a 2 MB line is refused at
    /// the line-length limit rather than parsed.
    @Test func largeInputIsLinear() throws {
        var text = "# EVEMU 1.3\nN: big\n"
        let frame = (0..<1000).map { "E: 0.\(100_000 + $0) 0002 0000 0001\nE: 0.\(100_000 + $0) 0000 0000 0000\n" }.joined()
        for _ in 0..<50 { text += frame.replacingOccurrences(of: "E: 0.", with: "E: \(text.count).") }
        let recording = try EvemuFormat.read(text)
        #expect(recording.events.count == 100_000)
        let big = "# EVEMU 1.3\nN: x\nE: " + String(repeating: "1", count: 2_000_000) + "\n"
        #expect(throws: RecordingError.self) { try EvemuFormat.read(big) }
        #expect(throws: RecordingError.self) { try LibinputRecordFormat.read("version: 1\nx: " + String(repeating: "1", count: 2_000_000)) }
    }
}
