// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Kinetic
import KineticProtocol
import KineticBindings

// Elements: transitions, zoom transitions and symbol effects as groups of channels (docs/PROTOCOL.md, "Elements").
extension GraphChannelEngine {

    /// Inserts, removes, zooms or plays an effect on element `name` (docs/PROTOCOL.md, "Elements"), creating its
    /// channels the first time. The reply's fields: `channels` (the element's channel names); for `insert`, the
    /// transition's `scale_anchor` and `rotation_anchor` (unit points); for a zoom `release`, `dismissed`.
    public func element(_ name: String, _ request: ElementRequest, owner: ChannelOwner,
                        at time: UInt64) throws(ChannelEngineError) -> (fields: JSONObject, events: [EngineEvent]) {
        advanceGraph(to: time)
        let existing = elements[name]
        var fields: JSONObject = [:]
        switch (request, existing) {
        case (.insert(let transition, let animation), nil), (.insert(let transition, let animation), .presence?):
            fields = try insert(name, request, transition: transition, animation: animation, owner: owner)
        case (.remove(let transition, let animation, let token), .presence(let presence)?):
            try remove(name, presence, transition: transition, animation: animation, completion: token)
        case (.remove, nil):
            throw ChannelEngineError(.unknownChannel, "no element named \"\(name)\"\(NearestName.suggestion(for: name, in: elements.keys.sorted())); insert it first")
        case (.zoom(let zoomRequest, let animation), nil), (.zoom(let zoomRequest, let animation), .zoom?):
            fields = try zoom(name, request, zoomRequest, animation: animation, owner: owner)
        case (.effect(let expression, let mode), nil), (.effect(let expression, let mode), .effect?):
            try effect(name, request, expression, mode, owner: owner)
        case (_, let other?):
            throw ChannelEngineError(.wrongKind, "\"\(name)\" is \(Self.kind(of: other)); \(Self.kind(of: request)) does not apply to it; use \(Self.commands(for: other)) on it, or another element name")
        }
        // Every element command changes its channels' motion (a transition's channels are described in closed form).
        for i in entries.indices where entries[i].descriptor.element == name { entries[i].motionVersion += 1 }
        fields["channels"] = .array(request.channels.map { .string(name + "." + $0.suffix) })
        return (fields, takeEvents())
    }

    /// `insert`: the element's presence, created the first time, animated to identity; the transition's anchors.
    private func insert(_ name: String, _ request: ElementRequest, transition transitionExpression: TransitionExpression?,
                        animation animationExpression: AnimationExpression?, owner: ChannelOwner) throws(ChannelEngineError) -> JSONObject {
        let transition = try resolve(transitionExpression)
        let animation = try resolve(animationExpression)
        let presence: TransitionPresence
        if case .presence(let present)? = elements[name] {
            presence = present
        } else {
            try checkNames(name, request)
            presence = TransitionPresence(graph: graph, transition: transition)
            add(.presence(presence), name, request, owner: owner)
        }
        withAnimation(animation) { presence.insert(transition) }
        let effect = presence.effect
        return ["scale_anchor": .array([.number(Double(effect.scaleAnchor.x)), .number(Double(effect.scaleAnchor.y))]),
                "rotation_anchor": .array([.number(Double(effect.rotationAnchor.x)), .number(Double(effect.rotationAnchor.y))])]
    }

    /// `remove` of an element: through its transition; `animation.removed` and the channels' end when it is over.
    private func remove(_ name: String, _ presence: TransitionPresence, transition transitionExpression: TransitionExpression?,
                        animation animationExpression: AnimationExpression?, completion token: CompletionToken) throws(ChannelEngineError) {
        let transition = try transitionExpression.map { (expression) throws(ChannelEngineError) in try resolve(expression) }
        let animation = try resolve(animationExpression)
        withAnimation(animation) {
            presence.remove(transition) { [weak self, weak presence] in
                guard let self, let presence, case .presence(let current)? = self.elements[name], current === presence else { return }
                self.pending.append(.elementRemoved(token, element: name))
                self.endedRemovals.append(name)
            }
        }
    }

    /// `zoom`: created (in its source) the first time; present, dismiss, or a dismissal's drag and release (whose
    /// reply says `dismissed`).
    private func zoom(_ name: String, _ request: ElementRequest, _ zoomRequest: ZoomRequest, animation animationExpression: AnimationExpression?,
                      owner: ChannelOwner) throws(ChannelEngineError) -> JSONObject {
        var existing: ZoomTransition?
        if case .zoom(let existingZoom)? = elements[name] { existing = existingZoom }
        if zoomRequest.action == .drag || zoomRequest.action == .release, existing.map({ $0.state == .dismissed }) ?? true {
            throw ChannelEngineError(.wrongKind, "zoom \"\(name)\" is not presented; a dismissal drag needs it presented")
        }
        if existing == nil, zoomRequest.source == nil || zoomRequest.destination == nil {
            throw ChannelEngineError(.badValue, "the first zoom of \"\(name)\" needs \"source\" and \"destination\"")
        }
        if existing == nil { try checkNames(name, request) }
        let zoom = existing ?? ZoomTransition(graph: graph, source: .zero, destination: .zero)
        let animation = try resolve(animationExpression)
        if let source = zoomRequest.source { zoom.source = try rect(source, "source") }
        if let destination = zoomRequest.destination { zoom.destination = try rect(destination, "destination") }
        if let radii = zoomRequest.cornerRadius {
            guard radii.allSatisfy({ $0 >= 0 }) else { throw ChannelEngineError(.badValue, "\"corner_radius\" must be 0 or more") }
            zoom.sourceCornerRadius = radii[0]
            zoom.destinationCornerRadius = radii[1]
        }
        if existing == nil {
            // A new zoom starts in its source.
            withTransaction(\.disablesAnimations, true) { zoom.dismiss() }
            add(.zoom(zoom), name, request, owner: owner)
        }
        let translation = zoomRequest.translation.map { CGSize(width: $0[0], height: $0[1]) } ?? .zero
        switch zoomRequest.action {
        case .present: withAnimation(animation) { zoom.present() }
        case .dismiss: withAnimation(animation) { zoom.dismiss() }
        case .drag: zoom.updateDismissal(translation: translation)
        case .release:
            let velocity = zoomRequest.velocity.map { CGSize(width: $0[0], height: $0[1]) } ?? .zero
            return ["dismissed": .bool(zoom.endDismissal(translation: translation, velocity: velocity))]
        }
        return [:]
    }

    /// `effect`: its state, created the first time (the channels read it, so it stays), triggered or turned on or off.
    private func effect(_ name: String, _ request: ElementRequest, _ expression: SymbolEffectExpression, _ mode: EffectRequest.Mode,
                        owner: ChannelOwner) throws(ChannelEngineError) {
        if case .trigger = mode, !expression.isDiscrete {
            throw ChannelEngineError(.wrongKind, "\(expression.description) runs while active; send \"active\": true or false")
        }
        let state: EffectState
        if case .effect(let existingState)? = elements[name] {
            state = existingState
            state.play(expression)
        } else {
            try checkNames(name, request)
            state = EffectState(expression.player, expressionText: expression.description)
            add(.effect(state), name, request, owner: owner)
        }
        let time = graph.time
        switch mode {
        case .trigger: state.update { $0.trigger(at: time) }
        case .active(let on): state.update { $0.setActive(on, at: time) }
        }
    }

    static func kind(of element: Element) -> String {
        switch element {
        case .presence: "an inserted element"
        case .zoom: "a zoom"
        case .effect: "a symbol effect"
        }
    }

    static func kind(of request: ElementRequest) -> String {
        switch request {
        case .insert: "an insert command"
        case .remove: "a remove command"
        case .zoom: "a zoom command"
        case .effect: "an effect command"
        }
    }

    /// The commands that do apply to an element of `element`'s kind.
    static func commands(for element: Element) -> String {
        switch element {
        case .presence: "insert and remove"
        case .zoom: "zoom"
        case .effect: "effect"
        }
    }

    func rect(_ components: [Double], _ field: String) throws(ChannelEngineError) -> CGRect {
        guard components[2] >= 0, components[3] >= 0 else {
            throw ChannelEngineError(.badValue, "\"\(field)\" has a negative width or height: \(components)")
        }
        return CGRect(x: components[0], y: components[1], width: components[2], height: components[3])
    }

    /// Refuses an element whose channel names are taken.
    func checkNames(_ name: String, _ request: ElementRequest) throws(ChannelEngineError) {
        for channel in request.channels where entries.contains(where: { $0.descriptor.name == name + "." + channel.suffix }) {
            throw ChannelEngineError(.channelExists, "a channel named \"\(name).\(channel.suffix)\" exists already")
        }
    }

    /// Registers an element and its channels, reading the element's attributes.
    func add(_ element: Element, _ name: String, _ request: ElementRequest, owner: ChannelOwner) {
        elements[name] = element
        for channel in request.channels {
            let source = self.source(of: channel.value, in: element)
            let suffix = channel.suffix, dimension = channel.dimension
            let value = source.value
            names.insert(name + "." + suffix)
            entries.append(Entry(descriptor: ChannelDescriptor(name: name + "." + suffix, dimension: dimension, owner: owner,
                                                               element: name, serial: takeSerial()),
                                 source: source, lastPresentation: value, lastTime: graph.time))
        }
        tableVersion += 1
    }

    /// Where `value` of `element` is read: its attribute's presentation value and velocity, in the channel's units.
    func source(of value: ElementChannel.Value, in element: Element) -> Source {
        let graph = self.graph
        switch (element, value) {
        case (.presence(let p), .opacity): return Self.source(p.opacity) { [$0] }
        case (.presence(let p), .scale): return Self.source(p.scale, Self.numbers)
        case (.presence(let p), .offset): return Self.source(p.offset, Self.numbers)
        case (.presence(let p), .relativeOffset): return Self.source(p.relativeOffset, Self.numbers)
        case (.presence(let p), .rotation): return Self.source(p.rotation) { [Angle(radians: $0).degrees] }
        case (.presence(let p), .blur): return Self.source(p.blurRadius) { [$0] }
        case (.zoom(let zoom), .frame):
            return .element(read: { Self.numbers(zoom.frame.presentationData) }, velocity: { zoom.frame.velocity.map(Self.numbers) },
                            motion: nil)
        case (.zoom(let zoom), .cornerRadius):
            return .element(read: { [zoom.cornerRadius.presentationValue] }, velocity: { zoom.cornerRadius.velocity.map { [$0] } },
                            motion: nil)
        case (.effect(let state), _):
            // SymbolEffectValues.components: scale, offset (x, y), rotation (degrees), opacity, variable colour.
            let range: Range<Int>
            switch value {
            case .effectScale: range = 0..<1
            case .effectOffset: range = 1..<3
            case .effectRotation: range = 3..<4
            case .effectOpacity: range = 4..<5
            case .variableColor: range = 5..<6
            default: preconditionFailure("ElementChannel's table gives \(value) to a symbol effect")
            }
            return .element(read: { Array(state.sample(at: graph.time).values[range]) },
                            velocity: { Array(state.sample(at: graph.time).velocities[range]) }, motion: nil)
        default:
            preconditionFailure("ElementChannel's table gives \(value) to an element that has no such value")
        }
    }

    /// A transition's channel: `attribute`'s presentation value, velocity and motion, its data read as the channel's
    /// numbers by `numbers` (linear: units, components).
    static func source<Value: Animatable>(_ attribute: AnimatableAttribute<Value>,
                                          _ numbers: @escaping (Value.AnimatableData) -> [Double]) -> Source {
        .element(read: { numbers(attribute.presentationData) }, velocity: { attribute.velocity.map(numbers) },
                 motion: { ElementMotion(attribute, numbers) })
    }

    static func numbers(_ pair: AnimatablePair<CGFloat, CGFloat>) -> [Double] {
        [Double(pair.first), Double(pair.second)]
    }

    static func numbers(_ rect: CGRect.AnimatableData) -> [Double] {
        numbers(rect.first) + numbers(rect.second)
    }

    func resolve(_ expression: TransitionExpression?) throws(ChannelEngineError) -> AnyTransition {
        guard let expression else { return .opacity }
        do {
            return try expression.transition(reduceMotion: reduceMotion)
        } catch {
            throw ChannelEngineError(.badAnimation, error.message(field: "transition"))
        }
    }
}
