// SPDX-License-Identifier: Apache-2.0
// The binary form of `motion` messages (docs/PROTOCOL.md, "Motion descriptors in binary"): numbers as the engine holds
// them, channels by their position in the subscriber's schema, and a running spring's retarget as an update of the
// descriptor the client already holds. The codes are protocol/kinetic.json's "binary_motion"
// (ProtocolDescriptionTests checks them).

/// What an entry of a binary `motion` message is.
public enum BinaryMotionEntryKind: UInt8, CaseIterable, Sendable {
    /// `rest`: f64 model[d].
    case rest = 0
    /// `animation`: f64 model[d], f64 interval[d], f64 begin, then the term.
    case animation = 1
    /// `frames`: u16 length, then the reason's UTF-8 bytes.
    case frames = 2
    /// A spring's retarget: f64 model[d], f64 interval[d], f64 offset[d], f64 velocity[d], f64 force[d], f64 clock; the
    /// begin, stiffness and damping are those of the channel's previous descriptor, an animation of a spring.
    case springUpdate = 3

    /// The name protocol/kinetic.json gives it.
    public var name: String {
        switch self {
        case .rest: "rest"
        case .animation: "animation"
        case .frames: "frames"
        case .springUpdate: "spring_update"
        }
    }
}

/// What a term of a binary `animation` entry is.
public enum BinaryMotionTermKind: UInt8, CaseIterable, Sendable {
    /// f64 stiffness, f64 damping, f64 offset[d], f64 velocity[d], f64 force[d], f64 clock.
    case spring = 0
    /// f64 p1x, p1y, p2x, p2y, duration.
    case curve = 1
    /// f64 decay, f64 travel[d], f64 rest_distance, u8 regime, f64 omega0, omega, lambda, settling_duration.
    case momentum = 2
    /// u32 count, then per entry f64 start, f64 target[d], u8 1 and the term (or u8 0: finished).
    case sum = 3

    /// The name protocol/kinetic.json gives it.
    public var name: String {
        switch self {
        case .spring: "spring"
        case .curve: "curve"
        case .momentum: "momentum"
        case .sum: "sum"
        }
    }
}

extension SpringCoefficients {
    /// The regimes in the order of their binary codes (protocol/kinetic.json's "binary_motion" "regimes").
    public static let binaryRegimes = ["free", "rigid", "frozen", "under", "critical", "over"]
}

/// A received binary `motion` message: its header, and its entries still as bytes, read against the schema of
/// `generation` and the descriptors the client holds (``descriptors(layout:previous:)``).
public struct BinaryMotion: Equatable, Sendable {
    /// The size of the payload's fixed part: u32 generation, u64 seq, u64 time_ns, u64 epoch_ns, u32 count.
    public static let prefixSize = 32

    /// The schema generation whose positions the entries use.
    public var generation: UInt32
    /// The tick's sequence number.
    public var seq: UInt64
    /// The tick's time, CLOCK_MONOTONIC nanoseconds.
    public var timeNanoseconds: UInt64
    /// The CLOCK_MONOTONIC time of graph time 0.
    public var epochNanoseconds: UInt64
    /// The number of entries.
    public var count: Int
    /// The entries' bytes.
    public var entries: ArraySlice<UInt8>

    /// Reads a payload's fixed part; the entries are read by ``descriptors(layout:previous:)``.
    public init(payload: ArraySlice<UInt8>) throws(ProtocolError) {
        guard payload.count >= Self.prefixSize else {
            throw ProtocolError(.badMessage, "a binary motion payload of \(payload.count) bytes is shorter than its \(Self.prefixSize)-byte header")
        }
        let reader = LittleEndianReader(payload)
        generation = reader.read(UInt32.self, at: 0)
        seq = reader.read(UInt64.self, at: 4)
        timeNanoseconds = reader.read(UInt64.self, at: 12)
        epochNanoseconds = reader.read(UInt64.self, at: 20)
        count = Int(reader.read(UInt32.self, at: 28))
        entries = payload.dropFirst(Self.prefixSize)
    }

    /// The entries as descriptors of `layout`'s channels (by position), each update applied to `previous(position)`,
    /// the descriptor held for that channel before this message. Every number is checked as the clients check it
    /// (``MotionDescriptor/keepsLimits``).
    public func descriptors(layout: Schema, previous: (Int) -> MotionDescriptor?) throws(ProtocolError)
        -> [(position: Int, descriptor: MotionDescriptor)] {
        guard layout.generation == generation else {
            throw ProtocolError(.badMessage, "a motion message for schema generation \(generation), not \(layout.generation)")
        }
        var reader = BinaryMotionReader(bytes: entries)
        var out: [(position: Int, descriptor: MotionDescriptor)] = []
        for _ in 0..<count {
            let position = Int(try reader.u32())
            guard position < layout.channels.count else {
                throw ProtocolError(.badMessage, "motion entry for position \(position) of a schema of \(layout.channels.count) channels")
            }
            let held = out.last(where: { $0.position == position })?.descriptor ?? previous(position)
            let descriptor = try reader.entry(dimension: layout.channels[position].dimension, previous: held)
            guard descriptor.keepsLimits else {
                throw ProtocolError(.badMessage, "motion entry for position \(position) beyond the limits a client evaluates")
            }
            out.append((position, descriptor))
        }
        guard reader.bytes.isEmpty else {
            throw ProtocolError(.badMessage, "\(reader.bytes.count) bytes after the motion message's \(count) entries")
        }
        return out
    }
}

extension BinaryMotion {
    /// The message with channel names, as the JSON encoding carries it, read against `layout`; `held` (by channel name:
    /// the descriptors of earlier messages) is what updates apply to, and takes this message's descriptors.
    public func message(layout: Schema, held: inout [String: MotionDescriptor]) throws(ProtocolError) -> MotionMessage {
        let known = held
        let entries = try descriptors(layout: layout) { known[layout.channels[$0].name] }
        var channels: [(name: String, descriptor: MotionDescriptor)] = []
        for (position, descriptor) in entries {
            let name = layout.channels[position].name
            held[name] = descriptor
            channels.append((name, descriptor))
        }
        return MotionMessage(seq: seq, timeNanoseconds: timeNanoseconds, epochNanoseconds: epochNanoseconds, channels: channels)
    }
}

/// Reads entries of a binary motion payload, refusing short input.
struct BinaryMotionReader {
    var bytes: ArraySlice<UInt8>

    private mutating func take(_ n: Int) throws(ProtocolError) -> ArraySlice<UInt8> {
        guard bytes.count >= n else { throw ProtocolError(.badMessage, "a binary motion entry ends early") }
        defer { bytes = bytes.dropFirst(n) }
        return bytes.prefix(n)
    }

    mutating func u8() throws(ProtocolError) -> UInt8 { try take(1).first ?? 0 }
    mutating func u16() throws(ProtocolError) -> UInt16 { LittleEndianReader(try take(2)).read(UInt16.self, at: 0) }
    mutating func u32() throws(ProtocolError) -> UInt32 { LittleEndianReader(try take(4)).read(UInt32.self, at: 0) }
    mutating func f64() throws(ProtocolError) -> Double { Double(bitPattern: LittleEndianReader(try take(8)).read(UInt64.self, at: 0)) }
    mutating func vector(_ dimension: Int) throws(ProtocolError) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(dimension)
        for _ in 0..<dimension { out.append(try f64()) }
        return out
    }

    mutating func entry(dimension: Int, previous: MotionDescriptor?) throws(ProtocolError) -> MotionDescriptor {
        let code = try u8()
        guard let kind = BinaryMotionEntryKind(rawValue: code) else {
            throw ProtocolError(.badMessage, "motion entry kind \(code) (accepted: 0–3)")
        }
        switch kind {
        case .rest:
            return .rest(model: try vector(dimension))
        case .animation:
            let model = try vector(dimension), interval = try vector(dimension), begin = try f64()
            return .animation(model: model, interval: interval, begin: begin, term: try term(dimension: dimension, depth: 0))
        case .frames:
            let length = Int(try u16())
            return .frames(reason: String(decoding: try take(length), as: UTF8.self))
        case .springUpdate:
            guard case .animation(_, _, let begin, .spring(let stiffness, let damping, _, _, _, _))? = previous else {
                throw ProtocolError(.badMessage, "a spring update for a channel whose motion is not a spring's")
            }
            let model = try vector(dimension), interval = try vector(dimension)
            let offset = try vector(dimension), velocity = try vector(dimension), force = try vector(dimension)
            return .animation(model: model, interval: interval, begin: begin,
                              term: .spring(stiffness: stiffness, damping: damping, offset: offset, velocity: velocity,
                                            force: force, clock: try f64()))
        }
    }

    mutating func term(dimension: Int, depth: Int) throws(ProtocolError) -> MotionDescriptorTerm {
        guard depth <= MotionDescriptor.maximumSumNesting else {
            throw ProtocolError(.badMessage, "motion sums nested deeper than \(MotionDescriptor.maximumSumNesting)")
        }
        let code = try u8()
        guard let kind = BinaryMotionTermKind(rawValue: code) else {
            throw ProtocolError(.badMessage, "motion term kind \(code) (accepted: 0–3)")
        }
        switch kind {
        case .spring:
            let stiffness = try f64(), damping = try f64()
            let offset = try vector(dimension), velocity = try vector(dimension), force = try vector(dimension)
            return .spring(stiffness: stiffness, damping: damping, offset: offset, velocity: velocity, force: force,
                           clock: try f64())
        case .curve:
            let p1x = try f64(), p1y = try f64(), p2x = try f64(), p2y = try f64()
            return .curve(p1x: p1x, p1y: p1y, p2x: p2x, p2y: p2y, duration: try f64())
        case .momentum:
            let decay = try f64(), travel = try vector(dimension), restDistance = try f64()
            let regime = Int(try u8())
            guard regime < SpringCoefficients.binaryRegimes.count else {
                throw ProtocolError(.badMessage, "spring regime \(regime) (accepted: 0–5)")
            }
            let omega0 = try f64(), omega = try f64(), lambda = try f64()
            return .momentum(decay: decay, travel: travel, restDistance: restDistance,
                             bounce: SpringCoefficients(regime: SpringCoefficients.binaryRegimes[regime], naturalFrequency: omega0,
                                                        omega: omega, lambda: lambda, settlingDuration: try f64()))
        case .sum:
            let count = Int(try u32())
            // Each entry takes at least 9 bytes: a count beyond what is left is refused before anything is allocated.
            guard count >= 1, count <= bytes.count / 9 else {
                throw ProtocolError(.badMessage, "a motion sum of \(count) entries in \(bytes.count) bytes")
            }
            var entries: [MotionSumEntry] = []
            for _ in 0..<count {
                let start = try f64(), target = try vector(dimension)
                let present = try u8()
                entries.append(MotionSumEntry(start: start, target: target,
                                              term: present == 0 ? nil : try term(dimension: dimension, depth: depth + 1)))
            }
            return .sum(entries)
        }
    }
}

extension MotionDescriptor {
    /// Appends the binary entry's kind and body (without its channel position). Call it on the descriptor as it goes
    /// out (``written(channel:to:)``'s result), so that both encodings carry the same.
    public func writeBinary(to out: inout [UInt8]) {
        switch self {
        case .rest(let model):
            out.append(BinaryMotionEntryKind.rest.rawValue)
            Self.writeBinary(model, to: &out)
        case .animation(let model, let interval, let begin, let term):
            out.append(BinaryMotionEntryKind.animation.rawValue)
            Self.writeBinary(model, to: &out)
            Self.writeBinary(interval, to: &out)
            out.appendLittleEndian(begin.bitPattern)
            term.writeBinary(to: &out)
        case .frames(let reason):
            out.append(BinaryMotionEntryKind.frames.rawValue)
            // Reasons are the daemon's own sentences, far below the 65 535 bytes a u16 counts.
            let utf8 = Array(reason.utf8.prefix(Int(UInt16.max)))
            out.appendLittleEndian(UInt16(utf8.count))
            out.append(contentsOf: utf8)
        }
    }

    /// Appends a spring update (``BinaryMotionEntryKind/springUpdate``) that turns `previous` into this descriptor, and
    /// returns `true`; or appends nothing and returns `false` when this is not `previous`'s spring with a new target and
    /// state (the same begin, stiffness and damping, bit for bit, and the same dimension).
    public func writeBinaryUpdate(from previous: MotionDescriptor, to out: inout [UInt8]) -> Bool {
        guard case .animation(let model, let interval, let begin,
                              .spring(let stiffness, let damping, let offset, let velocity, let force, let clock)) = self,
              case .animation(let oldModel, _, let oldBegin, .spring(let oldStiffness, let oldDamping, _, _, _, _)) = previous,
              begin.bitPattern == oldBegin.bitPattern, stiffness.bitPattern == oldStiffness.bitPattern,
              damping.bitPattern == oldDamping.bitPattern, model.count == oldModel.count
        else { return false }
        out.append(BinaryMotionEntryKind.springUpdate.rawValue)
        for vector in [model, interval, offset, velocity, force] { Self.writeBinary(vector, to: &out) }
        out.appendLittleEndian(clock.bitPattern)
        return true
    }

    static func writeBinary(_ vector: [Double], to out: inout [UInt8]) {
        for x in vector { out.appendLittleEndian(x.bitPattern) }
    }
}

extension MotionDescriptorTerm {
    func writeBinary(to out: inout [UInt8]) {
        func number(_ x: Double) { out.appendLittleEndian(x.bitPattern) }
        switch self {
        case .spring(let stiffness, let damping, let offset, let velocity, let force, let clock):
            out.append(BinaryMotionTermKind.spring.rawValue)
            number(stiffness)
            number(damping)
            for vector in [offset, velocity, force] { MotionDescriptor.writeBinary(vector, to: &out) }
            number(clock)
        case .curve(let p1x, let p1y, let p2x, let p2y, let duration):
            out.append(BinaryMotionTermKind.curve.rawValue)
            for x in [p1x, p1y, p2x, p2y, duration] { number(x) }
        case .momentum(let decay, let travel, let restDistance, let bounce):
            out.append(BinaryMotionTermKind.momentum.rawValue)
            number(decay)
            MotionDescriptor.writeBinary(travel, to: &out)
            number(restDistance)
            out.append(UInt8(SpringCoefficients.binaryRegimes.firstIndex(of: bounce.regime) ?? 0))
            for x in [bounce.naturalFrequency, bounce.omega, bounce.lambda, bounce.settlingDuration] { number(x) }
        case .sum(let entries):
            out.append(BinaryMotionTermKind.sum.rawValue)
            out.appendLittleEndian(UInt32(entries.count))
            for entry in entries {
                number(entry.start)
                MotionDescriptor.writeBinary(entry.target, to: &out)
                if let term = entry.term {
                    out.append(1)
                    term.writeBinary(to: &out)
                } else {
                    out.append(0)
                }
            }
        }
    }
}

extension MotionMessage {
    /// Binary `motion` messages of entries already written (a u32 position in the subscriber's schema of `generation`,
    /// then ``MotionDescriptor/writeBinary(to:)``'s or ``MotionDescriptor/writeBinaryUpdate(from:to:)``'s bytes): as
    /// many as it takes to keep each within ``ProtocolLimits/maximumMessageBytes``.
    public static func encodedBinary(generation: UInt32, seq: UInt64, timeNanoseconds: UInt64, epochNanoseconds: UInt64,
                                     entries: [[UInt8]]) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        var body: [UInt8] = []
        var count = 0
        func flush() {
            guard count > 0 else { return }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(BinaryHeader.size + BinaryMotion.prefixSize + body.count)
            BinaryHeader(type: .motion, payloadSize: BinaryMotion.prefixSize + body.count).write(to: &bytes)
            bytes.appendLittleEndian(generation)
            bytes.appendLittleEndian(seq)
            bytes.appendLittleEndian(timeNanoseconds)
            bytes.appendLittleEndian(epochNanoseconds)
            bytes.appendLittleEndian(UInt32(count))
            bytes.append(contentsOf: body)
            messages.append(bytes)
            body = []
            count = 0
        }
        let budget = ProtocolLimits.maximumMessageBytes - 64
        for entry in entries {
            if count > 0, body.count + entry.count > budget { flush() }
            body.append(contentsOf: entry)
            count += 1
        }
        flush()
        return messages
    }
}
