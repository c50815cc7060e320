// SPDX-License-Identifier: Apache-2.0
// The daemon's per-tick encoders on package-benchmark (`make bench`), release build: a frame of the fan-out
// benchmark's layout (16 two-dimensional channels, Benchmarks/fanout.c) in each encoding, and a held drag's motion
// descriptor (a spring re-targeted while it moves) written whole and as the binary update that replaces it. Evaluating
// a descriptor is the clients' work (the C library's and the Python package's), measured by
// `Benchmarks/daemon-bench.sh --only motion` as the C client's CPU.
import Benchmark
import KineticProtocol

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 1_000
    )
    let layout = Schema(generation: 1, channels: (0..<16).map { (name: "fanout.\($0)", dimension: 2) })
    let samples = (0..<16).map { index in
        ChannelSample(name: "fanout.\(index)", value: [Double(index) * 10.5, 300 - Double(index)], velocity: [120.25, -3.5])
    }
    for encoding in [WireEncoding.binary, .jsonLines] {
        Benchmark("encode a frame: 16 two-dimensional channels, \(encoding == .binary ? "binary" : "JSON")") { benchmark in
            for seq in benchmark.scaledIterations {
                blackHole(FrameEncoder.encode(seq: UInt64(seq), timeNanoseconds: 8_333_333 * UInt64(seq), layout: layout,
                                              samples: samples, encoding: encoding))
            }
        }
    }

    // A held drag: the interactive spring moving towards the finger, then re-targeted with the state it had.
    let spring = MotionDescriptorTerm.spring(stiffness: 1_754.6, damping: 58.4, offset: [-40, 12], velocity: [850, -260],
                                             force: [0, 0], clock: 0.125)
    let moving = MotionDescriptor.animation(model: [412, 230], interval: [-40, 12], begin: 3.5, term: spring)
    let retargeted = MotionDescriptor.animation(
        model: [418, 228], interval: [-46, 14], begin: 3.5,
        term: .spring(stiffness: 1_754.6, damping: 58.4, offset: [-46, 14], velocity: [910, -275], force: [0, 0], clock: 0.133))
    Benchmark("describe motion: a held drag's spring, binary") { benchmark in
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        for _ in benchmark.scaledIterations {
            bytes.removeAll(keepingCapacity: true)
            retargeted.writeBinary(to: &bytes)
            blackHole(bytes.count)
        }
    }
    Benchmark("describe motion: a held drag's re-target as a binary update") { benchmark in
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        for _ in benchmark.scaledIterations {
            bytes.removeAll(keepingCapacity: true)
            blackHole(retargeted.writeBinaryUpdate(from: moving, to: &bytes))
        }
    }
    Benchmark("describe motion: a held drag's spring, JSON") { benchmark in
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        for _ in benchmark.scaledIterations {
            bytes.removeAll(keepingCapacity: true)
            blackHole(retargeted.write(channel: "drag.position", to: &bytes))
        }
    }
}
