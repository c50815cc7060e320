extension GestureReplay {
    /// Runs the replay and writes it as the protocol's JSON Lines (docs/PROTOCOL.md): first the
    /// `schema` of ``layout``, then one `frame` per tick,
    /// `{"type":"frame","generation":1,"seq":N,"time_ns":T,"values":{"NAME":{"value":[…],"velocity":[…]}}}`.
    /// `write` receives each line's bytes, newline included. Returns the number of frames.
    @discardableResult
    public func writeJSONLines(_ write: ([UInt8]) throws -> Void) rethrows -> Int {
        try write(ServerMessage.schema(layout).encoded(.jsonLines))
        return try run { frame in
            try write(FrameEncoder.encode(seq: frame.seq, timeNanoseconds: frame.timeNanoseconds, layout: layout,
                                          samples: frame.samples, encoding: .jsonLines))
        }
    }
}
