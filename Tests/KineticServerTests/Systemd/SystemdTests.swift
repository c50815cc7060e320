import Glibc
import Logging
import NIOConcurrencyHelpers
import Testing
@testable import KineticProtocol
@testable import KineticServer
@testable import KineticTestSupport

@Suite("systemd integration", .serialized)
struct SystemdTests {
    /// Receives one datagram on a fresh socket, as PID 1 would.
    private func bindDatagram(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        _ = UnixSocket.withAddress(path) { bind(fd, $0, $1) }
        return fd
    }

    private func receive(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 2000) == 1 else { return "" }
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return String(decoding: buffer[0..<max(0, n)], as: UTF8.self)
    }

    @Test("sd_notify datagrams reach a filesystem or abstract NOTIFY_SOCKET", arguments: [false, true])
    func notify(abstract: Bool) {
        let directory = TemporaryDirectory()
        let path = abstract ? "@kinetic-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" : directory.path + "/notify"
        let fd = bindDatagram(path)
        defer { close(fd) }
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path], pid: getpid())
        notifier.ready(status: "serving")
        #expect(receive(fd) == "READY=1\nSTATUS=serving")
        notifier.watchdog()
        #expect(receive(fd) == "WATCHDOG=1")
        notifier.stopping(status: "bye")
        #expect(receive(fd) == "STOPPING=1\nSTATUS=bye")
    }

    @Test("without NOTIFY_SOCKET nothing is sent; the watchdog interval is half of WATCHDOG_USEC for our pid")
    func watchdog() {
        #expect(SystemdNotifier(environment: [:], pid: 1).notify(["READY=1"]) == false)
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "5000000"], pid: 7).watchdogInterval == .milliseconds(2500))
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "5000000", "WATCHDOG_PID": "7"], pid: 7).watchdogInterval == .milliseconds(2500))
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "5000000", "WATCHDOG_PID": "8"], pid: 7).watchdogInterval == nil)
    }

    @Test("LISTEN_FDS is honoured only for our pid, with names")
    func listenFDs() {
        let fds = ListenFDs.parse(environment: ["LISTEN_PID": "42", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "clients:extra"], pid: 42)
        #expect(fds.map(\.fd) == [3, 4])
        #expect(fds.map(\.name) == ["clients", "extra"])
        #expect(ListenFDs.parse(environment: ["LISTEN_PID": "41", "LISTEN_FDS": "2"], pid: 42).isEmpty)
        #expect(ListenFDs.parse(environment: ["LISTEN_PID": "42", "LISTEN_FDS": "x"], pid: 42).isEmpty)
    }

    @Test("a listening Unix stream socket is recognised; a datagram socket is not")
    func listeningSocket() {
        let directory = TemporaryDirectory()
        let stream = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(stream) }
        _ = UnixSocket.withAddress(directory.path + "/s") { bind(stream, $0, $1) }
        #expect(!ListenFDs.isListeningUnixStream(stream))
        _ = Glibc.listen(stream, 4)
        #expect(ListenFDs.isListeningUnixStream(stream))
        let datagram = bindDatagram(directory.path + "/d")
        defer { close(datagram) }
        #expect(!ListenFDs.isListeningUnixStream(datagram))
    }

    @Test("journald format: <N> priority prefixes, one line per message", arguments: [
        (Logger.Level.debug, 7), (.info, 6), (.notice, 5), (.warning, 4), (.error, 3), (.critical, 2),
    ])
    func journal(level: Logger.Level, priority: Int) {
        let lines = NIOLockedValueBox<[String]>([])
        var handler = JournaldLogHandler(label: "kineticd", level: .trace, journal: true) { line in
            lines.withLockedValue { $0.append(line) }
        }
        handler.metadata["socket"] = "/run/kinetic/kineticd.sock"
        var logger = Logger(label: "kineticd") { _ in handler }
        logger.logLevel = .trace
        logger.log(level: level, "two\nlines")
        #expect(lines.withLockedValue { $0 } == ["<\(priority)>kineticd: two lines socket=/run/kinetic/kineticd.sock\n"])
    }

    @Test("JOURNAL_STREAM must name stderr's device and inode")
    func journalStream() {
        var status = stat()
        fstat(2, &status)
        #expect(JournaldLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"]))
        #expect(!JournaldLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino &+ 1)"]))
        #expect(!JournaldLogHandler.stderrIsJournal(environment: [:]))
    }
}
