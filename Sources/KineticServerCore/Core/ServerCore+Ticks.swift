// SPDX-License-Identifier: Apache-2.0
import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings

// The tick: the engine advanced, and a frame offered to every subscriber due one.
extension ServerCore {
    /// Advances the engine to the tick and offers the frame to every subscriber.
    ///
    /// - Returns: whether the clock keeps ticking: `false` once every channel has settled and nothing changed since the
    ///   last frame; the core has then suspended it, so that an idle daemon causes no wake-ups.
    @discardableResult
    public func tick(_ tick: Tick) -> Bool {
        let keepTicking = publish(tick)
        if !keepTicking { clock.suspend() }
        return keepTicking
    }

    /// ``tick(_:)``'s work: advance, then the frame to every subscriber due one; whether to keep ticking.
    func publish(_ tick: Tick) -> Bool {
        // Input due by this tick is applied first, at its own times (replay).
        timedInput?.drain(upTo: tick.time)
        tickCount += 1
        missedTicks += tick.missed
        // Locked to a compositor's grid, the values are for the vblank that will show them. One frame per vblank: a
        // tick that fired late (after the vblank it was planned for) has already published the next one, so the tick
        // planned for that next vblank publishes nothing. Likewise a tick just after the grid is unlocked, still
        // before the last vblank published: frames' times only increase.
        let grid = frameGrid  // the clock's, behind its lock: read once a tick
        let valuesTime = grid?.vblank(after: tick.time) ?? tick.time
        if let published = lastValuesTime, valuesTime <= published {
            return needsFrame || !engine.isSettled
        }
        lastValuesTime = valuesTime
        seq += 1
        deliver(engine.advance(to: valuesTime))
        let samples = engine.samples()
        noteChanges(samples)
        let keepTicking = needsFrame || !engine.isSettled
        needsFrame = false
        // Once a tick per layout generation (a few at most), not per subscriber: when one of its channels last
        // changed; and its frame in each encoding, encoded when a subscriber first needs it and then shared.
        var layouts: [(generation: UInt32, lastChange: UInt64)] = []
        var frames: [EncodedFrame] = []
        let changedMotion = sessions.contains { $0.wantsMotion && !$0.closed } ? refreshMotion() : []
        let tableVersion = engine.tableVersion
        for session in sessions {
            guard !session.closed, session.patterns != nil else { continue }
            if session.layoutTableVersion != tableVersion { updateLayout(of: session, forceSchema: false) }
            if session.wantsMotion {
                describeMotion(to: session, changed: changedMotion, seq: seq, time: valuesTime)
                // Its described channels need no frames; a channel described as `frames` does.
                guard !session.framedSerials.isEmpty else { continue }
            }
            guard let generation = session.layout?.generation else { continue }
            let entry: Int
            if let found = layouts.firstIndex(where: { $0.generation == generation }) {
                entry = found
            } else {
                entry = layouts.count
                layouts.append((generation, lastChange(of: session.layoutIndices)))
            }
            // Nothing is sent that did not change: a frame goes only to a subscriber with a channel that changed
            // since its last frame (its first frame, or one of a new layout, always goes). The last frame before the
            // clock stops goes to every subscriber with such a change, decimated or not, so that each one ends on
            // the settled values.
            if let last = session.lastFrame, last.generation == generation, layouts[entry].lastChange <= last.seq { continue }
            guard !keepTicking || session.frameIsDue(at: tick.time, tickPeriod: tickPeriod) else { continue }
            let encoding = session.encoding
            if let index = frames.indexOfFrame(generation: generation, encoding: encoding) {
                session.sink.sendFrame(frames[index].bytes)
            } else if let layout = session.layout {
                let selected = session.layoutIndices.map { $0 < samples.count ? samples[$0] : ChannelSample(name: "", value: [], velocity: []) }
                let bytes = ByteBuffer(bytes: FrameEncoder.encode(seq: seq, timeNanoseconds: valuesTime, layout: layout,
                                                                  samples: selected, encoding: encoding))
                frames.append(EncodedFrame(generation: generation, encoding: encoding, bytes: bytes))
                session.sink.sendFrame(bytes)
            } else {
                continue
            }
            session.lastFrame = (seq, generation)
            framesOffered += 1
        }
        return keepTicking
    }

    /// Records which channels' samples differ from the last published tick's (all of them when the table changed).
    func noteChanges(_ samples: [ChannelSample]) {
        if samples.count != publishedSamples.count {
            changedAt = Array(repeating: seq, count: samples.count)
        } else {
            for index in samples.indices where samples[index] != publishedSamples[index] { changedAt[index] = seq }
        }
        publishedSamples = samples
    }

    /// The last `seq` at which a channel of a layout (its indices into the engine's channels) changed.
    func lastChange(of indices: [Int]) -> UInt64 {
        var last: UInt64 = 0
        for index in indices where index < changedAt.count { last = max(last, changedAt[index]) }
        return last
    }

    /// A tick's frame for the subscribers of one layout generation in one encoding (the bytes are shared).
    struct EncodedFrame {
        var generation: UInt32
        var encoding: WireEncoding
        var bytes: ByteBuffer
    }
}

extension [ServerCore.EncodedFrame] {
    /// The index of the frame of `generation` in `encoding`, if the tick has encoded it.
    ///
    /// Reads the two keys in place: `firstIndex(where:)` hands each element to its closure as a copy, a retain and a
    /// release of the frame's bytes for every subscriber at every tick (docs/PERFORMANCE.md, "Fan-out").
    func indexOfFrame(generation: UInt32, encoding: WireEncoding) -> Int? {
        for index in indices where self[index].generation == generation && self[index].encoding == encoding {
            return index
        }
        return nil
    }
}
