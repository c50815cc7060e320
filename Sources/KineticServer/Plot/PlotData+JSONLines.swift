extension PlotData {
    /// Reads JSON Lines frames, as `kineticctl replay` or `kineticctl subscribe` print them:
    /// `frame` lines are plotted, the latest `schema` line orders the channels, other messages are
    /// skipped. A line that is not a server message is an error naming its line number.
    public static func fromJSONLines(_ text: String, title: String) throws(ReplayError) -> PlotData {
        var decoder = ServerMessageDecoder(encoding: .jsonLines)
        decoder.feed(Array(text.utf8) + (text.hasSuffix("\n") ? [] : [UInt8(ascii: "\n")]))
        var frames: [ReceivedFrame] = []
        var layout: FrameLayout?
        var line = 0
        while true {
            line += 1
            let message: ReceivedMessage?
            do {
                message = try decoder.next()
            } catch {
                throw ReplayError("line \(line): \(error.message); expected the JSON frames of kineticctl replay or subscribe")
            }
            guard let message else { break }
            switch message {
            case .frame(let frame): frames.append(frame)
            case .message(.schema, let object): layout = KineticClient.layout(from: object) ?? layout
            case .message: break
            }
        }
        guard !frames.isEmpty else { throw ReplayError("no frames to plot: expected lines {\"type\":\"frame\",…}") }
        return PlotData(frames: frames, layout: layout, title: title)
    }
}
