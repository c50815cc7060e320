extension ClientMessage {
    /// The JSON object of the message, as a client writes it.
    public var json: JSONObject {
        switch self {
        case .hello(let hello):
            var object: JSONObject = ["type": "hello", "protocol": .number(Double(hello.major))]
            if hello.minor != 0 { object["minor"] = .number(Double(hello.minor)) }
            object["client"] = .string(hello.client)
            return object
        case .subscribe(let subscription):
            var object: JSONObject = ["type": "subscribe", "channels": .array(subscription.patterns.map { .string($0) })]
            if let rate = subscription.rateHz { object["rate_hz"] = .number(rate) }
            if subscription.motion { object["motion"] = .bool(true) }
            return object
        case .command(let command):
            var object: JSONObject = ["type": "command", "id": command.id, "op": .string(command.operation.name)]
            switch command.operation {
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

    /// The message's bytes in `encoding` (a client library's encoder; the server only decodes these).
    public func encoded(_ encoding: WireEncoding) -> [UInt8] {
        switch self {
        case .hello(let hello):
            MessageFraming.encode(json, type: .hello, hello: HelloPrefix(major: hello.major, minor: hello.minor),
                                  encoding: encoding)
        case .subscribe: MessageFraming.encode(json, type: .subscribe, encoding: encoding)
        case .command: MessageFraming.encode(json, type: .command, encoding: encoding)
        }
    }
}
