// SPDX-License-Identifier: Apache-2.0
/// The received bytes of one connection, cut into messages: JSON lines or binary messages. Both decoders (the
/// server's ``MessageDecoder`` and the client's ``ServerMessageDecoder``) keep one, so framing and its size limit
/// are written once.
///
/// Consumed bytes are dropped once they are at least half the buffer, so feeding is amortised O(n) and at most
/// one message plus one read is buffered.
public struct ByteStream: Sendable {
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline resumes: bytes before it hold none.
    private var scanned = 0

    /// An empty stream.
    public init() {}

    /// The bytes received but not yet consumed.
    public var available: Int { buffer.count - start }

    /// The unconsumed bytes.
    public var unconsumed: ArraySlice<UInt8> { buffer[start...] }

    /// Appends received bytes.
    public mutating func feed(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Drops everything (after a fatal error).
    public mutating func reset() {
        buffer = []
        start = 0
        scanned = 0
    }

    /// What ``nextLine(limit:)`` found.
    public enum Line {
        /// A line without its `\n` (and without a `\r` before it).
        case line(ArraySlice<UInt8>)
        /// No newline yet, and more than `limit` bytes wait: the line is too long.
        case tooLong(Int)
    }

    /// The next `\n`-terminated line, consumed; `nil` while its newline has not arrived and at most `limit`
    /// bytes wait.
    public mutating func nextLine(limit: Int) -> Line? {
        if scanned < start { scanned = start }
        guard let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = buffer.count
            return available > limit ? .tooLong(available) : nil
        }
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        scanned = start
        return line.count > limit ? .tooLong(line.count) : .line(line)
    }

    /// The header of the next binary message, not consumed; `nil` until its 8 bytes have arrived.
    public func peekHeader() -> BinaryHeader? {
        BinaryHeader(bytes: buffer[start..<min(buffer.count, start + BinaryHeader.size)])
    }

    /// The next binary message's payload, consumed with its header, once all of it has arrived (`header` is
    /// ``peekHeader()``'s, checked by the caller: `length` ≥ 4 and within its limit).
    public mutating func takeMessage(_ header: BinaryHeader) -> ArraySlice<UInt8>? {
        let total = BinaryHeader.lengthFieldSize + Int(header.length)
        guard available >= total else { return nil }
        let payload = buffer[(start + BinaryHeader.size)..<(start + total)]
        start += total
        return payload
    }
}
