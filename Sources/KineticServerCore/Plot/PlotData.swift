// SPDX-License-Identifier: Apache-2.0
import KineticProtocol
import KineticBindings
/// What `plot` draws: per channel component, its value and velocity at every frame, and the input
/// samples (where the finger was, in channel units) at their own timestamps.
public struct PlotData: Equatable, Sendable {
    /// One curve: a channel component's value and velocity over time.
    public struct Series: Equatable, Sendable {
        /// `touch.position[0]`, or the channel name for a 1-component channel.
        public var label: String
        /// The channel's name (`touch.position`).
        public var channel: String
        /// Frame times, seconds from the first frame.
        public var times: [Double]
        /// The unit of the values (``PlotUnits``); velocities are this per second.
        public var unit = "units"
        /// Presentation value at each frame (channel units).
        public var values: [Double]
        /// Presentation velocity at each frame (channel units per second).
        public var velocities: [Double]
        /// Input sample times, seconds from the first frame.
        public var inputTimes: [Double] = []
        /// The gesture's value at each input sample (channel units).
        public var inputValues: [Double] = []
        /// The gesture's velocity at each input sample (channel units per second).
        public var inputVelocities: [Double] = []
        /// The same input without pointer acceleration (`plot --unaccelerated`): times and values, channel units.
        public var unacceleratedInputTimes: [Double] = []
        /// The unaccelerated input's values.
        public var unacceleratedInputValues: [Double] = []
        /// The unaccelerated input's velocities.
        public var unacceleratedInputVelocities: [Double] = []
        /// When a gesture ended or was cancelled (seconds from the first frame), and the release target.
        public var releases: [(time: Double, target: Double)] = []

        /// A series of `channel` (default: `label`) with frame samples and no input samples yet.
        public init(label: String, channel: String? = nil, times: [Double] = [], values: [Double] = [],
                    velocities: [Double] = []) {
            self.label = label
            self.channel = channel ?? label
            self.times = times
            self.values = values
            self.velocities = velocities
        }

        /// Equal when every sample and release is.
        public static func == (lhs: Series, rhs: Series) -> Bool {
            lhs.label == rhs.label && lhs.channel == rhs.channel && lhs.unit == rhs.unit && lhs.times == rhs.times && lhs.values == rhs.values
                && lhs.velocities == rhs.velocities && lhs.inputTimes == rhs.inputTimes
                && lhs.inputValues == rhs.inputValues && lhs.inputVelocities == rhs.inputVelocities
                && lhs.unacceleratedInputTimes == rhs.unacceleratedInputTimes
                && lhs.unacceleratedInputValues == rhs.unacceleratedInputValues
                && lhs.unacceleratedInputVelocities == rhs.unacceleratedInputVelocities
                && lhs.releases.elementsEqual(rhs.releases) { $0.time == $1.time && $0.target == $1.target }
        }
    }

    /// The curves, channel by channel, component by component.
    public var series: [Series]
    /// What the plot shows, for its title.
    public var title: String

    /// A plot of `series` titled `title`.
    public init(series: [Series], title: String) {
        self.series = series
        self.title = title
    }
}

extension PlotData {
    /// The plot of frames a subscriber received: every channel's components in `layout` order (else in name
    /// order), with `inputs` — the binding events of a replay, whose times plus `inputOffset` are on the frames'
    /// clock — overlaid on their channels as input samples and releases.
    public init(frames: [ReceivedFrame], layout: Schema?, inputs: [BindingEvent] = [], inputOffset: Int64 = 0,
                title: String, units: [String: PlotUnits] = [:]) {
        var channels: [(name: String, dimension: Int)] = layout?.channels.map { ($0.name, $0.dimension) } ?? []
        if layout == nil {
            var seen: [String: Int] = [:]
            for frame in frames {
                for (name, sample) in frame.samples { seen[name] = max(seen[name] ?? 0, sample.value.count) }
            }
            channels = seen.keys.sorted().map { ($0, seen[$0] ?? 0) }
        }
        let start = Double(frames.first?.timeNanoseconds ?? 0)
        var series: [Series] = []
        var first: [String: Int] = [:]
        for channel in channels {
            first[channel.name] = series.count
            let meaning = units[channel.name]
            let names = meaning?.components.count == channel.dimension ? meaning!.components
                : PlotUnits.componentNames(dimension: channel.dimension)
            for component in 0..<channel.dimension {
                let label = channel.dimension == 1 ? channel.name
                    : channel.name + " " + (component < names.count ? names[component] : "[\(component)]")
                var entry = Series(label: label, channel: channel.name)
                entry.unit = meaning?.unit ?? "units"
                series.append(entry)
            }
        }
        for frame in frames {
            let t = (Double(frame.timeNanoseconds) - start) / 1e9
            for channel in channels {
                guard let base = first[channel.name] else { continue }
                let sample = frame.sample(of: channel.name, layout: layout)
                for component in 0..<channel.dimension {
                    let value = sample?.value, velocity = sample?.velocity
                    series[base + component].times.append(t)
                    series[base + component].values.append(component < value?.count ?? 0 ? value![component] : 0)
                    series[base + component].velocities.append(component < velocity?.count ?? 0 ? velocity![component] : 0)
                }
            }
        }
        for event in inputs {
            guard let base = first[event.channel] else { continue }
            let te = (Double(Int64(event.time) &+ inputOffset) - start) / 1e9
            for component in event.input.indices where base + component < series.count {
                series[base + component].inputTimes.append(te)
                series[base + component].inputValues.append(event.input[component])
                series[base + component].inputVelocities.append(
                    component < event.inputVelocity.count ? event.inputVelocity[component] : 0)
                if event.phase == .ended || event.phase == .cancelled, component < event.target.count {
                    series[base + component].releases.append((te, event.target[component]))
                }
            }
        }
        self.init(series: series, title: title)
    }

    /// The plot of `schedule` replayed offline through `configuration` (``OfflineReplay``): what a subscriber of
    /// every channel receives, with the bindings' input samples overlaid. `unaccelerated`: the input samples of the
    /// same replay with every binding's pointer acceleration `none` are overlaid too (a mouse's counts beside the
    /// accelerated path its bindings follow).
    public static func replay(_ schedule: ReplaySchedule, configuration: DaemonConfiguration, title: String,
                              unaccelerated: Bool = false) throws(ConfigurationError) -> PlotData {
        let output = try OfflineReplay.replay(schedule: schedule, configuration: configuration, bindingEvents: true)
        let (frames, layout) = output.received()
        var data = PlotData(frames: frames, layout: layout, inputs: output.bindingEvents, inputOffset: output.offset,
                            title: title, units: PlotUnits.units(of: configuration))
        guard unaccelerated else { return data }
        var raw = configuration
        raw.bindings = raw.bindings.map { var binding = $0; binding.acceleration = .none; return binding }
        let rawOutput = try OfflineReplay.replay(schedule: schedule, configuration: raw, bindingEvents: true)
        let (rawFrames, rawLayout) = rawOutput.received()
        let rawData = PlotData(frames: rawFrames, layout: rawLayout, inputs: rawOutput.bindingEvents,
                               inputOffset: rawOutput.offset, title: title, units: PlotUnits.units(of: raw))
        for index in data.series.indices {
            guard let match = rawData.series.first(where: { $0.label == data.series[index].label }) else { continue }
            data.series[index].unacceleratedInputTimes = match.inputTimes
            data.series[index].unacceleratedInputValues = match.inputValues
            data.series[index].unacceleratedInputVelocities = match.inputVelocities
        }
        return data
    }
}
