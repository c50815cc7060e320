// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Kinetic

// A showcase of the engine (`swift run kinetic-showcase`): its animations evaluated headlessly,
// as the runtime will evaluate them, for a move from 0 to 100 points sampled at 60 Hz.

/// One animation evaluated frame by frame with its own context, as the runtime does.
struct Track {
    let name: String
    let animation: Animation
    /// Where velocity comes from when the animation reports none.
    let velocitySource: Animation?
    var context = AnimationContext<Double>()
    var velocityContext = AnimationContext<Double>()
    var finishedAt: Double?

    init(_ name: String, _ animation: Animation, velocityFrom source: Animation? = nil) {
        self.name = name
        self.animation = animation
        self.velocitySource = source
    }

    /// The presented value (model + offset − interval, from 0 to 100) and velocity at `time`.
    mutating func sample(at time: Double, from start: Double, to target: Double) -> (value: Double, velocity: Double?) {
        let interval = target - start
        guard finishedAt == nil, let offset = animation.animate(value: interval, time: time, context: &context) else {
            if finishedAt == nil { finishedAt = time }
            return (target, nil)
        }
        var velocity = animation.velocity(value: interval, time: time, context: context)
        if velocity == nil, let source = velocitySource {
            _ = source.animate(value: interval, time: time, context: &velocityContext)
            velocity = source.velocity(value: interval, time: time, context: velocityContext)
        }
        return (target + offset - interval, velocity)
    }
}

var tracks = [
    Track(".spring", .spring),
    Track(".bouncy", .bouncy),
    Track(".easeInOut", .easeInOut, velocityFrom: .timingCurve(.easeInOut, duration: 0.35)),
]

print("Kinetic showcase: a move from 0 to 100 points, evaluated every frame at 60 Hz, printed every 3rd")
print("(value in points, velocity in points per second; — once the animation has finished)\n")
/// `text` cut or filled with spaces to `length` characters (the names are ASCII).
func padded(_ text: String, _ length: Int) -> String {
    text.count >= length ? String(text.prefix(length)) : text + String(repeating: " ", count: length - text.count)
}

print("  time" + tracks.map { "  " + padded($0.name, 20) }.joined())
print("   (s)" + tracks.map { _ in "     value  velocity  " }.joined())
for frame in 0...90 {
    let time = Double(frame) / 60
    var row = FixedDecimal.text(time, width: 6, precision: 3)
    for index in tracks.indices {
        let (value, velocity) = tracks[index].sample(at: time, from: 0, to: 100)
        // Adding 0 turns −0.0 into 0.0.
        let velocityText = velocity.map { FixedDecimal.text($0 + 0, width: 10, precision: 2) } ?? "         —"
        row += "  " + FixedDecimal.text(value, width: 8, precision: 2) + velocityText + "  "
    }
    if frame.isMultiple(of: 3) { print(row) }
}
print("")
for track in tracks {
    let end = track.finishedAt.map { FixedDecimal.text($0, precision: 3) + " s" } ?? "still running"
    print("\(padded(track.name, 11)) finished at \(end)  —  \(track.animation)")
}
print("\nSprings stop once |v| ≤ 0.06 pt/s and |a| ≤ 0.06 pt/s² within 1 % of the target (absolute thresholds),")
print("so a 100-point move runs longer than a 1-point one. .easeInOut reports no velocity (as in SwiftUI);")
print("its column shows the same curve's velocity from .timingCurve(.easeInOut, duration: 0.35).")
