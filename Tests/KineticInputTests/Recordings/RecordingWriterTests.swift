import FoundationEssentials
import Testing
@testable import KineticInput
import KineticTestSupport
import KineticTime

@Suite struct RecordingWriterTests {
    /// After every append the file on disk — what a SIGTERM/SIGINT at that moment would leave — parses, and holds
    /// exactly the frames completed so far: the events of an unfinished frame are never on disk.
    @Test func fileParsesAfterEveryEvent() throws {
        let source = try EvemuFormat.read(contentsOf: try Fixtures.fixture("example-swipe.evemu"))
        let directory = TemporaryDirectory()
        let path = directory.path + "/durable.evemu"
        let writer = try RecordingWriter(path: path, device: source.device, comments: ["written by RecordingWriterTests"],
                                         syncPolicy: .never, timeBase: .asIs)
        var completed = 0
        for (index, event) in source.events.enumerated() {
            try writer.append(event)
            if event.type == 0 && event.code == 0 { completed = index + 1 }
            let onDisk = try EvemuFormat.read(contentsOf: path)
            #expect(onDisk.events == Array(source.events.prefix(completed)))
            #expect(onDisk.trailingEventCount == 0)
        }
        #expect(try writer.close() == 0)
        let final = try EvemuFormat.read(contentsOf: path)
        #expect(final.device == source.device)
        #expect(final.comments == ["written by RecordingWriterTests"])
        #expect(final.gestureEvents() == source.gestureEvents())
        #expect(writer.frameCount == 15 && writer.eventCount == 73)
    }

    /// The description lines are byte-identical to the fixture's, which libevemu wrote back byte-identically
    /// (docs/INPUT.md §2.3 validation), and each E: line matches the fixture's up to the comment.
    @Test func matchesEvemuByteForByte() throws {
        let text = try String(contentsOfFile: try Fixtures.fixture("example-swipe.evemu"), encoding: .utf8)
        let recording = try EvemuFormat.read(text)
        let written = EvemuFormat.write(recording)
        let descriptionLines = { (t: String) in t.split(separator: "\n").filter { $0.first.map { "NIPBA".contains($0) } ?? false } }
        #expect(descriptionLines(written) == descriptionLines(text))
        let eventLines = { (t: String) in t.split(separator: "\n").filter { $0.hasPrefix("E:") } }
        #expect(eventLines(written) == eventLines(text))
    }

    /// evemu-record's time base: the first event lands at 0.000001 s, later ones keep their offsets.
    @Test func rebasesToOneMicrosecond() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/rebased.evemu"
        let writer = try RecordingWriter(path: path, device: TestDevices.mouse, syncPolicy: .interval(seconds: 0.5))
        let t0 = Nanoseconds.of(seconds: 5000, microseconds: 999_990), t1 = Nanoseconds.of(seconds: 5001, microseconds: 8_000)
        try writer.append(frame: [InputEvent(time: t0, type: 2, code: 0, value: -3), InputEvent(time: t0, type: 0, code: 0, value: 0)])
        try writer.append(frame: [InputEvent(time: t1, type: 2, code: 1, value: 7), InputEvent(time: t1, type: 0, code: 0, value: 0)])
        try writer.append(InputEvent(time: t1, type: 2, code: 0, value: 1))     // unfinished frame
        #expect(try writer.close() == 1)
        #expect(try writer.close() == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("E: 0.000001 0002 0000 -003\t# EV_REL / REL_X                -3\n"))
        // 5001.008000 − 5000.999990 = 0.008010 s after the first event.
        #expect(text.contains("E: 0.008011 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +8ms\n"))
        #expect(try EvemuFormat.read(text).events.count == 4)
        #expect(throws: RecordingWriterError.self) { try writer.append(InputEvent(time: t1, type: 0, code: 0, value: 0)) }
    }

    @Test func unwritablePathNamesTheFileAndReason() {
        do {
            _ = try RecordingWriter(path: "/nonexistent-kinetic-dir/x.evemu", device: TestDevices.mouse)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot open /nonexistent-kinetic-dir/x.evemu: No such file or directory")
        }
    }

    /// A full disk is an error value naming the file and the reason (here /dev/full refuses the header).
    @Test func fullDiskIsAnError() {
        do {
            _ = try RecordingWriter(path: "/dev/full", device: TestDevices.mouse)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot write /dev/full: No space left on device")
        }
    }
}
