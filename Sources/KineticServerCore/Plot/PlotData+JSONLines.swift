// SPDX-License-Identifier: Apache-2.0
import KineticProtocol

extension PlotData {
    /// Reads JSON Lines frames, as `kineticctl replay` or `kineticctl subscribe` print them:
    /// `frame` lines are plotted, the latest `schema` line orders the channels, other messages are
    /// skipped. A line that is not a server message is an error naming its line number.
    public static func fromJSONLines(_ text: String, title: String) throws(ReplayError) -> PlotData {
        let frames: [ReceivedFrame], layout: Schema?
        do {
            (frames, layout) = try ServerMessageDecoder.frames(in: Array(text.utf8), encoding: .jsonLines)
        } catch {
            throw ReplayError("\(error.message); expected the JSON frames of kineticctl replay or subscribe")
        }
        guard !frames.isEmpty else { throw ReplayError("no frames to plot: expected lines {\"type\":\"frame\",…}") }
        return PlotData(frames: frames, layout: layout, title: title)
    }
}
