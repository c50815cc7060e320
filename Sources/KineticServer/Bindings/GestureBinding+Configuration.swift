import KineticInput

extension GestureBinding {
    /// The binding a configuration entry describes (`bindings:` in kineticd.yaml, parsed by
    /// ``DaemonConfiguration``), with the value each gesture's description there promises:
    ///
    /// | gesture | channel value | follow |
    /// |---|---|---|
    /// | `drag`, `value: translation` (default) | its value when the drag began + the translation (mm) | relative |
    /// | `drag`, `value: location` | the primary touch's or the dragged pointer's position (mm) | absolute |
    /// | `pinch` | the magnification, from 1; a later pinch scales the current value | relative |
    /// | `scroll` | the two fingers' accumulated translation (mm) | relative |
    /// | `touches`, `count: N` (default 10) | per touch, `CHANNEL.0` … `CHANNEL.(N−1)`: as `drag` with `value` | as `drag` |
    ///
    /// `button` picks the pointer button of a drag (touches always qualify); `release.target: snap`
    /// is ``ReleaseTarget/project(snapPoints:)`` with `UIScrollView.DecelerationRate.normal`;
    /// `bounds` and `rubber_band` carry over. Options the file does not have (axes, scale, initial,
    /// deceleration rate) take the defaults of ``init(channel:device:gesture:follow:axes:scale:initial:bounds:rubberBand:animation:release:)``.
    public init(_ configuration: BindingConfiguration) {
        let gesture: BindingGesture
        let follow: FollowMode
        switch configuration.gesture {
        case .drag:
            gesture = .drag(button: Self.buttonCodes[configuration.button])
            follow = configuration.value == .location ? .absolute : .relative
        case .pinch:
            gesture = .pinch
            follow = .relative
        case .scroll:
            gesture = .scroll
            follow = .relative
        case .touches:
            gesture = .touches(count: configuration.touchCount)
            follow = configuration.value == .location ? .absolute : .relative
        }
        let target: ReleaseTarget
        switch configuration.release {
        case .stay: target = .stay
        case .origin: target = .origin
        case .snap(let points): target = .project(snapPoints: points)
        }
        self.init(channel: configuration.channel, device: configuration.match, gesture: gesture, follow: follow,
                  bounds: configuration.bounds.map { ChannelBounds(lower: $0.min, upper: $0.max) },
                  rubberBand: RubberBand(constant: configuration.rubberBand), animation: configuration.animation,
                  release: Release(animation: configuration.releaseAnimation, target: target))
    }

    /// Per-touch channels a ``BindingGesture/touches(count:)`` binding defines unless the
    /// configuration says `count:`: ten, the most contacts common touchscreens report.
    public static let touchChannelCount = 10

    /// evdev codes of the configuration's button names (`BTN_LEFT` 0x110, `BTN_RIGHT`, `BTN_MIDDLE`).
    static let buttonCodes: [String: UInt16] = ["left": 0x110, "right": 0x111, "middle": 0x112]
}
