import KineticProtocol
import KineticBindings
import KineticServerCore

/// An in-memory ``ChannelEngine`` for tests of the server layers: `set` jumps, `animate` moves
/// linearly to the target over ``duration`` seconds and then reports its completion. It stands in
/// for the AnimationGraph-backed engine so that protocol and transport tests do not depend on it.
package final class LinearChannelEngine: ChannelEngine {
    package struct Channel {
        package var descriptor: ChannelDescriptor
        package var value: [Double]
        package var velocity: [Double]
        package var animation: (from: [Double], to: [Double], start: UInt64, token: CompletionToken?)?
    }

    package var duration: Double = 1
    package private(set) var table: [Channel] = []
    package private(set) var tableVersion: UInt64 = 0
    package var reduceMotion = false
    package private(set) var lastAnimation: AnimationExpression?

    package var channels: [ChannelDescriptor] { table.map(\.descriptor) }
    package var isSettled: Bool { table.allSatisfy { $0.animation == nil } }

    private func index(_ name: String) throws(ChannelEngineError) -> Int {
        guard let i = table.firstIndex(where: { $0.descriptor.name == name }) else {
            throw ChannelEngineError(.unknownChannel, "no channel named \"\(name)\"")
        }
        return i
    }

    private func check(_ value: [Double], _ i: Int) throws(ChannelEngineError) {
        guard value.count == table[i].descriptor.dimension else {
            throw ChannelEngineError(.dimensionMismatch, "dimension \(table[i].descriptor.dimension), got \(value.count)")
        }
    }

    package func define(_ name: String, dimension: Int, initial: [Double], owner: ChannelOwner, at time: UInt64) throws(ChannelEngineError) {
        guard !table.contains(where: { $0.descriptor.name == name }) else {
            throw ChannelEngineError(.channelExists, "\"\(name)\" exists")
        }
        table.append(Channel(descriptor: ChannelDescriptor(name: name, dimension: dimension, owner: owner, serial: tableVersion + 1),
                             value: initial, velocity: Array(repeating: 0, count: dimension)))
        tableVersion += 1
    }

    package func set(_ name: String, to value: [Double], at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        let i = try index(name)
        try check(value, i)
        let events = removedEvents(i)
        table[i].value = value
        table[i].velocity = Array(repeating: 0, count: value.count)
        table[i].animation = nil
        return events
    }

    package func animate(_ name: String, to value: [Double], with animation: AnimationExpression?, completion: CompletionToken?,
                 at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        let i = try index(name)
        try check(value, i)
        lastAnimation = animation
        let events = removedEvents(i)
        table[i].animation = (table[i].value, value, time, completion)
        return events
    }

    private func removedEvents(_ i: Int) -> [EngineEvent] {
        guard let token = table[i].animation?.token, token.criterion == .removed else { return [] }
        return [.completed(token, channels: [table[i].descriptor.name])]
    }

    package func remove(_ name: String, at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        let i = try index(name)
        let events = removedEvents(i)
        table.remove(at: i)
        tableVersion += 1
        return events
    }

    package func advance(to time: UInt64) -> [EngineEvent] {
        var events: [EngineEvent] = []
        for i in table.indices {
            guard let animation = table[i].animation else { continue }
            let t = Double(time &- animation.start) / 1e9 / duration
            if time < animation.start || t < 1 {
                let f = max(0, t)
                table[i].value = zip(animation.from, animation.to).map { $0 + ($1 - $0) * f }
                table[i].velocity = zip(animation.from, animation.to).map { ($1 - $0) / duration }
            } else {
                table[i].value = animation.to
                table[i].velocity = Array(repeating: 0, count: animation.to.count)
                table[i].animation = nil
                if let token = animation.token { events.append(.completed(token, channels: [table[i].descriptor.name])) }
            }
        }
        return events
    }

    package func presentationValue(of name: String) -> [Double]? {
        table.first { $0.descriptor.name == name }?.value
    }

    package func samples() -> [ChannelSample] {
        table.map { ChannelSample(name: $0.descriptor.name, value: $0.value, velocity: $0.velocity) }
    }

    /// Its motion has no closed form: every channel is described as frames, whose version never changes.
    package func motionVersion(at index: Int) -> UInt64 { 0 }

    package func motion(at index: Int) -> MotionDescriptor {
        .frames(reason: "the linear test engine describes no motion")
    }

    /// Its times are nanoseconds from 0.
    package var epoch: UInt64 { 0 }
}
