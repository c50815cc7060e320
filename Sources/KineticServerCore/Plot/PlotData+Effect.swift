// SPDX-License-Identifier: Apache-2.0
import KineticProtocol
import KineticBindings

extension PlotData {
    /// The plot of a symbol effect as kineticd publishes it: the effect's channels of an element in the daemon's
    /// engine, sampled at `rateHz` for `seconds` — triggered once at time 0, or, with `activeFor`, activated at 0 and
    /// deactivated after that many seconds. Without `seconds`, the window fits the effect: until it has come to rest
    /// (after the deactivation, for an active one), a tenth of a second more, at most ``longestFittedWindow``; an
    /// effect that repeats without end fills that. Components that never move are left out.
    public static func effect(_ effect: String, options: String? = nil, activeFor: Double? = nil, seconds: Double? = nil,
                              rateHz: Double = 120) throws(AnimationExpressionError) -> PlotData {
        let expression = try SymbolEffectExpression.parse(effect: effect, options: options)
        let engine = GraphChannelEngine(epoch: 0)
        let step = 1e9 / min(max(rateHz, 1), 1000)
        let frameCount = Int(min(max(seconds ?? longestFittedWindow, 0), 600) * 1e9 / step) + 1
        var restingSince: Int?
        let mode: EffectRequest.Mode = activeFor == nil ? .trigger : .active(true)
        var frames: [ReceivedFrame] = []
        var deactivated = activeFor == nil
        for index in 0..<frameCount {
            let time = UInt64(Double(index) * step)
            do {
                if index == 0 {
                    _ = try engine.element("symbol", .effect(expression, mode), owner: .configuration, at: time)
                } else if !deactivated, let activeFor, Double(time) >= activeFor * 1e9 {
                    deactivated = true
                    _ = try engine.element("symbol", .effect(expression, .active(false)), owner: .configuration, at: time)
                }
            } catch {
                throw AnimationExpressionError(text: effect, column: 1, reason: error.message)
            }
            _ = engine.advance(to: time)
            var samples: [String: ChannelSample] = [:]
            for sample in engine.samples() { samples[sample.name] = sample }
            frames.append(ReceivedFrame(generation: 1, seq: UInt64(index), timeNanoseconds: time, samples: samples))
            if seconds == nil, deactivated, index > 0, engine.isSettled {
                restingSince = restingSince ?? index
                if Double(index - restingSince!) * step >= 0.1e9 { break }
            } else {
                restingSince = nil
            }
        }
        let layout = Schema(generation: 1, channels: engine.channels.map { ($0.name, $0.dimension) })
        var units: [String: PlotUnits] = [:]
        for channel in engine.channels {
            let suffix = String(channel.name.dropFirst("symbol.".count))
            units[channel.name] = PlotUnits.elementChannel(suffix, dimension: channel.dimension, isEffect: true)
        }
        var data = PlotData(frames: frames, layout: layout, title: expression.description, units: units)
        data.series.removeAll { series in series.values.allSatisfy { $0 == series.values.first } }
        return data
    }

    /// The longest window an effect plot fits itself to, in seconds.
    public static let longestFittedWindow = 10.0
}
