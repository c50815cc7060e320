// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// What a symbol effect does to a symbol at one moment, headless: the numbers a renderer applies to the symbol
/// instead of SwiftUI drawing it (docs/ANIMATION.md §12).
///
/// Lengths are in multiples of the symbol's height (so they hold at any point size); y grows downward, as in
/// SwiftUI; rotation is clockwise-positive about the symbol's centre, as SwiftUI's `rotationEffect`.
public struct SymbolEffectValues: Hashable, Sendable {
    /// The symbol's scale about its centre (1 at rest).
    public var scale: Double
    /// The symbol's move, in symbol heights (0 at rest).
    public var offset: CGSize
    /// The symbol's rotation (0 at rest).
    public var rotation: Angle
    /// The symbol's opacity factor (1 at rest).
    public var opacity: Double
    /// How far a variable-colour pass has come through the symbol's layers, 0 (none lit) to 1 (all lit); 0 at rest.
    public var variableColor: Double

    /// The values: at rest by default.
    public init(scale: Double = 1, offset: CGSize = .zero, rotation: Angle = .zero, opacity: Double = 1,
                variableColor: Double = 0) {
        self.scale = scale
        self.offset = offset
        self.rotation = rotation
        self.opacity = opacity
        self.variableColor = variableColor
    }

    /// A symbol no effect touches.
    public static let rest = SymbolEffectValues()

    /// The six numbers in `Component` order: scale, offset x, offset y, rotation in degrees, opacity,
    /// variable colour. The daemon publishes them as channels.
    public var components: [Double] {
        [scale, Double(offset.width), Double(offset.height), rotation.degrees, opacity, variableColor]
    }

    /// The values with `components` in ``Component`` order.
    init(components c: [Double]) {
        self.init(scale: c[0], offset: CGSize(width: c[1], height: c[2]), rotation: .degrees(c[3]), opacity: c[4],
                  variableColor: c[5])
    }

    /// The animated numbers, in the order of ``components``.
    enum Component: Int, CaseIterable {
        case scale, offsetX, offsetY, rotation, opacity, variableColor
    }
}
