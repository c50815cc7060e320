// SPDX-License-Identifier: Apache-2.0
/// Each operation on the wire, in one place: its `"op"` name, how its command is read (one function per operation)
/// and how a client writes it. protocol/kinetic.json describes the same operations; ProtocolDescriptionTests holds
/// this file to it. Adding an operation: describe it there, add its case to ``Command/Operation``, its entry and its
/// fields here, and its handler in the server (ARCHITECTURE.md, "Checklists").
extension Command.Operation {
    /// The `"op"` names and their readers, in the order an error lists them. Two readers share `animate` (a channel,
    /// or `changes`) and `remove` (a channel, or an `element`): each tells the two forms apart.
    static let readers: [(op: String, read: @Sendable (JSONObject) throws(ProtocolError) -> Command.Operation)] = [
        ("animate", readAnimate), ("set", readSet), ("define", readDefine), ("remove", readRemove),
        ("insert", readInsert), ("zoom", readZoom), ("effect", readEffect), ("frame_clock", readFrameClock),
        ("list", { _ throws(ProtocolError) in .list }), ("status", { _ throws(ProtocolError) in .status }),
        ("reduce_motion", readReduceMotion), ("reload", { _ throws(ProtocolError) in .reload }),
    ]

    /// The operations' names as an error lists them: "animate, set, … or reload".
    static let names: String = {
        let ops = readers.map(\.op)
        return ops.dropLast().joined(separator: ", ") + " or " + (ops.last ?? "")
    }()

    /// The `"op"` string.
    public var name: String {
        switch self {
        case .animate, .animateChanges: "animate"
        case .set: "set"
        case .define: "define"
        case .remove, .removeElement: "remove"
        case .list: "list"
        case .status: "status"
        case .reduceMotion: "reduce_motion"
        case .reload: "reload"
        case .insert: "insert"
        case .zoom: "zoom"
        case .effect: "effect"
        case .frameClock: "frame_clock"
        }
    }

    /// Reads a command's operation: its `"op"`, then that operation's fields.
    init(json: JSONObject) throws(ProtocolError) {
        guard let op = json["op"]?.stringValue else {
            throw ProtocolError(.badMessage, "a command needs \"op\": \(Self.names)")
        }
        guard let reader = Self.readers.first(where: { $0.op == op }) else {
            throw ProtocolError(.unknownOperation, "unknown op \"\(op)\"; use \(Self.names)")
        }
        self = try reader.read(json)
    }

    static func readAnimate(_ json: JSONObject) throws(ProtocolError) -> Command.Operation {
        let animation = try json.string("animation", required: false)
        var completion: CompletionCriterion?
        if let name = try json.string("completion", required: false) {
            guard let criterion = CompletionCriterion(rawValue: name) else {
                throw ProtocolError(.badMessage, "\"completion\" must be \"logicallyComplete\" or \"removed\", got \"\(name)\"")
            }
            completion = criterion
        }
        guard let changes = json["changes"] else {
            return .animate(channel: try json.channelName(), to: try json.vector("to"), animation: animation, completion: completion)
        }
        guard json["channel"] == nil, json["to"] == nil else {
            throw ProtocolError(.badMessage, "animate takes either \"channel\" and \"to\" or \"changes\", not both")
        }
        return .animateChanges(try Self.changes(changes), animation: animation, completion: completion)
    }

    static func readSet(_ json: JSONObject) throws(ProtocolError) -> Command.Operation {
        .set(channel: try json.channelName(), to: try json.vector("to"))
    }

    static func readDefine(_ json: JSONObject) throws(ProtocolError) -> Command.Operation {
        let channel = try json.channelName()
        let dimension = try json.integer("dimension", in: 1...Command.maximumDimension, required: true) ?? 1
        var initial: [Double]?
        if json["initial"] != nil {
            let vector = try json.vector("initial")
            guard vector.count == dimension else {
                throw ProtocolError(.dimensionMismatch, "\"initial\" has \(vector.count) components but \"dimension\" is \(dimension)")
            }
            initial = vector
        }
        return .define(channel: channel, dimension: dimension, initial: initial)
    }

    static func readRemove(_ json: JSONObject) throws(ProtocolError) -> Command.Operation {
        guard json["element"] != nil else { return .remove(channel: try json.channelName()) }
        return .removeElement(element: try json.elementName(), transition: try json.string("transition", required: false),
                              animation: try json.string("animation", required: false))
    }

    static func readInsert(_ json: JSONObject) throws(ProtocolError) -> Command.Operation {
        .insert(element: try json.elementName(), transition: try json.string("transition", required: false),
                animation: try json.string("animation", required: false))
    }

    static func readZoom(_ json: JSONObject) throws(ProtocolError) -> Command.Operation {
        .zoom(element: try json.elementName(), try ZoomRequest(json: json))
    }

    static func readEffect(_ json: JSONObject) throws(ProtocolError) -> Command.Operation {
        .effect(element: try json.elementName(), try EffectRequest(json: json))
    }

    static func readFrameClock(_ json: JSONObject) throws(ProtocolError) -> Command.Operation {
        // Integers of nanoseconds, exact as JSON numbers up to 2^53 (104 days of CLOCK_MONOTONIC).
        let exact = 1 << 53
        let refresh = try json.integer("refresh_ns", in: 0...1_000_000_000, required: true) ?? 0
        guard refresh == 0 || refresh >= 1_000_000 else {
            throw ProtocolError(.badMessage, "\"refresh_ns\" is the refresh interval, 1000000 to 1000000000 (1000 Hz to 1 Hz), or 0 to unlock; got \(refresh)")
        }
        let vblank = try json.integer("last_vblank_ns", in: 0...exact, required: refresh != 0) ?? 0
        if refresh == 0, let lead = json["lead_ns"], lead != .null {
            throw ProtocolError(.badMessage, "\"lead_ns\" goes with a \"refresh_ns\" above 0; \"refresh_ns\": 0 unlocks the clock and takes no lead (got \"lead_ns\": \(lead.excerpt))")
        }
        let lead = try json.integer("lead_ns", in: 0...max(0, refresh), required: false)
        return .frameClock(refreshNanoseconds: UInt64(refresh), lastVblankNanoseconds: UInt64(vblank),
                           leadNanoseconds: lead.map { UInt64($0) })
    }

    static func readReduceMotion(_ json: JSONObject) throws(ProtocolError) -> Command.Operation {
        guard let enabled = json["enabled"]?.boolValue else {
            throw ProtocolError(.badMessage, "reduce_motion needs \"enabled\": true or false")
        }
        var scope = ReduceMotionScope.daemon
        if let value = json["scope"] {
            guard let text = value.stringValue, let named = ReduceMotionScope(rawValue: text) else {
                throw ProtocolError(.badMessage, "\"scope\" is \(value.excerpt); use \"daemon\" (the default) or \"connection\"")
            }
            scope = named
        }
        return .reduceMotion(enabled: enabled, scope: scope)
    }

    /// The operation's fields as a client writes them (after `type`, `id` and `op`).
    var fields: JSONObject {
        var object: JSONObject = [:]
        switch self {
        case .animate(let channel, let to, let animation, let completion):
            object["channel"] = .string(channel)
            object["to"] = .vector(to)
            if let animation { object["animation"] = .string(animation) }
            if let completion { object["completion"] = .string(completion.rawValue) }
        case .animateChanges(let changes, let animation, let completion):
            var values: JSONObject = [:]
            for change in changes { values[change.channel] = .vector(change.to) }
            object["changes"] = .object(values)
            if let animation { object["animation"] = .string(animation) }
            if let completion { object["completion"] = .string(completion.rawValue) }
        case .set(let channel, let to):
            object["channel"] = .string(channel)
            object["to"] = .vector(to)
        case .define(let channel, let dimension, let initial):
            object["channel"] = .string(channel)
            object["dimension"] = .number(Double(dimension))
            if let initial { object["initial"] = .vector(initial) }
        case .remove(let channel):
            object["channel"] = .string(channel)
        case .list, .status, .reload:
            break
        case .reduceMotion(let enabled, let scope):
            object["enabled"] = .bool(enabled)
            if scope != .daemon { object["scope"] = .string(scope.rawValue) }
        case .insert(let element, let transition, let animation), .removeElement(let element, let transition, let animation):
            object["element"] = .string(element)
            if let transition { object["transition"] = .string(transition) }
            if let animation { object["animation"] = .string(animation) }
        case .zoom(let element, let request):
            object["element"] = .string(element)
            object["action"] = .string(request.action.rawValue)
            let vectors = [("source", request.source), ("destination", request.destination),
                           ("corner_radius", request.cornerRadius), ("translation", request.translation),
                           ("velocity", request.velocity)]
            for case let (key, vector?) in vectors { object[key] = .array(vector.map { .number($0) }) }
            if let animation = request.animation { object["animation"] = .string(animation) }
        case .frameClock(let refresh, let vblank, let lead):
            object["refresh_ns"] = .number(Double(refresh))
            object["last_vblank_ns"] = .number(Double(vblank))
            if let lead { object["lead_ns"] = .number(Double(lead)) }
        case .effect(let element, let request):
            object["element"] = .string(element)
            object["effect"] = .string(request.effect)
            if let options = request.options { object["options"] = .string(options) }
            switch request.mode {
            case .trigger: object["trigger"] = .bool(true)
            case .active(let on): object["active"] = .bool(on)
            }
        }
        return object
    }
}
