// SPDX-License-Identifier: Apache-2.0
import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings

// Motion descriptors: each channel's motion in closed form, sent to motion subscribers when it changes.
extension ServerCore {
    /// Brings ``motionTable`` up to the engine at this tick and returns the serials whose descriptor changed: a new
    /// channel, or one whose motion version moved (``ChannelEngine/motionVersion(at:)``). One pass over the channels a
    /// tick, whatever the number of motion subscribers.
    func refreshMotion() -> Set<UInt64> {
        let channels = currentChannels
        if motionTableVersion != engine.tableVersion {
            motionTableVersion = engine.tableVersion
            let live = Set(channels.map(\.serial))
            motionTable = motionTable.filter { live.contains($0.key) }
        }
        var changed: Set<UInt64> = []
        for (index, channel) in channels.enumerated() {
            let version = engine.motionVersion(at: index)
            if motionTable[channel.serial]?.version == version { continue }
            var entry: [UInt8] = []
            let framed = engine.motion(at: index).write(channel: channel.name, to: &entry)
            motionTable[channel.serial] = (version, entry, framed)
            changed.insert(channel.serial)
        }
        return changed
    }

    /// Sends `session` a `motion` message with the descriptors of the channels of its layout that `changed` this tick,
    /// or of all of them after a subscribe or a layout change, and keeps which of them are `frames`. The work is the
    /// changed channels' (a binary search in the session's matched serials each), not the layout's, except after a
    /// layout change.
    func describeMotion(to session: ClientSession, changed: Set<UInt64>, seq: UInt64, time: UInt64) {
        var serials: [UInt64]
        if session.describesAll {
            session.describesAll = false
            session.framedSerials = []
            serials = session.matchedSerials
        } else {
            serials = []
            for serial in changed where session.matchedSerials.sortedIndex(of: serial, by: { $0 }) != nil {
                serials.append(serial)
            }
            serials.sort()
        }
        guard !serials.isEmpty else { return }
        var entries: [[UInt8]] = []
        entries.reserveCapacity(serials.count)
        for serial in serials {
            guard let described = motionTable[serial] else { continue }
            if described.framed {
                session.framedSerials.insert(serial)
            } else {
                session.framedSerials.remove(serial)
            }
            entries.append(described.entry)
        }
        guard !entries.isEmpty else { return }
        for bytes in MotionMessage.encoded(seq: seq, timeNanoseconds: time, epochNanoseconds: engine.epoch,
                                           entries: entries, encoding: session.encoding) {
            session.sink.send(ByteBuffer(bytes: bytes))
        }
    }
}
