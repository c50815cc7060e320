// SPDX-License-Identifier: Apache-2.0
/// What a channel will do, in closed form: the payload of a `motion` message (docs/PROTOCOL.md, "Motion descriptors").
///
/// A client evaluates it at any time at or after the message's `time_ns` and gets the values the daemon's frames carry
/// for those times; ``frames(reason:)`` says the channel's motion has no closed form, and its values come in frames.
public enum MotionDescriptor: Equatable, Sendable {
    /// At rest on `model`: the value is the model, the velocity zero.
    case rest(model: [Double])
    /// Moving: value(T) = model + y − interval with y = `term` at elapsed T − begin (graph seconds), or the model once
    /// the term has finished.
    case animation(model: [Double], interval: [Double], begin: Double, term: MotionDescriptorTerm)
    /// No closed form: the channel's values come in frames, and `reason` says why.
    case frames(reason: String)
}

/// One animation of a ``MotionDescriptor``, evaluated at elapsed time t (seconds) towards a delta D (value units).
public indirect enum MotionDescriptorTerm: Equatable, Sendable {
    /// A fluid spring integrated in 1/300-s sub-steps on a clock that grows by repeated addition from `clock`.
    case spring(stiffness: Double, damping: Double, offset: [Double], velocity: [Double], force: [Double], clock: Double)
    /// A timing curve with control points (p1x, p1y), (p2x, p2y) over `duration` seconds.
    case curve(p1x: Double, p1y: Double, p2x: Double, p2y: Double, duration: Double)
    /// A fling's exponential decay (`decay`, per second; `travel` each component's natural travel), stopped at a
    /// bound by the spring `bounce`.
    case momentum(decay: Double, travel: [Double], restDistance: Double, bounce: SpringCoefficients)
    /// Animations combined as a chained interpolation.
    case sum([MotionSumEntry])
}

/// A closed-form spring's regime and rates, as ``Kinetic/Spring`` computes its motion: the evaluator needs no square
/// root of its own.
public struct SpringCoefficients: Equatable, Sendable {
    /// `under`, `critical`, `over`, `free`, `rigid` or `frozen`.
    public var regime: String
    /// ω₀, the natural frequency, radians per second.
    public var naturalFrequency: Double
    /// ω: the damped frequency (under), or −ω₀√(ζ² − 1) (over); 0 otherwise.
    public var omega: Double
    /// λ = ζω₀, per second.
    public var lambda: Double
    /// When the spring counts as settled, seconds (``Kinetic/Spring/settlingDuration``).
    public var settlingDuration: Double

    public init(regime: String, naturalFrequency: Double, omega: Double, lambda: Double, settlingDuration: Double) {
        self.regime = regime
        self.naturalFrequency = naturalFrequency
        self.omega = omega
        self.lambda = lambda
        self.settlingDuration = settlingDuration
    }

    /// Whether the rates its regime uses are within ``MotionDescriptor/maximumMagnitude`` with their signs (λ ≥ 0;
    /// ω > 0 under-damped, ω < 0 over-damped) and the settling duration is +∞ or within it. A rigid spring's ω₀ is
    /// +∞, which its regime does not use.
    var keepsLimits: Bool {
        let within = MotionDescriptor.withinMagnitude
        let settles = settlingDuration == .infinity || (within(settlingDuration) && settlingDuration >= 0)
        switch regime {
        case "free", "rigid", "frozen": return settles
        case "critical": return settles && within(lambda) && lambda >= 0
        case "under", "over":
            return settles && [naturalFrequency, omega, lambda].allSatisfy(within) && naturalFrequency >= 0
                && lambda >= 0 && (regime == "under" ? omega > 0 : omega < 0)
        default: return false
        }
    }
}

/// An entry of a sum: Rᵢ = Rᵢ₋₁ + term(Tᵢ − Rᵢ₋₁, t − start), or Tᵢ once the term has finished (`term` nil).
public struct MotionSumEntry: Equatable, Sendable {
    /// sᵢ, seconds since the sum began.
    public var start: Double
    /// Tᵢ, the cumulative target, value units.
    public var target: [Double]
    /// The entry's animation, `nil` once finished.
    public var term: MotionDescriptorTerm?

    public init(start: Double, target: [Double], term: MotionDescriptorTerm?) {
        self.start = start
        self.target = target
        self.term = term
    }
}

/// A `motion` message: the channels whose motion changed, with their descriptors, as of the frame time `time_ns`.
///
/// `{"type":"motion","seq":N,"time_ns":T,"epoch_ns":E,"channels":[{"channel":"card.offset","kind":"rest","model":[…]}, …]}`;
/// graph seconds are (time_ns − epoch_ns)/1e9. Its binary form is its own (MotionMessage+Binary.swift).
public struct MotionMessage: Sendable {
    /// The sequence number of the frame the descriptors were taken at.
    public var seq: UInt64
    /// That frame's time, CLOCK_MONOTONIC nanoseconds.
    public var timeNanoseconds: UInt64
    /// The CLOCK_MONOTONIC time of graph time 0.
    public var epochNanoseconds: UInt64
    /// (channel name, descriptor) pairs.
    public var channels: [(name: String, descriptor: MotionDescriptor)]

    /// A message of `channels`' descriptors taken at tick `seq`, time `timeNanoseconds`.
    public init(seq: UInt64, timeNanoseconds: UInt64, epochNanoseconds: UInt64,
                channels: [(name: String, descriptor: MotionDescriptor)]) {
        self.seq = seq
        self.timeNanoseconds = timeNanoseconds
        self.epochNanoseconds = epochNanoseconds
        self.channels = channels
    }
}

extension MotionDescriptor {
    /// The largest encoded descriptor of one channel, in bytes; a larger one is sent as ``frames(reason:)``, so that a
    /// long chain of combined animations can never make a message exceed ``ProtocolLimits/maximumMessageBytes``.
    public static let maximumBytes = 65_536

    /// The largest magnitude of any number a client evaluates: with every number within it, no product the
    /// evaluators form overflows (the clients refuse a descriptor beyond it; docs/PROTOCOL.md, "Limits").
    public static let maximumMagnitude = 1e50

    /// How deep sums may nest: a sum inside a sum adds three levels of JSON, and a message may nest 32.
    public static let maximumSumNesting = 8

    /// The descriptor as it goes out: itself, or ``frames(reason:)`` when its encoding is longer than ``maximumBytes``
    /// or it breaks ``keepsLimits``.
    public var bounded: MotionDescriptor {
        if case .frames = self { return self }
        if !keepsLimits { return .frames(reason: Self.beyondLimits) }
        var bytes: [UInt8] = []
        writeUnbounded(channel: "", to: &bytes)
        return bytes.count > Self.maximumBytes ? .frames(reason: Self.tooLong) : self
    }

    static let tooLong = "the motion's description is longer than \(maximumBytes) bytes"
    static let beyondLimits = "the motion's numbers are beyond what a client evaluates (finite, within ±1e50; sums nested at most \(maximumSumNesting) deep)"

    /// Whether every number a client's evaluator uses is finite and within ±``maximumMagnitude``, with the signs the
    /// closed forms have (a timing curve's x within 0…1 and a positive duration, a momentum's decay above 0, its spring's
    /// rates as ``SpringCoefficients`` gives them), and sums nest at most ``maximumSumNesting`` deep: what
    /// libkinetic-client and the Python package check before they evaluate a descriptor.
    public var keepsLimits: Bool {
        switch self {
        case .rest(let model): model.allSatisfy(Self.withinMagnitude)
        case .animation(let model, let interval, let begin, let term):
            (model + interval + [begin]).allSatisfy(Self.withinMagnitude) && term.keepsLimits(nesting: 0)
        case .frames: true
        }
    }

    static func withinMagnitude(_ x: Double) -> Bool { x.isFinite && abs(x) <= maximumMagnitude }

    /// Appends `{"channel":NAME,"kind":…}` for channel `name`: the descriptor, or `frames` when it is longer than
    /// ``maximumBytes`` or breaks ``keepsLimits``. Returns whether what it wrote is `frames` (the descriptor's own, or
    /// the fallback).
    @discardableResult
    public func write(channel name: String, to out: inout [UInt8]) -> Bool {
        if case .frames = written(channel: name, to: &out) { return true }
        return false
    }

    /// ``write(channel:to:)``, returning the descriptor it wrote: itself, or the `frames` it fell back to.
    public func written(channel name: String, to out: inout [UInt8]) -> MotionDescriptor {
        if case .frames = self {
            writeUnbounded(channel: name, to: &out)
            return self
        }
        if !keepsLimits {
            let fallback = MotionDescriptor.frames(reason: Self.beyondLimits)
            fallback.writeUnbounded(channel: name, to: &out)
            return fallback
        }
        let start = out.count
        writeUnbounded(channel: name, to: &out)
        if out.count - start > Self.maximumBytes {
            out.removeSubrange(start...)
            let fallback = MotionDescriptor.frames(reason: Self.tooLong)
            fallback.writeUnbounded(channel: name, to: &out)
            return fallback
        }
        return self
    }

    /// ``write(channel:to:)`` whatever the length.
    func writeUnbounded(channel name: String, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"channel":"#.utf8)
        JSONValue.writeString(name, to: &out)
        switch self {
        case .rest(let model):
            out.append(contentsOf: #","kind":"rest","model":"#.utf8)
            Self.write(model, to: &out)
        case .animation(let model, let interval, let begin, let term):
            out.append(contentsOf: #","kind":"animation","model":"#.utf8)
            Self.write(model, to: &out)
            out.append(contentsOf: #","interval":"#.utf8)
            Self.write(interval, to: &out)
            out.append(contentsOf: #","begin":"#.utf8)
            JSONValue.writeNumber(begin, to: &out)
            out.append(contentsOf: #","term":"#.utf8)
            term.write(to: &out)
        case .frames(let reason):
            out.append(contentsOf: #","kind":"frames","reason":"#.utf8)
            JSONValue.writeString(reason, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    static func write(_ vector: [Double], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, x) in vector.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeNumber(x, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}

extension MotionDescriptorTerm {
    /// ``MotionDescriptor/keepsLimits`` of a term `nesting` sums deep.
    func keepsLimits(nesting: Int) -> Bool {
        let within = MotionDescriptor.withinMagnitude
        switch self {
        case .spring(let stiffness, let damping, let offset, let velocity, let force, let clock):
            return ([stiffness, damping, clock] + offset + velocity + force).allSatisfy(within)
        case .curve(let p1x, let p1y, let p2x, let p2y, let duration):
            return [p1y, p2y, duration].allSatisfy(within) && (0...1).contains(p1x) && (0...1).contains(p2x)
                && duration > 0
        case .momentum(let decay, let travel, let restDistance, let bounce):
            return ([decay, restDistance] + travel).allSatisfy(within) && decay > 0 && restDistance >= 0
                && bounce.keepsLimits
        case .sum(let entries):
            return nesting < MotionDescriptor.maximumSumNesting && entries.allSatisfy { entry in
                within(entry.start) && entry.target.allSatisfy(within)
                    && (entry.term?.keepsLimits(nesting: nesting + 1) ?? true)
            }
        }
    }

    func write(to out: inout [UInt8]) {
        func number(_ key: String, _ x: Double) {
            out.append(contentsOf: ",\"\(key)\":".utf8)
            JSONValue.writeNumber(x, to: &out)
        }
        func vector(_ key: String, _ x: [Double]) {
            out.append(contentsOf: ",\"\(key)\":".utf8)
            MotionDescriptor.write(x, to: &out)
        }
        switch self {
        case .spring(let stiffness, let damping, let offset, let velocity, let force, let clock):
            out.append(contentsOf: #"{"kind":"spring""#.utf8)
            number("stiffness", stiffness)
            number("damping", damping)
            vector("offset", offset)
            vector("velocity", velocity)
            vector("force", force)
            number("clock", clock)
        case .curve(let p1x, let p1y, let p2x, let p2y, let duration):
            out.append(contentsOf: #"{"kind":"curve""#.utf8)
            vector("p1", [p1x, p1y])
            vector("p2", [p2x, p2y])
            number("duration", duration)
        case .momentum(let decay, let travel, let restDistance, let bounce):
            out.append(contentsOf: #"{"kind":"momentum""#.utf8)
            number("decay", decay)
            vector("travel", travel)
            number("rest_distance", restDistance)
            out.append(contentsOf: #","bounce":{"regime":"#.utf8)
            JSONValue.writeString(bounce.regime, to: &out)
            number("omega0", bounce.naturalFrequency)
            number("omega", bounce.omega)
            number("lambda", bounce.lambda)
            number("settling_duration", bounce.settlingDuration)
            out.append(UInt8(ascii: "}"))
        case .sum(let entries):
            out.append(contentsOf: #"{"kind":"sum","entries":["#.utf8)
            for (i, entry) in entries.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: #"{"start":"#.utf8)
                JSONValue.writeNumber(entry.start, to: &out)
                vector("target", entry.target)
                out.append(contentsOf: #","term":"#.utf8)
                if let term = entry.term { term.write(to: &out) } else { out.append(contentsOf: "null".utf8) }
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension MotionMessage {
    /// The JSON lines that carry `channels`: as many as it takes to keep each within
    /// ``ProtocolLimits/maximumMessageBytes`` (one, unless hundreds of channels changed at once). The binary encoding's
    /// form refers to a subscriber's schema (``encodedBinary(generation:seq:timeNanoseconds:epochNanoseconds:entries:)``).
    public func encodedJSON() -> [[UInt8]] {
        Self.encodedJSON(seq: seq, timeNanoseconds: timeNanoseconds, epochNanoseconds: epochNanoseconds,
                         entries: channels.map { channel in
                             var entry: [UInt8] = []
                             channel.descriptor.write(channel: channel.name, to: &entry)
                             return entry
                         })
    }

    /// ``encodedJSON()`` of channel entries already written (``MotionDescriptor/write(channel:to:)``): a server that
    /// sends the same descriptors to many subscribers writes each once.
    public static func encodedJSON(seq: UInt64, timeNanoseconds: UInt64, epochNanoseconds: UInt64, entries: [[UInt8]]) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        var body: [UInt8] = []
        var count = 0
        func head() -> [UInt8] {
            var out: [UInt8] = []
            out.append(contentsOf: #"{"type":"motion","seq":"#.utf8)
            JSONValue.writeDecimal(seq, to: &out)
            out.append(contentsOf: #","time_ns":"#.utf8)
            JSONValue.writeDecimal(timeNanoseconds, to: &out)
            out.append(contentsOf: #","epoch_ns":"#.utf8)
            JSONValue.writeDecimal(epochNanoseconds, to: &out)
            out.append(contentsOf: #","channels":["#.utf8)
            return out
        }
        func flush() {
            guard count > 0 else { return }
            var json = head()
            json.append(contentsOf: body)
            json.append(contentsOf: "]}".utf8)
            messages.append(MessageFraming.frame(json: json, type: .motion, encoding: .jsonLines))
            body = []
            count = 0
        }
        // Room for the head, the framing and the closing brackets.
        let budget = ProtocolLimits.maximumMessageBytes - 256
        for entry in entries {
            if count > 0, body.count + 1 + entry.count > budget { flush() }
            if count > 0 { body.append(UInt8(ascii: ",")) }
            body.append(contentsOf: entry)
            count += 1
        }
        flush()
        return messages
    }
}
