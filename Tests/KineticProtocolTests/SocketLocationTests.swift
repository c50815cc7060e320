import Testing
@testable import KineticProtocol

/// Where clients and the daemon find the socket (docs/PROTOCOL.md, "Finding the socket").
@Suite("Socket location")
struct SocketLocationTests {
    @Test("socket location rules", arguments: [
        (String?("/x.sock"), ["KINETIC_SOCKET": "/y.sock"], UInt32(1000), "/x.sock"),
        (nil, ["KINETIC_SOCKET": "/y.sock", "XDG_RUNTIME_DIR": "/run/user/1000"], 1000, "/y.sock"),
        (nil, ["XDG_RUNTIME_DIR": "/run/user/1000"], 0, "/run/kinetic/kineticd.sock"),
        (nil, ["RUNTIME_DIRECTORY": "/run/kinetic", "XDG_RUNTIME_DIR": "/run/user/61234"], 61234, "/run/kinetic/kineticd.sock"),
        (nil, ["XDG_RUNTIME_DIR": "/run/user/1000"], 1000, "/run/user/1000/kinetic/kineticd.sock"),
    ])
    func socketLocation(explicit: String?, environment: [String: String], uid: UInt32, expected: String) throws {
        #expect(try SocketLocation.resolve(explicit: explicit, environment: environment, uid: uid) == expected)
    }

    @Test("without XDG_RUNTIME_DIR an unprivileged user is told how to choose a socket")
    func socketLocationError() {
        #expect(throws: SocketLocation.Unresolved.self) { try SocketLocation.resolve(explicit: nil, environment: [:], uid: 1000) }
    }
}
