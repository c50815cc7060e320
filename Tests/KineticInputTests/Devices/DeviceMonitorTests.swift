import FoundationEssentials
import Glibc
import Synchronization
import Testing
@testable import KineticInput
import KineticTestSupport

/// inotify works on any directory, so the hotplug logic (§4.2) is tested on a temporary one; the real
/// `/dev/input` is covered by the VM suite.
@Suite struct DeviceMonitorTests {
    @Test func reportsNodesPresentAtStartThenAddsAndRemovals() throws {
        let directory = TemporaryDirectory()
        try directory.create("event1")
        let monitor = try DeviceMonitor(directory: directory.path)
        #expect(monitor.readChanges() == [.added(directory.path + "/event1")])

        try directory.create("event7")
        #expect(monitor.waitForChanges(timeout: .seconds(5)) == [.added(directory.path + "/event7")])
        try directory.remove("event7")
        #expect(monitor.waitForChanges(timeout: .seconds(5)) == [.removed(directory.path + "/event7")])
        #expect(monitor.presentPaths == [directory.path + "/event1"])
    }

    @Test func ignoresNodesThatAreNotEventNodes() throws {
        let directory = TemporaryDirectory()
        let monitor = try DeviceMonitor(directory: directory.path)
        try directory.create("mouse0")
        try directory.create("js1")
        try directory.create("event2")
        // Every inotify event before event2's is for a non-event node, so the first change must be event2.
        #expect(monitor.waitForChanges(timeout: .seconds(5)) == [.added(directory.path + "/event2")])
    }

    @Test func unreadableNodeIsAddedOnItsAttributeChange() throws {
        let directory = TemporaryDirectory()
        let readable = ReadableSet()
        let monitor = try DeviceMonitor(directory: directory.path, isReadable: readable.contains)
        let path = directory.path + "/event5"
        try directory.create("event5")
        #expect(monitor.waitForChanges(timeout: .milliseconds(300)).isEmpty)
        #expect(monitor.pendingPaths == [path])

        // What udev does after IN_CREATE: fix group and mode, which fires IN_ATTRIB.
        readable.insert(path)
        #expect(chmod(path, 0o640) == 0)
        #expect(monitor.waitForChanges(timeout: .seconds(5)) == [.added(path)])
        #expect(monitor.pendingPaths.isEmpty)
    }

    @Test func unreadableNodeIsRetriedWithoutAnAttributeChange() throws {
        let directory = TemporaryDirectory()
        let readable = ReadableSet()
        let monitor = try DeviceMonitor(directory: directory.path, isReadable: readable.contains)
        let path = directory.path + "/event6"
        try directory.create("event6")
        #expect(monitor.waitForChanges(timeout: .milliseconds(200)).isEmpty)
        readable.insert(path)
        #expect(monitor.readChanges() == [.added(path)])
    }

    @Test func pendingNodeThatVanishesIsNeverReported() throws {
        let directory = TemporaryDirectory()
        let monitor = try DeviceMonitor(directory: directory.path, isReadable: ReadableSet().contains)
        try directory.create("event8")
        #expect(monitor.waitForChanges(timeout: .milliseconds(200)).isEmpty)
        try directory.remove("event8")
        #expect(monitor.waitForChanges(timeout: .milliseconds(200)).isEmpty)
        #expect(monitor.pendingPaths.isEmpty)
    }

    @Test func waitsForTheDirectoryToAppear() throws {
        let parent = TemporaryDirectory()
        let input = parent.path + "/input"
        let monitor = try DeviceMonitor(directory: input)
        #expect(monitor.readChanges().isEmpty)
        #expect(mkdir(input, 0o755) == 0)
        #expect(FileManager.default.createFile(atPath: input + "/event0", contents: Data()))
        #expect(monitor.waitForChanges(timeout: .seconds(5)) == [.added(input + "/event0")])
        #expect(unlink(input + "/event0") == 0)
        #expect(monitor.waitForChanges(timeout: .seconds(5)) == [.removed(input + "/event0")])
    }

    @Test func directoryThatVanishesAndReturnsIsWatchedAgain() throws {
        let parent = TemporaryDirectory()
        let input = parent.path + "/input"
        #expect(mkdir(input, 0o755) == 0)
        #expect(FileManager.default.createFile(atPath: input + "/event0", contents: Data()))
        let monitor = try DeviceMonitor(directory: input)
        #expect(monitor.readChanges() == [.added(input + "/event0")])

        #expect(unlink(input + "/event0") == 0)
        #expect(rmdir(input) == 0)
        #expect(LiveReading.changes(of: monitor, until: .removed(input + "/event0"), timeout: .seconds(5))
                == [.removed(input + "/event0")])
        #expect(mkdir(input, 0o755) == 0)
        #expect(FileManager.default.createFile(atPath: input + "/event1", contents: Data()))
        #expect(LiveReading.changes(of: monitor, until: .added(input + "/event1"), timeout: .seconds(5))
                == [.added(input + "/event1")])
        #expect(monitor.watchError == nil)
    }

    @Test func failsWithThePathWhenNeitherDirectoryNorParentExist() {
        #expect(throws: DeviceError.notFound(path: "/nonexistent-kinetic-test")) {
            _ = try DeviceMonitor(directory: "/nonexistent-kinetic-test/input")
        }
    }

    @Test func closedMonitorReportsNothing() throws {
        let directory = TemporaryDirectory()
        try directory.create("event1")
        let monitor = try DeviceMonitor(directory: directory.path)
        monitor.close()
        #expect(monitor.readChanges().isEmpty)
    }
}

/// The set of paths the fake readability check accepts.
final class ReadableSet: Sendable {
    private let paths = Mutex<Set<String>>([])

    func insert(_ path: String) { paths.withLock { _ = $0.insert(path) } }

    @Sendable func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }
}
