import Kinetic
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore

/// A timing curve reports no velocity of its own (as in SwiftUI); the engine gives its frames the backward difference
/// of the presentation value. The first frame after a change must difference from the change, not from the frame
/// before it, whose value the curve never had time to leave.
@Suite("First-frame velocities")
struct FirstFrameVelocityTests {
    let epoch: UInt64 = 7_000_000_000
    let tick: UInt64 = 8_333_333

    @Test("a .linear move's first frame reports its rate, wherever between two ticks it starts",
          arguments: [UInt64(300_000), 4_000_000, 8_000_000])
    func linear(offset: UInt64) throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("x", dimension: 1, initial: [0], owner: .client(1), at: epoch)
        _ = engine.advance(to: epoch + tick)
        _ = engine.samples()  // a frame before the change: value 0
        _ = try engine.animate("x", to: [-10], with: AnimationExpression.parse(".linear(duration: 1)"), completion: nil,
                               at: epoch + tick + offset)
        _ = engine.advance(to: epoch + 2 * tick)
        let first = try #require(engine.samples().first)
        // -10 over one second. The curve is solved to 2⁻²⁰ of its progress (docs/ANIMATION.md §3.4): over the first
        // frame's interval Δt a difference of two solutions is exact to 2·10·2⁻²⁰/Δt units per second.
        let interval = Double(2 * tick - (tick + offset)) / 1e9
        #expect(abs(first.velocity[0] - -10) <= 2 * 10 * 0x1p-20 / interval,
                "first frame \(first.value[0]) at \(first.velocity[0]) /s")
        _ = engine.advance(to: epoch + 3 * tick)
        let second = try #require(engine.samples().first)
        #expect(abs(second.velocity[0] - -10) <= 2 * 10 * 0x1p-20 / (Double(tick) / 1e9))
    }

    @Test("after a jump (set) the next frame differences from the jump")
    func afterSet() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("x", dimension: 1, initial: [0], owner: .client(1), at: epoch)
        _ = engine.advance(to: epoch + tick)
        _ = engine.samples()
        _ = try engine.set("x", to: [5], at: epoch + tick + 1_000_000)
        _ = try engine.animate("x", to: [6], with: AnimationExpression.parse(".linear(duration: 1)"), completion: nil,
                               at: epoch + tick + 1_000_000)
        _ = engine.advance(to: epoch + 2 * tick)
        let first = try #require(engine.samples().first)
        let interval = Double(tick - 1_000_000) / 1e9
        #expect(abs(first.velocity[0] - 1) <= 2 * 0x1p-20 / interval, "the jump from 0 to 5 is not motion: \(first.velocity[0]) /s")
    }
}
