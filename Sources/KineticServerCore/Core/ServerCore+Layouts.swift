// SPDX-License-Identifier: Apache-2.0
import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings

// Each subscriber's layout (its schema) kept up to the engine's channels.
extension ServerCore {
    /// The engine's channels, each name's scalars read once (``channelTable``).
    var currentChannels: [ChannelDescriptor] {
        if channelTable.version != engine.tableVersion {
            let channels = engine.channels
            // Names already read keep their scalars (serials increase along both lists).
            var names: [[Unicode.Scalar]] = []
            names.reserveCapacity(channels.count)
            var old = 0
            for channel in channels {
                while old < channelTable.channels.count, channelTable.channels[old].serial < channel.serial { old += 1 }
                if old < channelTable.channels.count, channelTable.channels[old].serial == channel.serial {
                    names.append(channelTable.names[old])
                } else {
                    names.append(Array(channel.name.unicodeScalars))
                }
            }
            channelTable = (engine.tableVersion, channels, names)
        }
        return channelTable.channels
    }

    /// Brings `session`'s layout up to the engine's channels. Incremental: a channel's name is matched against the
    /// session's patterns once, when the session first sees its serial; afterwards a layout change costs a merge of
    /// the matched serials with the channel list (integers only), so adding an element costs each subscriber the
    /// match of the element's few channels, whatever the number of channels and patterns.
    func updateLayout(of session: ClientSession, forceSchema: Bool) {
        guard let patterns = session.patterns else { return }
        let channels = currentChannels
        if layoutTableVersion != engine.tableVersion {
            layoutTableVersion = engine.tableVersion
            layoutGenerations.removeAll()
        }
        // The channels matched before that still exist, by a merge of two increasing serial lists.
        var indices: [Int] = []
        var serials: [UInt64] = []
        var position = 0
        for serial in session.matchedSerials {
            while position < channels.count, channels[position].serial < serial { position += 1 }
            if position < channels.count, channels[position].serial == serial {
                indices.append(position)
                serials.append(serial)
            }
        }
        // The channels created since, matched once.
        var first = channels.count
        while first > 0, channels[first - 1].serial > session.examinedSerial { first -= 1 }
        let names = channelTable.names
        for i in first..<channels.count where patterns.contains(where: { $0.matches(scalars: names[i]) }) {
            indices.append(i)
            serials.append(channels[i].serial)
        }
        session.matchedSerials = serials
        session.examinedSerial = max(session.examinedSerial, channels.last?.serial ?? 0)
        let key = LayoutKey(indices: indices)
        let generation: UInt32
        if let existing = layoutGenerations[key] {
            generation = existing
        } else {
            generation = nextGeneration
            nextGeneration &+= 1
            layoutGenerations[key] = generation
        }
        session.layoutTableVersion = engine.tableVersion
        let changed = session.layout?.generation != generation || session.layoutIndices != indices
        session.layoutIndices = indices
        if changed || forceSchema {
            session.describesAll = true
            let layout = Schema(generation: generation, channels: indices.map { (channels[$0].name, channels[$0].dimension) })
            session.layout = layout
            session.send(.schema(layout))
        }
    }
}
