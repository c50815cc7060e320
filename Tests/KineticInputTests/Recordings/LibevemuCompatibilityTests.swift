import Foundation
import Testing
@testable import KineticInput

/// libevemu, the parser `evemu-device` and `evemu-play` use, loaded at run time (Debian `libevemu3`, installed by
/// scripts/install-deps.sh). When it is missing the tests below are reported as skipped, with the reason.
enum LibEvemu {
    typealias New = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Read = @convention(c) (OpaquePointer?, UnsafeMutablePointer<FILE>?) -> Int32
    typealias ReadEvent = @convention(c) (UnsafeMutablePointer<FILE>?, UnsafeMutableRawPointer?) -> Int32
    typealias Write = @convention(c) (OpaquePointer?, UnsafeMutablePointer<FILE>?) -> Int32
    typealias Delete = @convention(c) (OpaquePointer?) -> Void

    /// dlopen reference-counts, so opening per lookup is cheap and keeps no shared mutable state.
    static func handle() -> UnsafeMutableRawPointer? { dlopen("libevemu.so.3", RTLD_NOW) }
    static let isAvailable = handle() != nil

    static func symbol<T>(_ name: String, as: T.Type) -> T? {
        guard let handle = handle(), let pointer = dlsym(handle, name) else { return nil }
        return unsafeBitCast(pointer, to: T.self)
    }

    /// Reads `path` with `evemu_read` and `evemu_read_event`, and writes the description back with `evemu_write`.
    /// Returns (evemu_read's result, events read, the description libevemu wrote).
    static func readBack(_ path: String) throws -> (result: Int32, events: Int, description: String) {
        guard let new = symbol("evemu_new", as: New.self), let read = symbol("evemu_read", as: Read.self),
              let readEvent = symbol("evemu_read_event", as: ReadEvent.self), let write = symbol("evemu_write", as: Write.self),
              let delete = symbol("evemu_delete", as: Delete.self) else { throw Missing() }
        let device = new(nil)
        defer { delete(device) }
        guard let input = fopen(path, "r") else { throw Missing() }
        let result = read(device, input)
        var events = 0
        let event = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)   // struct input_event is 24 bytes
        defer { event.deallocate() }
        while readEvent(input, event) > 0 { events += 1 }
        fclose(input)
        let outPath = NSTemporaryDirectory() + "kinetic-evemu-\(getpid())-\(UUID().uuidString).txt"
        defer { unlink(outPath) }
        guard let output = fopen(outPath, "w") else { throw Missing() }
        _ = write(device, output)
        fclose(output)
        return (result, events, try String(contentsOfFile: outPath, encoding: .utf8))
    }

    struct Missing: Error {}
}

@Suite(.enabled(if: LibEvemu.isAvailable, "libevemu.so.3 is not installed (Debian package libevemu3)"))
struct LibevemuCompatibilityTests {
    static func descriptionLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { ["N:", "I:", "P:", "B:", "A:"].contains($0.prefix(2)) }
    }

    /// Every file in Recordings/ and everything RecordingWriter writes is read by libevemu with every event, and
    /// libevemu writes the same description back: what evemu-device/evemu-play would create and replay.
    @Test(arguments: ["swipe-fling", "drag-hold", "pinch", "tap", "mouse-drag", "touchpad-scroll"])
    func libevemuReadsRecordingsAndWriterOutput(name: String) throws {
        let path = Fixtures.recording("\(name).evemu")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let recording = try EvemuFormat.read(text)
        let evemu = try LibEvemu.readBack(path)
        #expect(evemu.result > 0)
        #expect(evemu.events == recording.events.count)
        #expect(Self.descriptionLines(evemu.description) == Self.descriptionLines(text))

        let written = NSTemporaryDirectory() + "kinetic-writer-\(getpid())-\(name).evemu"
        defer { unlink(written) }
        let writer = try RecordingWriter(path: written, device: recording.device, comments: ["test"], syncPolicy: .never)
        try writer.append(frame: recording.events)
        try writer.close()
        let again = try LibEvemu.readBack(written)
        #expect(again.result > 0 && again.events == recording.events.count)
        #expect(Self.descriptionLines(again.description) == Self.descriptionLines(text))
    }
}
