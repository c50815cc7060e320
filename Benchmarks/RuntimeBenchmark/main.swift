// Runtime benchmark: Kinetic used as an outside module would use it — public API only, this
// target is a separate module built in release mode — for every type the runtime steps in groups, against a
// closed-form spring floor measured in the same run.
//
//     make bench-runtime [BENCH_ARGS="--attributes N --frames N --runs N --type PREFIX"]
//
// Per type and run, with N attributes (default 100 000) at 120 Hz:
// - step: `graph.advance(to:)` per attribute while N `.spring(response: 0.5, dampingFraction: 0.825)`
//   animations settle (frames while all still move, at most --frames);
// - read: `presentationValue`, and `velocity`, of every attribute after each of those steps;
// - re-target: `withAnimation(.interactiveSpring) { attribute.value = target }` for every attribute, once per
//   frame (one `withAnimation` per frame around the N changes, as a UI applies one input event), followed by the
//   step of the re-targeted springs;
// - floor: a closed-form damped spring per attribute with everything constant for a frame hoisted out of the loop
//   (e^(−ζω₀h), cos, sin and the 2×2 map computed once): per component u ← a·u + b·v, v ← c·u + d·v, and per
//   attribute the rest test |v|² > threshold that tells a spring library when to stop, over the same number of
//   attributes and components, each attribute's numbers stored together.
// Every figure is the median over frames, in ns per attribute; a run's ratios divide by that run's floor. The
// table gives the median of the runs' figures and their range.
import FoundationEssentials
import Kinetic

// MARK: - Options

struct Options {
    var attributeCount = 100_000
    var frameCount = 120
    var runCount = 5
    /// Only the types whose name starts with this (for profiling one type).
    var typePrefix = ""

    init(_ arguments: [String]) {
        var index = 0
        func number(_ name: String) -> Int {
            index += 1
            guard index < arguments.count, let value = Int(arguments[index]), value > 0 else {
                printError("RuntimeBenchmark: \(name) needs a positive whole number\n")
                exit(2)
            }
            return value
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--attributes": attributeCount = number("--attributes")
            case "--frames": frameCount = number("--frames")
            case "--runs": runCount = number("--runs")
            case "--type":
                index += 1
                typePrefix = index < arguments.count ? arguments[index] : ""
            default:
                printError("usage: RuntimeBenchmark [--attributes N] [--frames N] [--runs N] [--type PREFIX]\n")
                exit(2)
            }
            index += 1
        }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let frameInterval = 1.0 / 120

// MARK: - The types

/// A grouped type as the benchmark builds and checks it.
protocol BenchValue: Animatable {
    static var name: String { get }
    /// Components of the animatable data.
    static var dimension: Int { get }
    /// A value made of `dimension` components from `component`.
    init(bench component: (Int) -> Double)
    /// One component, read so that the optimiser cannot discard a read.
    var probe: Double { get }
}

extension Double: BenchValue {
    static var name: String { "Double" }
    static var dimension: Int { 1 }
    init(bench component: (Int) -> Double) { self = component(0) }
    var probe: Double { self }
}

#if FoundationGeometry  // otherwise CGFloat is Double, measured above
extension CGFloat: BenchValue {
    static var name: String { "CGFloat" }
    static var dimension: Int { 1 }
    init(bench component: (Int) -> Double) { self = CGFloat(component(0)) }
    var probe: Double { Double(self) }
}
#endif

/// A user type whose animatable data is an `AnimatablePair` of `Double`s (as `@Animatable` would write it).
struct Pair: BenchValue {
    var animatableData: AnimatablePair<Double, Double>
    static var name: String { "AnimatablePair<Double, Double>" }
    static var dimension: Int { 2 }
    init(bench component: (Int) -> Double) { animatableData = AnimatablePair(component(0), component(1)) }
    var probe: Double { animatableData.first }
}

extension CGPoint: BenchValue {
    static var name: String { "CGPoint" }
    static var dimension: Int { 2 }
    init(bench component: (Int) -> Double) { self.init(x: component(0), y: component(1)) }
    var probe: Double { Double(x) }
}

extension CGSize: BenchValue {
    static var name: String { "CGSize" }
    static var dimension: Int { 2 }
    init(bench component: (Int) -> Double) { self.init(width: component(0), height: component(1)) }
    var probe: Double { Double(width) }
}

extension CGRect: BenchValue {
    static var name: String { "CGRect" }
    static var dimension: Int { 4 }
    init(bench component: (Int) -> Double) {
        self.init(x: component(0), y: component(1), width: component(2), height: component(3))
    }
    var probe: Double { Double(origin.x) }
}

extension AnimatableVector: BenchValue {
    static var name: String { "AnimatableVector (4)" }
    static var dimension: Int { 4 }
    init(bench component: (Int) -> Double) { self.init((0..<4).map(component)) }
    var probe: Double { components[0] }
}

/// A reproducible target for attribute `index` at `frame`: a pointer-like path per component.
@inline(__always)
func component(_ index: Int, _ frame: Int, _ j: Int) -> Double {
    let phase = Double(index % 977) * 0.013 + Double(frame) * 0.05 + Double(j) * 0.9
    return 300 * sin(phase) + Double((index + 17 * j) % 101)
}

// MARK: - Measuring

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// One run's figures for one type, ns per attribute (medians over frames).
struct RunFigures {
    var floor = 0.0, step = 0.0, read = 0.0, velocity = 0.0, start = 0.0, retarget = 0.0, retargetStep = 0.0
    var settlingFrames = 0
}

/// Printed at the end, so that the optimiser keeps every read.
nonisolated(unsafe) var checksum = 0.0

let clock = ContinuousClock()

func runTime<T: BenchValue>(_: T.Type, into figures: inout RunFigures) {
    let count = options.attributeCount
    let frames = options.frameCount

    // Settling: started together, stepped while all move; every attribute read after each step.
    do {
        let graph = AnimationGraph()
        let attributes = (0..<count).map { _ in graph.attribute(T(bench: { _ in 0 })) }
        let targets = (0..<count).map { index in T(bench: { component(index, 1, $0) }) }
        // Starting from rest: every attribute's first animation (a tap, a transition), in one transaction.
        let start = clock.measure {
            withAnimation(.spring(response: 0.5, dampingFraction: 0.825)) {
                for index in 0..<count { attributes[index].value = targets[index] }
            }
        }
        figures.start = nanoseconds(start) / Double(count)
        var steps: [Double] = [], reads: [Double] = [], velocities: [Double] = []
        for frame in 1...frames {
            let step = clock.measure { graph.advance(to: Double(frame) * frameInterval) }
            guard attributes.allSatisfy(\.isAnimating) else { break }
            steps.append(nanoseconds(step) / Double(count))
            var sum = 0.0
            let read = clock.measure { for attribute in attributes { sum += attribute.presentationValue.probe } }
            reads.append(nanoseconds(read) / Double(count))
            let velocity = clock.measure {
                for attribute in attributes { sum += attribute.velocity.map { $0.magnitudeSquared } ?? 0 }
            }
            velocities.append(nanoseconds(velocity) / Double(count))
            checksum += sum
        }
        figures.step = median(steps)
        figures.read = median(reads)
        figures.velocity = median(velocities)
        figures.settlingFrames = steps.count
    }

    // Re-targeting: every attribute gets a new target each frame, then the frame is stepped.
    do {
        let graph = AnimationGraph()
        let attributes = (0..<count).map { index in graph.attribute(T(bench: { component(index, 0, $0) })) }
        var retargets: [Double] = [], steps: [Double] = []
        for frame in 1...frames {
            let targets = (0..<count).map { index in T(bench: { component(index, frame, $0) }) }
            let retarget = clock.measure {
                withAnimation(.interactiveSpring) {
                    for index in 0..<count { attributes[index].value = targets[index] }
                }
            }
            let step = clock.measure { graph.advance(to: Double(frame) * frameInterval) }
            retargets.append(nanoseconds(retarget) / Double(count))
            steps.append(nanoseconds(step) / Double(count))
        }
        checksum += attributes[count / 2].presentationValue.probe
        figures.retarget = median(retargets)
        figures.retargetStep = median(steps)
    }
}

/// The closed-form floor: per attribute, `dimension` components (position, velocity, target) stored together as a
/// spring library stores one spring per value, the frame's 2×2 map hoisted, and the rest test every spring needs to
/// know when it stops (|v|² against the engine's threshold), counted.
func runFloor(dimension: Int, into figures: inout RunFigures) {
    let count = options.attributeCount, stride = 3 * dimension
    // The settling spring's map over h = 1/120 s (under-damped: response 0.5, damping fraction 0.825).
    let omega0 = 2 * Double.pi / 0.5, zeta = 0.825
    let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
    let decay = exp(-zeta * omega0 * frameInterval)
    let c = cos(omegaD * frameInterval), s = sin(omegaD * frameInterval)
    let a11 = decay * (c + zeta * omega0 / omegaD * s), a12 = decay * s / omegaD
    let a21 = -decay * omega0 * omega0 / omegaD * s, a22 = decay * (c - zeta * omega0 / omegaD * s)
    let threshold = 0.0036
    var springs = [Double](repeating: 0, count: count * stride)
    for index in 0..<count {
        for j in 0..<dimension { springs[index * stride + 2 * dimension + j] = component(index, 1, j) }
    }
    var steps: [Double] = []
    for _ in 1...options.frameCount {
        var moving = 0
        let step = clock.measure {
            springs.withUnsafeMutableBufferPointer { buffer in
                var spring = buffer.baseAddress!
                for _ in 0..<count {
                    let velocity = spring + dimension, target = velocity + dimension
                    var speed = 0.0
                    for j in 0..<dimension {
                        let u = spring[j] - target[j], w = velocity[j]
                        spring[j] = target[j] + a11 * u + a12 * w
                        let v = a21 * u + a22 * w
                        velocity[j] = v
                        speed += v * v
                    }
                    if speed > threshold { moving += 1 }
                    spring += stride
                }
            }
        }
        checksum += Double(moving)
        steps.append(nanoseconds(step) / Double(count))
    }
    figures.floor = median(steps)
}

// MARK: - Report

struct Row {
    let name: String
    let dimension: Int
    var runs: [RunFigures] = []
}

func measure<T: BenchValue>(_ type: T.Type) -> RunFigures {
    var figures = RunFigures()
    runFloor(dimension: T.dimension, into: &figures)
    runTime(type, into: &figures)
    return figures
}

var everyType: [(String, Int, () -> RunFigures)] = [
    (Double.name, Double.dimension, { measure(Double.self) }),
    (Pair.name, Pair.dimension, { measure(Pair.self) }),
    (CGPoint.name, CGPoint.dimension, { measure(CGPoint.self) }),
    (CGSize.name, CGSize.dimension, { measure(CGSize.self) }),
    (CGRect.name, CGRect.dimension, { measure(CGRect.self) }),
    (AnimatableVector.name, AnimatableVector.dimension, { measure(AnimatableVector.self) }),
]
#if FoundationGeometry  // otherwise CGFloat is Double
everyType.insert((CGFloat.name, CGFloat.dimension, { measure(CGFloat.self) }), at: 1)
#endif
let measurements = everyType.filter { $0.0.hasPrefix(options.typePrefix) }

print("Kinetic runtime benchmark: \(options.attributeCount) attributes per type, 120 Hz, up to \(options.frameCount) frames, \(options.runCount) runs")
var rows = measurements.map { Row(name: $0.0, dimension: $0.1) }
for run in 1...options.runCount {
    for (index, entry) in measurements.enumerated() { rows[index].runs.append(entry.2()) }
    printError("run \(run) of \(options.runCount) done\n")
}

func format(_ value: Double) -> String { FixedDecimal.text(value, precision: value < 10 ? 2 : value < 100 ? 1 : 0) }

/// "median (min–max)" of a figure over the runs.
func summary(_ values: [Double], suffix: String = "") -> String {
    "\(format(median(values)))\(suffix) (\(format(values.min() ?? .nan))–\(format(values.max() ?? .nan)))"
}

/// The ratio column with its target: the runs' ratios, and whether the median meets the target.
func ratio(_ runs: [RunFigures], _ figure: (RunFigures) -> Double, target: Double) -> (String, Bool) {
    let ratios = runs.map { figure($0) / $0.floor }
    let met = median(ratios) <= target
    return ("\(summary(ratios, suffix: "×")) \(met ? "≤" : ">") \(format(target))×", met)
}

print("")
print("ns per attribute, median of \(options.runCount) runs (range); ratios to the floor of the same run")
print("")
print("| type | floor (step) | step | read `presentationValue` | read `velocity` | start from rest in `withAnimation` | re-target in `withAnimation` | step after re-target |")
print("|---|---|---|---|---|---|---|---|")
var allMet = true
for row in rows {
    let (stepRatio, stepMet) = ratio(row.runs, \.step, target: 2)
    let (readRatio, readMet) = ratio(row.runs, \.read, target: 5)
    let (velocityRatio, velocityMet) = ratio(row.runs, \.velocity, target: 5)
    let (startRatio, startMet) = ratio(row.runs, \.start, target: 100)
    let (retargetRatio, retargetMet) = ratio(row.runs, \.retarget, target: 40)
    let (afterRatio, afterMet) = ratio(row.runs, \.retargetStep, target: 2)
    allMet = allMet && stepMet && readMet && velocityMet && startMet && retargetMet && afterMet
    print("| \(row.name) | \(summary(row.runs.map(\.floor))) "
        + "| \(summary(row.runs.map(\.step))); \(stepRatio) "
        + "| \(summary(row.runs.map(\.read))); \(readRatio) "
        + "| \(summary(row.runs.map(\.velocity))); \(velocityRatio) "
        + "| \(summary(row.runs.map(\.start))); \(startRatio) "
        + "| \(summary(row.runs.map(\.retarget))); \(retargetRatio) "
        + "| \(summary(row.runs.map(\.retargetStep))); \(afterRatio) |")
}
print("")
print("settling frames measured per run: " + rows.map { "\($0.name) \($0.runs.map(\.settlingFrames))" }.joined(separator: ", "))
print(allMet ? "every target met (medians)" : "some target NOT met (medians)")
print("(checksum \(checksum))")

/// A line on standard error.
func printError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
