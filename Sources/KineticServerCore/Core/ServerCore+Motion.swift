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
            let previous = motionTable[channel.serial]
            if previous?.version == version { continue }
            var json: [UInt8] = []
            let sent = engine.motion(at: index).written(channel: channel.name, to: &json)
            var binary: [UInt8] = []
            sent.writeBinary(to: &binary)
            var update: [UInt8] = []
            let updates = previous.map { sent.writeBinaryUpdate(from: $0.descriptor, to: &update) } ?? false
            motionTable[channel.serial] = DescribedMotion(version: version, descriptor: sent, json: json, binary: binary,
                                                          update: updates ? update : nil)
            changed.insert(channel.serial)
        }
        return changed
    }

    /// A channel's motion as last described: its descriptor as sent, its JSON entry, its binary entry (without the
    /// position, which is each subscriber's own), and, when it is the previous description's spring retargeted, the
    /// binary update that turns that one into this (what a subscriber that was sent the previous one gets).
    struct DescribedMotion {
        var version: UInt64
        var descriptor: MotionDescriptor
        var json: [UInt8]
        var binary: [UInt8]
        var update: [UInt8]?
        var framed: Bool {
            if case .frames = descriptor { return true }
            return false
        }
    }

    /// Sends `session` a `motion` message with the descriptors of the channels of its layout that `changed` this tick,
    /// or of all of them after a subscribe or a layout change, and keeps which of them are `frames`. The work is the
    /// changed channels' (a binary search in the session's matched serials each), not the layout's, except after a
    /// layout change.
    func describeMotion(to session: ClientSession, changed: Set<UInt64>, seq: UInt64, time: UInt64) {
        var serials: [UInt64]
        let fresh = session.describesAll
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
        let binary = session.encoding == .binary
        var entries: [[UInt8]] = []
        entries.reserveCapacity(serials.count)
        for serial in serials {
            guard let described = motionTable[serial] else { continue }
            if described.framed {
                session.framedSerials.insert(serial)
            } else {
                session.framedSerials.remove(serial)
            }
            if binary {
                // By position in the subscriber's schema (its matched serials are in schema order); a subscriber described
                // everything afresh has not been sent the description an update is relative to.
                guard let position = session.matchedSerials.sortedIndex(of: serial, by: { $0 }) else { continue }
                var entry: [UInt8] = []
                entry.reserveCapacity(4 + described.binary.count)
                withUnsafeBytes(of: UInt32(position).littleEndian) { entry.append(contentsOf: $0) }
                entry.append(contentsOf: !fresh ? described.update ?? described.binary : described.binary)
                entries.append(entry)
            } else {
                entries.append(described.json)
            }
        }
        guard !entries.isEmpty else { return }
        let messages = binary
            ? MotionMessage.encodedBinary(generation: session.layout?.generation ?? 0, seq: seq, timeNanoseconds: time,
                                          epochNanoseconds: engine.epoch, entries: entries)
            : MotionMessage.encodedJSON(seq: seq, timeNanoseconds: time, epochNanoseconds: engine.epoch, entries: entries)
        for bytes in messages { session.sink.send(ByteBuffer(bytes: bytes)) }
    }
}
