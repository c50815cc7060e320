// SPDX-License-Identifier: Apache-2.0
import KineticBindings

/// What a plotted channel's numbers mean, for axis titles and labels: the unit of its values and the names of its
/// components, from the configuration that bound it or, for an element's channel, from the element's kind.
public struct PlotUnits: Equatable, Sendable {
    /// The values' unit, as an axis says it (`mm`, `px`, `°`, `×`); velocities are this per second.
    public var unit: String
    /// The components' names (`x`, `y`; `x`, `y`, `width`, `height`), empty for a 1-component channel.
    public var components: [String]

    public init(unit: String, components: [String] = []) {
        self.unit = unit
        self.components = components
    }

    /// The names of a channel's components by its dimension: a point, or a rectangle.
    public static func componentNames(dimension: Int) -> [String] {
        switch dimension {
        case 2: ["x", "y"]
        case 4: ["x", "y", "width", "height"]
        default: []
        }
    }

    /// The units of every channel `configuration` binds: millimetres for the planar gestures (pixels where a mapping
    /// applies, times the binding's scale when it has one), degrees or radians for rotation, a factor for pinch.
    public static func units(of configuration: DaemonConfiguration) -> [String: PlotUnits] {
        var units: [String: PlotUnits] = [:]
        for binding in configuration.bindings {
            let unit: String
            switch binding.gesture {
            case .pinch: unit = "×"
            case .rotate(let angle): unit = angle == .degrees ? "°" : "rad"
            case .drag, .touches, .scroll, .swipe, .pointer:
                let length = configuration.mappings.isEmpty ? "mm" : "px (mm without a mapping)"
                unit = binding.scale == 1 ? length : "\(binding.scale.formattedForMessage) units per \(length)"
            }
            for name in binding.channelNames {
                units[name] = PlotUnits(unit: unit, components: componentNames(dimension: binding.dimension))
            }
        }
        return units
    }

    /// The units of an element's channel from its name's suffix (docs/PROTOCOL.md, "Elements"): a symbol effect's
    /// lengths are symbol heights, a transition's offsets points.
    public static func elementChannel(_ suffix: String, dimension: Int, isEffect: Bool) -> PlotUnits {
        let names = componentNames(dimension: dimension)
        switch suffix {
        case "scale": return PlotUnits(unit: "×", components: names)
        case "offset": return PlotUnits(unit: isEffect ? "symbol heights" : "pt", components: names)
        case "relative_offset": return PlotUnits(unit: "element sizes", components: names)
        case "rotation": return PlotUnits(unit: "°", components: names)
        case "opacity", "variable_color": return PlotUnits(unit: "fraction", components: names)
        case "blur", "corner_radius", "frame": return PlotUnits(unit: "pt", components: names)
        default: return PlotUnits(unit: "units", components: names)
        }
    }
}
