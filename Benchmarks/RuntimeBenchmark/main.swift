// Runtime benchmark (issue 3, item 6): ns per attribute-step for grouped fluid springs, against a
// naive per-attribute closed-form spring measured in the same run.
//
//     make bench-runtime        # = swift run -c release RuntimeBenchmark
//
// Optional arguments: attribute count (default 100 000) and frame count (default 240).
import Foundation
import Kinetic

let attributeCount = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
let frameCount = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 240 : 240
let frameInterval = 1.0 / 120

/// A reproducible target for attribute `index` at `frame`: a pointer-like path.
@inline(__always)
func target(_ index: Int, _ frame: Int) -> CGPoint {
    let phase = Double(index % 977) * 0.013 + Double(frame) * 0.05
    return CGPoint(x: 300 * sin(phase) + Double(index % 101), y: 200 * cos(phase * 0.7) - Double(index % 53))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

struct Figures {
    var stepNanoseconds: [Double] = []
    var retargetNanoseconds: [Double] = []
    /// Reading every attribute's `presentationValue` after the step (not part of the step figure).
    var readNanoseconds: [Double] = []
    /// Printed, so that the optimiser cannot discard the work.
    var checksum = 0.0
}

// MARK: - Grouped runtime (public API)

/// 100 000 CGPoint attributes re-targeted with `.interactiveSpring` every frame at 120 Hz.
func runtimeInteractive() -> Figures {
    let graph = AnimationGraph()
    let attributes = (0..<attributeCount).map { graph.attribute(target($0, 0)) }
    var figures = Figures()
    let clock = ContinuousClock()
    for frame in 1...frameCount {
        let retarget = clock.measure {
            withAnimation(.interactiveSpring) {
                for (index, attribute) in attributes.enumerated() { attribute.value = target(index, frame) }
            }
        }
        let step = clock.measure { graph.advance(to: Double(frame) * frameInterval) }
        figures.retargetNanoseconds.append(nanoseconds(retarget) / Double(attributeCount))
        figures.stepNanoseconds.append(nanoseconds(step) / Double(attributeCount))
    }
    figures.checksum += attributes[attributeCount / 2].presentationValue.x
    return figures
}

/// 100 000 CGPoint attributes started together with `.spring` and left to settle; frames are
/// counted while every attribute is still animating.
func runtimeSettling() -> Figures {
    let graph = AnimationGraph()
    let attributes = (0..<attributeCount).map { _ in graph.attribute(CGPoint.zero) }
    withAnimation(.spring) {
        for (index, attribute) in attributes.enumerated() { attribute.value = target(index, 1) }
    }
    var figures = Figures()
    let clock = ContinuousClock()
    for frame in 1...frameCount {
        let step = clock.measure { graph.advance(to: Double(frame) * frameInterval) }
        if !attributes.allSatisfy(\.isAnimating) { break }
        figures.stepNanoseconds.append(nanoseconds(step) / Double(attributeCount))
        var sum = 0.0
        let read = clock.measure { for attribute in attributes { sum += attribute.presentationValue.x } }
        figures.readNanoseconds.append(nanoseconds(read) / Double(attributeCount))
        figures.checksum += sum
    }
    figures.checksum += attributes[attributeCount / 2].presentationValue.x
    return figures
}

// MARK: - Naive baseline

/// A per-attribute closed-form damped spring (mass 1), re-seeded every frame from its current
/// position and velocity, as most spring libraries step: exp/cos/sin evaluated for every attribute.
struct NaiveSprings {
    let stiffness: Double, damping: Double
    var x: [Double], y: [Double], vx: [Double], vy: [Double], tx: [Double], ty: [Double]

    init(count: Int, response: Double, dampingFraction: Double) {
        stiffness = pow(2 * .pi / response, 2)
        damping = 2 * dampingFraction * stiffness.squareRoot()
        x = Array(repeating: 0, count: count); y = x; vx = x; vy = x; tx = x; ty = x
    }

    /// Advances every spring by `dt` seconds; returns how many are still moving.
    mutating func step(_ dt: Double) -> Int {
        let omega0 = stiffness.squareRoot(), zeta = damping / (2 * omega0)
        var moving = 0
        for i in x.indices {
            // Per attribute, like a library that owns one spring object per value.
            let decay = exp(-zeta * omega0 * dt)
            if zeta < 1 {
                let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
                let c = cos(omegaD * dt), s = sin(omegaD * dt)
                func advance(_ p: inout Double, _ v: inout Double, _ target: Double) {
                    let u0 = p - target
                    let b = (v + zeta * omega0 * u0) / omegaD
                    let u = decay * (u0 * c + b * s)
                    v = decay * ((b * omegaD - zeta * omega0 * u0) * c - (u0 * omegaD + zeta * omega0 * b) * s)
                    p = target + u
                }
                advance(&x[i], &vx[i], tx[i])
                advance(&y[i], &vy[i], ty[i])
            } else {
                func advance(_ p: inout Double, _ v: inout Double, _ target: Double) {
                    let u0 = p - target
                    let b = v + omega0 * u0
                    p = target + (u0 + b * dt) * decay
                    v = (b - omega0 * (u0 + b * dt)) * decay
                }
                advance(&x[i], &vx[i], tx[i])
                advance(&y[i], &vy[i], ty[i])
            }
            if vx[i] * vx[i] + vy[i] * vy[i] > 0.0036 { moving += 1 }
        }
        return moving
    }
}

func naiveInteractive() -> Figures {
    var springs = NaiveSprings(count: attributeCount, response: 0.15, dampingFraction: 0.85)
    var figures = Figures()
    let clock = ContinuousClock()
    for frame in 1...frameCount {
        for index in 0..<attributeCount {
            let point = target(index, frame)
            springs.tx[index] = point.x
            springs.ty[index] = point.y
        }
        var moving = 0
        let step = clock.measure { moving = springs.step(frameInterval) }
        figures.checksum += Double(moving)
        figures.stepNanoseconds.append(nanoseconds(step) / Double(attributeCount))
    }
    return figures
}

func naiveSettling() -> Figures {
    var springs = NaiveSprings(count: attributeCount, response: 0.5, dampingFraction: 1)
    for index in 0..<attributeCount {
        let point = target(index, 1)
        springs.tx[index] = point.x
        springs.ty[index] = point.y
    }
    var figures = Figures()
    let clock = ContinuousClock()
    for _ in 1...frameCount {
        var moving = 0
        let step = clock.measure { moving = springs.step(frameInterval) }
        figures.checksum += springs.x[attributeCount / 2]
        if moving < attributeCount { break }
        figures.stepNanoseconds.append(nanoseconds(step) / Double(attributeCount))
    }
    return figures
}

// MARK: - Report

func format(_ value: Double) -> String { String(format: "%.2f", value) }

print("Kinetic runtime benchmark: \(attributeCount) two-dimensional attributes, 120 Hz, \(frameCount) frames max")
let interactive = runtimeInteractive()
let interactiveBaseline = naiveInteractive()
let settling = runtimeSettling()
let settlingBaseline = naiveSettling()
let rows: [(String, Figures, Figures)] = [
    (".interactiveSpring, re-targeted every frame", interactive, interactiveBaseline),
    (".spring, settling", settling, settlingBaseline),
]
print("median ns per attribute-step (frames measured)")
for (name, grouped, baseline) in rows {
    let groupedStep = median(grouped.stepNanoseconds), baselineStep = median(baseline.stepNanoseconds)
    print("  \(name)")
    print("    grouped runtime step:        \(format(groupedStep)) ns   (\(grouped.stepNanoseconds.count) frames)")
    print("    naive closed-form step:      \(format(baselineStep)) ns   (\(baseline.stepNanoseconds.count) frames)")
    print("    speed-up:                    \(format(baselineStep / groupedStep))×")
    if !grouped.retargetNanoseconds.isEmpty {
        print("    re-target through withAnimation { attribute.value = … }: \(format(median(grouped.retargetNanoseconds))) ns per attribute")
    }
    if !grouped.readNanoseconds.isEmpty {
        print("    read every attribute.presentationValue after the step: \(format(median(grouped.readNanoseconds))) ns per attribute")
    }
}
print("(checksum \(rows.map { $0.1.checksum + $0.2.checksum }.reduce(0, +)))")
