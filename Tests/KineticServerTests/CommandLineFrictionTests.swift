import Foundation
import Glibc
import Testing
import KineticCommandLine
import KineticProtocol
import KineticTestSupport

/// A new user's mistakes, on the real binaries: each gets one line on standard error that names the thing, the
/// reason and the way out, and the sysexits status the man pages document.
@Suite struct CommandLineFrictionTests {
    static let recording = ReplayFixtures.repositoryRoot.appendingPathComponent("Recordings/tap.evemu").path
    static let configuration = ReplayFixtures.repositoryRoot.appendingPathComponent("systemd/kineticd.yaml").path

    struct Case: Sendable, CustomTestStringConvertible {
        var program = "kineticctl"
        var arguments: [String]
        var status: Int32
        var error: [String]
        var testDescription: String { "\(program) \(arguments.joined(separator: " "))" }
    }

    static let missing = "/nonexistent-kinetic/k.sock"

    static let cases: [Case] = [
        Case(arguments: ["animate", "touch.position", "-10", "120", "--socket", missing], status: ExitStatus.unavailable,
             error: ["kineticctl: no kineticd socket at \(missing): start kineticd"]),
        Case(arguments: ["animate", "touch.position", "0", "--anim", ".spring", "--socket", missing], status: ExitStatus.usage,
             error: ["kineticctl: unknown option '--anim'; did you mean '--animation'? (kineticctl animate --help lists its options)"]),
        Case(arguments: ["animate", "--anim", ".smooth", "x", "1", "--socket", missing], status: ExitStatus.usage,
             error: ["kineticctl: unknown option '--anim'; did you mean '--animation'?"]),
        Case(arguments: ["animate", "--anim", ".smooth", "1", "--socket", missing], status: ExitStatus.usage,
             error: ["kineticctl: unknown option '--anim'; did you mean '--animation'?"]),
        Case(arguments: ["animate", "touch.position", "abc"], status: ExitStatus.usage,
             error: ["'abc' is not a number", "Usage: kineticctl animate"]),
        Case(arguments: ["statsu"], status: ExitStatus.usage, error: ["kineticctl: unknown command 'statsu'; did you mean 'status'?"]),
        Case(arguments: ["subscibe", "--socket", "S"], status: ExitStatus.usage,
             error: ["kineticctl: unknown command 'subscibe'; did you mean 'subscribe'?"]),
        Case(arguments: ["help", "nosuch"], status: ExitStatus.usage, error: ["kineticctl: no command 'nosuch'"]),
        Case(arguments: ["plot", "nosuch.evemu"], status: ExitStatus.noInput, error: ["kineticctl: nosuch.evemu: no such file"]),
        Case(arguments: ["plot", recording, "-o", "/nonexistent-kinetic/dir/x.svg"], status: ExitStatus.cannotCreate,
             error: ["kineticctl: cannot write /nonexistent-kinetic/dir/x.svg: its folder does not exist"]),
        Case(arguments: ["plot", "--effect", ".bonce"], status: ExitStatus.usage,
             error: ["unknown symbol effect .bonce; did you mean .bounce?", "Usage: kineticctl plot"]),
        Case(arguments: ["plot"], status: ExitStatus.usage, error: ["give a recording or a file of frames to plot", "Usage: kineticctl plot"]),
        Case(arguments: ["replay", configuration], status: ExitStatus.data, error: ["found a kineticd configuration (give it with --config)"]),
        Case(arguments: ["devices", "--directory", "/nonexistent-kinetic"], status: ExitStatus.unavailable,
             error: ["kineticctl: no device directory /nonexistent-kinetic"]),
        Case(arguments: ["demo", "--recording", "nosuch.evemu"], status: ExitStatus.noInput, error: ["kineticctl: nosuch.evemu: no such file"]),
        Case(arguments: ["record", "/dev/null", "-o", "/dev/null"], status: ExitStatus.unavailable,
             error: ["not an evdev device", "kineticctl devices lists the input devices"]),
        Case(program: "kineticd", arguments: ["--config", "/nonexistent-kinetic/k.yaml", "--socket", missing], status: ExitStatus.configuration,
             error: ["/nonexistent-kinetic/k.yaml"]),
    ]

    @Test(arguments: cases)
    func mistake(_ mistake: Case) throws {
        let result = try runProduct(mistake.program, mistake.arguments)
        #expect(result.status == mistake.status, "\(result.error)")
        for fragment in mistake.error { #expect(result.error.contains(fragment), "\(result.error)") }
        #expect(!result.error.contains("NSCocoaErrorDomain") && !result.error.contains("Error Domain"))
    }

    @Test("both binaries say their version, from one source", arguments: ["kineticd", "kineticctl"])
    func version(program: String) throws {
        let result = try runProduct(program, ["--version"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "\(program) \(KineticVersion.string)\n")
    }

    /// Runs `program` with `arguments(path)`, where `path` is a file named `name` holding `text`.
    static func run(_ program: String, file name: String, holding text: String,
                    _ arguments: (String) -> [String]) throws -> (result: ProcessResult, path: String) {
        let directory = TemporaryDirectory()
        let path = directory.path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (try runProduct(program, arguments(path)), path)
    }

    @Test("a file that is not a recording says what it looks like")
    func notARecording() throws {
        let (result, _) = try Self.run("kineticctl", file: "frames.jsonl",
                                       holding: #"{"type":"frame","generation":1,"seq":1,"time_ns":1,"values":{}}"#) { ["replay", $0] }
        #expect(result.status == ExitStatus.data)
        #expect(result.error.contains("found JSON lines, such as the frames kineticctl replay prints (kineticctl plot FILE draws them)"), "\(result.error)")
    }

    @Test("an empty device directory and a socket file that is not a device are said so")
    func devices() throws {
        let directory = TemporaryDirectory()
        let empty = try runProduct("kineticctl", ["devices", "--directory", directory.path])
        #expect(empty.status == ExitStatus.unavailable && empty.error.contains("no event devices in \(directory.path)"), "\(empty.error)")
        let path = directory.path + "/k.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        #expect(UnixSocket.withAddress(path) { bind(listener, $0, $1) } == 0)
        let record = try runProduct("kineticctl", ["record", path, "-o", directory.path + "/x.evemu"])
        #expect(record.status == ExitStatus.usage, "\(record.error)")
        #expect(record.error.contains("\(path) is not an input device (a character device such as /dev/input/event5); kineticctl devices lists them"), "\(record.error)")
        // Bound but not listening: a stale socket file.
        let refused = try runProduct("kineticctl", ["status", "--socket", path])
        #expect(refused.status == ExitStatus.unavailable && refused.error.contains("nothing listens on \(path): kineticd is not running"), "\(refused.error)")
    }

    @Test("YAML mistakes get hints: a tab, an unquoted expression", arguments: [
        ("bindings:\n\t- channel: a\n", "2:1: a tab; YAML indents with spaces only"),
        ("bindings:\n  - channel: a\n    animation: .spring(duration: 0.4)\n",
         "3:32: the value holds ':', which YAML reads as a mapping; quote it: '.spring(duration: 0.4)'"),
    ])
    func yaml(text: String, message: String) throws {
        let (result, path) = try Self.run("kineticd", file: "k.yaml", holding: text) { ["--check-config", $0] }
        #expect(result.status == ExitStatus.configuration)
        #expect(result.error.contains(path + ":" + message), "\(result.error)")
    }

    /// A running kineticd (replaying, so that `reload` meets its own refusal).
    @Test("the daemon's refusals print in words on standard error, as JSON with --json; reload during --replay has its own code")
    func refusals() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/k.sock"
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: try #require(builtProduct("kineticd")))
        daemon.arguments = ["--socket", path, "--replay", Self.recording, "--log-level", "error"]
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        defer { daemon.terminate(); daemon.waitUntilExit() }
        let deadline = Date().addingTimeInterval(60)
        while daemon.isRunning, Date() < deadline, (try? runProduct("kineticctl", ["status", "--socket", path]).status) != 0 { usleep(50_000) }
        let words = try runProduct("kineticctl", ["animate", "nosuch", "1", "--socket", path])
        #expect(words.status == ExitStatus.data, "\(words.error)")
        #expect(words.output.isEmpty, "\(words.error)")
        #expect(words.error.hasPrefix("kineticctl: kineticd refused: unknown_channel: no channel named \"nosuch\""), "\(words.error)")
        let json = try runProduct("kineticctl", ["animate", "nosuch", "1", "--socket", path, "--json"])
        #expect(json.status == ExitStatus.data, "\(json.error)")
        #expect(json.output.contains(#""ok":false"#) && json.output.contains(#""code":"unknown_channel""#), "\(json.output)")
        let reload = try runProduct("kineticctl", ["reload", "--socket", path])
        #expect(reload.status == ExitStatus.configuration, "\(reload.error)")
        #expect(reload.error.contains("replay_keeps_bindings"), "\(reload.error)")
    }

    @Test("--check-config says when the default binding applies")
    func defaultBinding() throws {
        let (result, path) = try Self.run("kineticd", file: "k.yaml", holding: "rate_hz: 240\n") { ["--check-config", $0] }
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "\(path): valid (no bindings: key, so the default binding of touch.position, 1 channels, 240.0 Hz)\n")
    }

    /// This machine has no /dev/input and no group `kinetic`: kineticd says both, once, and serves.
    @Test("kineticd warns when it watches no device and when the socket's group does not exist")
    func startUpWarnings() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/k.sock"
        let log = directory.path + "/log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: try #require(builtProduct("kineticd")))
        daemon.arguments = ["--socket", path, "--config", Self.configuration]
        daemon.standardError = FileHandle(forWritingAtPath: log)
        try daemon.run()
        defer { daemon.terminate(); daemon.waitUntilExit() }
        let deadline = Date().addingTimeInterval(60)
        var text = ""
        while Date() < deadline, !text.contains("no input devices to watch") || !text.contains("listening") {
            usleep(50_000)
            text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        }
        if getgrnam("kinetic") == nil {
            #expect(text.contains("warning kineticd: the socket group 'kinetic' does not exist, so only the socket's owner can connect to \(path)"), "\(text)")
        }
        var info = stat()
        if stat("/dev/input", &info) != 0 {
            #expect(text.contains("warning kineticd: no input devices to watch: /dev/input does not exist"), "\(text)")
        } else {
            #expect(text.contains("input device") || text.contains("no input devices to watch"), "\(text)")
        }
    }

    /// As another user (nobody), a socket of mode 0660 owned by root's group refuses the connection: the message
    /// names the group that grants it.
    @Test("a connection refused for permission names the socket's group", .enabled(if: nobodyCanRunKineticctl()))
    func permissionDenied() throws {
        let directory = TemporaryDirectory()
        chmod(directory.path, 0o755)
        let path = directory.path + "/k.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        #expect(UnixSocket.withAddress(path) { bind(listener, $0, $1) } == 0)
        #expect(listen(listener, 4) == 0)
        chmod(path, 0o660)
        let kineticctl = try #require(builtProduct("kineticctl"))
        let result = try runProduct("runuser", ["-u", "nobody", "--", kineticctl, "status", "--socket", path], direct: true)
        let group = String(cString: getgrgid(0).pointee.gr_name)
        #expect(result.status == ExitStatus.noPermission, "\(result.error)")
        #expect(result.error.contains("permission denied to connect to \(path) (the socket is mode 660, group \(group)); add yourself to that group"), "\(result.error)")
    }

    /// Whether this test runs as root with runuser, in a checkout the user nobody may enter (a clone under a private
    /// home folder is not): only then can it connect as another user.
    static func nobodyCanRunKineticctl() -> Bool {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"),
            let kineticctl = builtProduct("kineticctl")
        else { return false }
        return (try? runProduct("runuser", ["-u", "nobody", "--", kineticctl, "--version"], direct: true).status) == 0
    }

    /// kineticctl demo starts the kineticd beside it or on PATH: a kineticctl alone in a folder, with a PATH that has
    /// no kineticd, says where it looked and what to do.
    @Test("demo without a kineticd says where it looked and how to get one")
    func demoWithoutKineticd() throws {
        let directory = TemporaryDirectory(in: builtProductsFolder())
        let alone = try linkBuiltProduct("kineticctl", into: directory.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: alone)
        process.arguments = ["demo", "--recording", Self.recording, "--seconds", "1"]
        process.environment = ["PATH": directory.path]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == ExitStatus.unavailable)
        #expect(text.contains("it is neither beside kineticctl nor on PATH; make demo builds both, and the package installs both"), "\(text)")
    }
}
