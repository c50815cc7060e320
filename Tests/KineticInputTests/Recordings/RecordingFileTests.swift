import FoundationEssentials
import Testing
@testable import KineticInput

/// Reading a recording file: the whole file, within the size limit, as UTF-8, whatever its stat size says.
@Suite struct RecordingFileTests {
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test func readsTheWholeFileAtTheLimit() throws {
        let text = String(repeating: "E: 0.000001 0003 0035 1\n", count: 100)
        let path = try temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try RecordingFile.text(at: path, limits: RecordingLimits(maximumBytes: text.utf8.count)) == text)
    }

    @Test func oneByteOverTheLimitIsAnError() throws {
        let path = try temporaryFile(Array(repeating: UInt8(ascii: "#"), count: 1001))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try RecordingFile.text(at: path, limits: RecordingLimits(maximumBytes: 1000))
        } throws: { error in
            let error = error as? RecordingError
            return error?.expected == "at most 1000 bytes" && error?.found == "a larger file" && error?.source == path
        }
    }

    @Test func invalidUTF8IsAnError() throws {
        let path = try temporaryFile(Array("# EVEMU 1.3\nN: ".utf8) + [0xC3, 0x28] + Array("\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try RecordingFile.text(at: path, limits: RecordingLimits())
        } throws: { error in
            (error as? RecordingError)?.expected == "UTF-8 text"
        }
    }

    /// Files whose stat size is 0 but that hold data (/proc, pipes) are read to their end.
    @Test func readsPastAZeroStatSize() throws {
        let text = try RecordingFile.text(at: "/proc/self/status", limits: RecordingLimits())
        #expect(text.hasPrefix("Name:") && text.contains("\nPid:"))
        #expect {
            try RecordingFile.text(at: "/proc/self/status", limits: RecordingLimits(maximumBytes: 10))
        } throws: { error in
            (error as? RecordingError)?.expected == "at most 10 bytes"
        }
    }

    @Test func missingFileNamesTheReason() {
        #expect {
            try RecordingFile.text(at: "/nonexistent/kinetic.evemu", limits: RecordingLimits())
        } throws: { error in
            let error = error as? RecordingError
            return error?.expected == "a readable file" && error?.found == "No such file or directory"
        }
    }
}
