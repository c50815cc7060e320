// SPDX-License-Identifier: Apache-2.0
// The engine's micro-benchmarks on package-benchmark (`make bench`): Kinetic used as an outside module would use it,
// public API only, release build. For every type the runtime steps in groups, 100 000 attributes at 120 Hz, one
// frame per iteration:
// - step: `graph.advance(to:)` while `.spring(response: 0.5, dampingFraction: 0.825)` springs settle;
// - read: `presentationValue`, and `velocity`, of every attribute after a step;
// - start from rest: the first `withAnimation(.spring(…)) { attribute.value = target }` of every attribute, in one
//   transaction (a tap, a transition);
// - re-target: `withAnimation(.interactiveSpring) { attribute.value = target }` for every attribute once per frame,
//   then the step of the re-targeted springs;
// - floor: a closed-form damped spring per attribute with everything constant in a frame hoisted (the 2×2 map of
//   e^(−ζω₀h), cos and sin computed once), per component two multiply-adds and per attribute the rest test
//   |v|² > threshold, each attribute's numbers stored together; one benchmark per component count.
// `Benchmarks/floor-ratios.py` divides each median by its floor's (docs/PERFORMANCE.md, "The animation runtime").
import Benchmark
import Kinetic

let attributeCount = 100_000
let frameInterval = 1.0 / 120

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 60
    )
    for dimension in [1, 2, 4] { registerFloor(dimension: dimension) }
    register(Double.self)
    register(Pair.self)
    register(CGPoint.self)
    register(CGSize.self)
    register(CGRect.self)
    register(AnimatableVector.self)
}

// MARK: - The types

/// A grouped type as the benchmark builds and reads it.
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

/// A user type whose animatable data is an `AnimatablePair` of `Double`s (as `@Animatable` would write it).
struct Pair: BenchValue {
    var animatableData: AnimatablePair<Double, Double>
    static var name: String { "AnimatablePair (2)" }
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

// MARK: - The engine

/// Springs settling from rest: the graph, its attributes and the frame reached. Made in a benchmark's first
/// (warm-up) iteration, which package-benchmark leaves out of the figures.
final class Settling<T: BenchValue> {
    let graph = AnimationGraph()
    let attributes: [AnimatableAttribute<T>]
    let targets: [T]
    var frame = 0

    init() {
        let graph = self.graph
        attributes = (0..<attributeCount).map { _ in graph.attribute(T(bench: { _ in 0 })) }
        targets = (0..<attributeCount).map { index in T(bench: { component(index, 1, $0) }) }
    }

    /// Every attribute's first animation, in one transaction.
    func start() {
        withAnimation(.spring(response: 0.5, dampingFraction: 0.825)) {
            for index in targets.indices { attributes[index].value = targets[index] }
        }
    }

    /// Starts the springs (again, once any has settled), so that the next frame steps springs that all move, as
    /// the floor's do.
    func prepare() {
        if frame == 0 || !attributes.allSatisfy(\.isAnimating) { restart() }
    }

    /// Steps one frame.
    func step() {
        frame += 1
        graph.advance(to: Double(frame) * frameInterval)
    }

    /// Back to rest and started again, so that the next frames step moving springs.
    func restart() {
        withTransaction(Transaction(animation: nil)) {
            for attribute in attributes { attribute.value = T(bench: { _ in 0 }) }
        }
        frame += 1
        graph.advance(to: Double(frame) * frameInterval)
        start()
    }
}

/// Springs re-targeted every frame, as a drag re-targets them.
final class Retargeting<T: BenchValue> {
    let graph = AnimationGraph()
    let attributes: [AnimatableAttribute<T>]
    var frame = 0

    init() {
        let graph = self.graph
        attributes = (0..<attributeCount).map { index in graph.attribute(T(bench: { component(index, 0, $0) })) }
    }

    /// The next frame's targets (made outside the measurement).
    func targets() -> [T] {
        (0..<attributeCount).map { index in T(bench: { component(index, frame + 1, $0) }) }
    }

    func retarget(_ targets: [T]) {
        frame += 1
        withAnimation(.interactiveSpring) {
            for index in targets.indices { attributes[index].value = targets[index] }
        }
    }

    func step() { graph.advance(to: Double(frame) * frameInterval) }
}

/// A value made once, on first use, by a benchmark's closure (benchmarks run one at a time, on one thread), and let go
/// by its teardown.
///
/// Not package-benchmark's own setup state (`Benchmark(name) { benchmark, state in … } setup: { … }`): the registered
/// benchmark keeps that state for the life of the process, and 30 graphs of 100 000 attributes would then stay in
/// memory, where this lets each go when its benchmark ends. Made in the warm-up iteration, which the figures leave out.
final class Lazy<Value>: @unchecked Sendable {
    private var value: Value?
    private let make: () -> Value
    init(_ make: @escaping () -> Value) { self.make = make }
    var get: Value {
        if let value { return value }
        let made = make()
        value = made
        return made
    }
    func reset() { value = nil }
}

// Each closure is one frame: what is not measured comes before `startMeasurement()` or after `stopMeasurement()`
// (package-benchmark records one sample per stop, so neither is called twice in a closure).
func register<T: BenchValue>(_: T.Type) {
    let settling = Lazy { Settling<T>() }
    Benchmark("\(T.name): step") { benchmark in
        let state = settling.get
        state.prepare()
        benchmark.startMeasurement()
        state.step()
    } teardown: { settling.reset() }

    // The two reads are written out: through a shared helper taking the read as a closure, each attribute's read
    // became an indirect call, and `Double`'s measured 11 ns instead of 3.7.
    let reading = Lazy { Settling<T>() }
    Benchmark("\(T.name): read presentationValue") { benchmark in
        let state = reading.get
        state.prepare()
        state.step()
        benchmark.startMeasurement()
        var sum = 0.0
        for attribute in state.attributes { sum += attribute.presentationValue.probe }
        benchmark.stopMeasurement()
        blackHole(sum)
    } teardown: { reading.reset() }

    let velocities = Lazy { Settling<T>() }
    Benchmark("\(T.name): read velocity") { benchmark in
        let state = velocities.get
        state.prepare()
        state.step()
        benchmark.startMeasurement()
        var sum = 0.0
        for attribute in state.attributes { sum += attribute.velocity.map { $0.magnitudeSquared } ?? 0 }
        benchmark.stopMeasurement()
        blackHole(sum)
    } teardown: { velocities.reset() }

    Benchmark("\(T.name): start from rest") { benchmark in
        let state = Settling<T>()
        benchmark.startMeasurement()
        state.start()
        benchmark.stopMeasurement()
        blackHole(state)
    }

    let retargeting = Lazy { Retargeting<T>() }
    Benchmark("\(T.name): re-target") { benchmark in
        let state = retargeting.get
        let targets = state.targets()
        benchmark.startMeasurement()
        state.retarget(targets)
        benchmark.stopMeasurement()
        state.step()
    } teardown: { retargeting.reset() }

    let stepping = Lazy { Retargeting<T>() }
    Benchmark("\(T.name): step after re-target") { benchmark in
        let state = stepping.get
        state.retarget(state.targets())
        benchmark.startMeasurement()
        state.step()
    } teardown: { stepping.reset() }
}

// MARK: - The floor

/// `dimension` components per attribute (position, velocity, target) stored together, the frame's map hoisted.
final class Floor {
    let dimension: Int
    var springs: [Double]
    let a11: Double, a12: Double, a21: Double, a22: Double
    let threshold = 0.0036

    init(dimension: Int) {
        self.dimension = dimension
        // The settling spring's map over h = 1/120 s (under-damped: response 0.5, damping fraction 0.825).
        let omega0 = 2 * Double.pi / 0.5, zeta = 0.825
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let decay = exp(-zeta * omega0 * frameInterval)
        let c = cos(omegaD * frameInterval), s = sin(omegaD * frameInterval)
        a11 = decay * (c + zeta * omega0 / omegaD * s)
        a12 = decay * s / omegaD
        a21 = -decay * omega0 * omega0 / omegaD * s
        a22 = decay * (c - zeta * omega0 / omegaD * s)
        let stride = 3 * dimension
        springs = [Double](repeating: 0, count: attributeCount * stride)
        for index in 0..<attributeCount {
            for j in 0..<dimension { springs[index * stride + 2 * dimension + j] = component(index, 1, j) }
        }
    }

    /// One frame of every spring: how many still move.
    func step() -> Int {
        let dimension = self.dimension, stride = 3 * dimension
        let a11 = self.a11, a12 = self.a12, a21 = self.a21, a22 = self.a22, threshold = self.threshold
        var moving = 0
        springs.withUnsafeMutableBufferPointer { buffer in
            var spring = buffer.baseAddress!
            for _ in 0..<attributeCount {
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
        return moving
    }
}

func registerFloor(dimension: Int) {
    let floor = Lazy { Floor(dimension: dimension) }
    Benchmark("floor: \(dimension) component\(dimension == 1 ? "" : "s")") { _ in
        blackHole(floor.get.step())
    } teardown: { floor.reset() }
}
