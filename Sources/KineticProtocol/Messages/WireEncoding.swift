// SPDX-License-Identifier: Apache-2.0
/// How a connection's messages are encoded, chosen by the client's first byte.
public enum WireEncoding: String, Sendable {
    /// One JSON object per line (`\n`-terminated), for shells and scripts: the first byte is `{`.
    case jsonLines = "json"
    /// Length-prefixed binary framing; the first message must be HELLO.
    case binary

    /// The encoding a connection uses, from its first byte.
    public init(firstByte: UInt8) {
        self = firstByte == UInt8(ascii: "{") ? .jsonLines : .binary
    }
}
